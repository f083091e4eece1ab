/**
 * The OpenAPI 3.1 document of the API, generated from the contracts: other government systems
 * integrate through it (data-exchange interfaces), so it is exactly what is mounted — a test compares
 * the two (server/modules/api-docs/api-docs.test.ts). Each operation carries `x-roles`: the role ids
 * allowed (the administrator, '1', passes every role check), or ['public'] / ['signed-in'].
 */
import { z } from 'zod';
import type { ApiBases } from '@shared/api/bases';
import { roles } from '@shared/domain/roles';
import { errorStatus } from '@shared/errors/app-error';
import type { Contract, HttpMethod } from './define';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The roles allowed to call, as the docs' `x-roles` lists them. */
export function rolesOf(contract: Pick<Contract, 'access'>): string[] {
  if (contract.access === 'public') return ['public'];
  if (contract.access === 'signed-in') return ['signed-in'];
  return [...new Set([roles.admin.id, ...contract.access])];
}

/** The full path of a contract as mounted and documented: base + '/' + path. */
export function fullPath(contract: Pick<Contract, 'base' | 'path'>, bases: ApiBases): string {
  return `${bases[contract.base]}/${contract.path}`;
}

function envelopeSchema(contract: Contract): JsonSchema {
  const payload = () => jsonSchema(contract.output, 'output');
  switch (contract.envelope) {
    case 'result':
      return {
        type: 'object',
        required: ['success', 'message', 'data'],
        properties: { success: { const: true }, message: { type: 'string' }, data: payload() },
      };
    case 'object':
      return {
        type: 'object',
        required: ['success', 'object'],
        properties: { success: { const: true }, message: { type: 'string' }, object: payload() },
      };
    case 'page':
      return {
        type: 'object',
        required: ['success', 'rows', 'total'],
        properties: {
          success: { const: true },
          rows: { type: 'array', items: payload() },
          total: { type: 'integer', minimum: 0 },
        },
      };
    default:
      return { type: 'string', format: 'binary' };
  }
}

const failureRef = { $ref: '#/components/schemas/Failure' };
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: failureRef } },
});

const encodingMediaType = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
} as const;

function operation(contract: Contract, method: HttpMethod, primary: boolean): JsonSchema {
  const input = jsonSchema(contract.input, 'input');
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const parameters: JsonSchema[] = contract.pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const inQuery = method === 'GET' || method === 'DELETE';
  const queried = (name: string) => inQuery || contract.queryFields.includes(name);
  const outsidePath = Object.entries(properties).filter(([name]) => !contract.pathParams.includes(name));
  for (const [name, schema] of outsidePath.filter(([name]) => queried(name))) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const bodyProperties = Object.fromEntries(outsidePath.filter(([name]) => !queried(name)));
  const bodyRequired = [...required].filter((name) => name in bodyProperties);
  const isFile = contract.envelope === 'file' || contract.envelope === 'raw';
  const mediaType = isFile ? (contract.produces ?? 'application/octet-stream') : 'application/json';
  return {
    operationId: primary ? contract.operationId : `${contract.operationId}.${method.toLowerCase()}`,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [contract.domain],
    'x-roles': rolesOf(contract),
    ...(contract.paging ? { 'x-paging': contract.paging } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(!inQuery && Object.keys(bodyProperties).length > 0
      ? {
          requestBody: {
            required: bodyRequired.length > 0,
            content: {
              [encodingMediaType[contract.encoding]]: {
                schema: { type: 'object', properties: bodyProperties, required: bodyRequired },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': { description: '成功', content: { [mediaType]: { schema: envelopeSchema(contract) } } },
      '400': failure('输入不正确（message 为原因，field 为字段）'),
      ...(contract.access === 'public'
        ? {}
        : { '401': failure('未登录或会话已失效'), '403': failure('无权访问') }),
    },
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The document for these domains' contracts, mounted under these bases. */
export function openApiDocument(
  domains: readonly Record<string, Contract>[],
  bases: ApiBases,
  info: OpenApiInfo,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const domain of domains) {
    for (const contract of Object.values(domain)) {
      tags.add(contract.domain);
      const item = (paths[fullPath(contract, bases)] ??= {});
      contract.methods.forEach((method, index) => {
        item[method.toLowerCase()] = operation(contract, method, index === 0);
      });
    }
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Failure: {
          type: 'object',
          required: ['success', 'message'],
          properties: {
            success: { const: false },
            message: { type: 'string', description: '中文原因' },
            data: { type: 'null' },
            code: { type: 'string', enum: Object.keys(errorStatus) },
            field: { type: 'string', description: '出错的字段' },
            requestId: { type: 'string', description: '请求编号（系统错误时）' },
          },
        },
      },
    },
  };
}
