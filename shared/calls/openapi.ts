/**
 * The OpenAPI 3.1 document of the API, generated from the calls: other government systems
 * integrate through it (data-exchange interfaces), so it is exactly what is mounted — a test compares
 * the two (server/modules/api-docs/api-docs.test.ts). Each operation carries `x-roles`: the role ids
 * allowed (the administrator, '1', passes every role check), or ['public'] / ['signed-in'].
 */
import { z } from 'zod';
import type { ApiBases } from '@shared/api/bases';
import { roles } from '@shared/domain/roles';
import { errorStatus } from '@shared/errors/app-error';
import type { ApiCall, HttpMethod } from './define';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The roles allowed to call, as the docs' `x-roles` lists them. */
export function rolesOf(call: Pick<ApiCall, 'access'>): string[] {
  if (call.access === 'public') return ['public'];
  if (call.access === 'signed-in') return ['signed-in'];
  return [...new Set([roles.admin.id, ...call.access])];
}

/** The full path of a call as mounted and documented: base + '/' + path. */
export function fullPath(call: Pick<ApiCall, 'base' | 'path'>, bases: ApiBases): string {
  return `${bases[call.base]}/${call.path}`;
}

function envelopeSchema(call: ApiCall): JsonSchema {
  const payload = () => jsonSchema(call.output, 'output');
  switch (call.envelope) {
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

function operation(call: ApiCall, method: HttpMethod, primary: boolean): JsonSchema {
  const input = jsonSchema(call.input, 'input');
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const parameters: JsonSchema[] = call.pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const inQuery = method === 'GET' || method === 'DELETE';
  const queried = (name: string) => inQuery || call.queryFields.includes(name);
  const outsidePath = Object.entries(properties).filter(([name]) => !call.pathParams.includes(name));
  for (const [name, schema] of outsidePath.filter(([name]) => queried(name))) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const bodyProperties = Object.fromEntries(outsidePath.filter(([name]) => !queried(name)));
  const bodyRequired = [...required].filter((name) => name in bodyProperties);
  const isFile = call.envelope === 'file' || call.envelope === 'raw';
  const mediaType = isFile ? (call.produces ?? 'application/octet-stream') : 'application/json';
  return {
    operationId: primary ? call.operationId : `${call.operationId}.${method.toLowerCase()}`,
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [call.domain],
    'x-roles': rolesOf(call),
    ...(call.paging ? { 'x-paging': call.paging } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(!inQuery && Object.keys(bodyProperties).length > 0
      ? {
          requestBody: {
            required: bodyRequired.length > 0,
            content: {
              [encodingMediaType[call.encoding]]: {
                schema: { type: 'object', properties: bodyProperties, required: bodyRequired },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': { description: '成功', content: { [mediaType]: { schema: envelopeSchema(call) } } },
      '400': failure('输入不正确（message 为原因，field 为字段）'),
      ...(call.access === 'public'
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

/** The document for these domains' calls, mounted under these bases. */
export function openApiDocument(
  domains: readonly Record<string, ApiCall>[],
  bases: ApiBases,
  info: OpenApiInfo,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const domain of domains) {
    for (const call of Object.values(domain)) {
      tags.add(call.domain);
      const item = (paths[fullPath(call, bases)] ??= {});
      call.methods.forEach((method, index) => {
        item[method.toLowerCase()] = operation(call, method, index === 0);
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
