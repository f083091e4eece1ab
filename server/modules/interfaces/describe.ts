/**
 * What administrators and integrators read about interfaces: the dataset catalogue (the console's
 * pickers), one interface's OpenAPI path item (its parameters and result fields, so another system can
 * generate a client; listed in /api-docs/openapi.json for every enabled interface), a sample call, and
 * the access log.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { dataInterfaces, interfaceAccessLog, interfaceConsumers } from '@server/db/schema';
import type { AccessLogRow, DatasetOut, InterfaceDetail } from '@shared/calls/interfaces';
import {
  API_KEY_HEADER,
  INTERFACE_PAGE_SIZE_MAX,
  operatorLabel,
  operatorsByType,
  takesList,
} from '@shared/domain/interfaces';
import type { InterfaceOperator } from '@shared/domain/interfaces';
import { datasets, type DatasetField } from './datasets';
import { datasetOf, toRow, type InterfaceRecord } from './definitions';

export function datasetCatalogue(): DatasetOut[] {
  return datasets.map((dataset) => ({
    id: dataset.id,
    label: dataset.label,
    description: dataset.description,
    fields: Object.entries(dataset.fields).map(([name, field]) => ({
      name,
      label: field.label,
      type: field.type,
      classified: field.classified === true,
      operators: [...operatorsByType[field.type]],
      ...(field.codes
        ? { codes: field.codes.entries.map((entry) => ({ value: entry.value, label: entry.label })) }
        : {}),
    })),
  }));
}

type JsonSchema = Record<string, unknown>;

function codesText(field: DatasetField): string {
  return field.codes ? `：${field.codes.entries.map((e) => `${e.value} ${e.label}`).join('，')}` : '';
}

function valueSchema(field: DatasetField): JsonSchema {
  switch (field.type) {
    case 'number':
      return { type: 'number' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'code':
      return { type: 'integer', enum: field.codes!.values };
    case 'text':
      return { type: 'string', maxLength: 200 };
  }
}

function parameterSchema(field: DatasetField, operator: InterfaceOperator): JsonSchema {
  const description = `${field.label}，${operatorLabel(operator)}${codesText(field)}`;
  if (takesList(field.type, operator))
    return { type: 'string', description: `${description}（多个值以逗号分隔）` };
  return { ...valueSchema(field), description };
}

function resultSchema(field: DatasetField): JsonSchema {
  return {
    ...valueSchema(field),
    type: [valueSchema(field).type as string, 'null'],
    description: `${field.label}${codesText(field)}`,
  };
}

/** The documented path of an interface (mounted as api/getQuery/{interfaceCode}). */
export function interfacePath(businessBase: string, code: string): string {
  return `${businessBase}/api/getQuery/${code}`;
}

type Dataset = ReturnType<typeof datasetOf>;

/** The request body: paging plus one property per parameter condition (each one required). */
function requestBodySchema(record: InterfaceRecord, dataset: Dataset) {
  const properties: Record<string, JsonSchema> = {
    pageNum: { type: 'integer', minimum: 1, default: 1, description: '页码' },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: INTERFACE_PAGE_SIZE_MAX,
      default: 20,
      description: '每页行数',
    },
  };
  const required: string[] = [];
  for (const condition of record.conditions) {
    if (condition.source !== 'param') continue;
    const field = dataset.fields[condition.field]!;
    properties[condition.param!] = parameterSchema(field, condition.operator as InterfaceOperator);
    required.push(condition.param!);
  }
  return { type: 'object', properties, required };
}

/** The operation's description: the interface's own, its dataset, its fixed conditions, its row cap. */
function operationDescription(record: InterfaceRecord, dataset: Dataset): string {
  const fixed = record.conditions
    .filter((c) => c.source === 'fixed')
    .map((c) => `${dataset.fields[c.field]?.label ?? c.field}${operatorLabel(c.operator)}「${c.value}」`);
  return [
    record.description,
    `数据集：${dataset.label}。`,
    fixed.length ? `固定条件：${fixed.join('；')}。` : '',
    `最多返回 ${record.rowCap} 行，按编号排序分页。`,
  ]
    .filter(Boolean)
    .join('');
}

/** The 200 answer: the envelope around one page of the interface's rows. */
function successResponse(record: InterfaceRecord, dataset: Dataset): JsonSchema {
  const rowProperties = Object.fromEntries(
    record.fields.map((name) => [name, resultSchema(dataset.fields[name]!)]),
  );
  return {
    description: '成功',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['success', 'message', 'data'],
          properties: {
            success: { const: true },
            message: { type: 'string' },
            data: {
              type: 'object',
              required: ['interfaceCode', 'pageNum', 'pageSize', 'total', 'capped', 'rows'],
              properties: {
                interfaceCode: { const: record.code },
                pageNum: { type: 'integer' },
                pageSize: { type: 'integer' },
                total: { type: 'integer', description: `符合条件的行数（不超过 ${record.rowCap}）` },
                capped: { type: 'boolean', description: '符合条件的行数超过上限' },
                rows: {
                  type: 'array',
                  items: { type: 'object', required: record.fields, properties: rowProperties },
                },
              },
            },
          },
        },
      },
    },
  };
}

function failureResponse(description: string): JsonSchema {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
  };
}

/** The OpenAPI path item of one interface: POST with its parameters, answering its rows. */
export function interfacePathItem(record: InterfaceRecord): Record<string, JsonSchema> {
  const dataset = datasetOf(record.dataset);
  const body = requestBodySchema(record, dataset);
  return {
    post: {
      operationId: `interfaceQuery.${record.code}`,
      summary: record.name,
      description: operationDescription(record, dataset),
      tags: ['interfaceQuery'],
      'x-roles': ['public'],
      'x-interface': record.code,
      security: [{ apiKey: [] }],
      requestBody: {
        required: body.required.length > 0,
        content: {
          'application/x-www-form-urlencoded': { schema: body },
          'application/json': { schema: body },
        },
      },
      responses: {
        '200': successResponse(record, dataset),
        '400': failureResponse('参数缺失、未知或类型不符（message 为原因，field 为参数名）'),
        '401': failureResponse(`密钥缺失、无效、过期或已吊销（请求头 ${API_KEY_HEADER}）`),
        '404': failureResponse('接口不存在或已停用'),
        '429': failureResponse('超过调用频率上限（Retry-After 为等待秒数）'),
      },
    },
  };
}

/** The interfaces' part of /api-docs/openapi.json: one path per enabled interface, and the key scheme. */
export async function interfaceDocs(db: Queryable, businessBase: string) {
  const records = await db
    .select()
    .from(dataInterfaces)
    .where(eq(dataInterfaces.enabled, true))
    .orderBy(asc(dataInterfaces.code));
  const paths = Object.fromEntries(
    records.map((record) => [interfacePath(businessBase, record.code), interfacePathItem(record)]),
  );
  return {
    paths,
    securitySchemes: {
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: API_KEY_HEADER,
        description: '接入系统的密钥（由管理员在“接口管理”中生成，只显示一次）',
      },
    },
  };
}

function sampleCall(record: InterfaceRecord, path: string): string {
  const dataset = datasetOf(record.dataset);
  const example = (field: DatasetField, operator: InterfaceOperator) => {
    if (field.type === 'code') return String(field.codes!.values[0]);
    if (field.type === 'number') return takesList(field.type, operator) ? '1,2' : '100';
    if (field.type === 'date') return '2026-01-01';
    return '示例';
  };
  const params = record.conditions
    .filter((c) => c.source === 'param')
    .map(
      (c) =>
        `  --data-urlencode '${c.param}=${example(dataset.fields[c.field]!, c.operator as InterfaceOperator)}' \\`,
    );
  return [
    `curl -X POST 'https://<本系统地址>${path}' \\`,
    `  -H '${API_KEY_HEADER}: <密钥>' \\`,
    ...params,
    `  --data-urlencode 'pageNum=1' --data-urlencode 'pageSize=20'`,
  ].join('\n');
}

export function interfaceDetail(record: InterfaceRecord, businessBase: string): InterfaceDetail {
  const path = interfacePath(businessBase, record.code);
  return {
    ...toRow(record),
    path,
    openApi: { [path]: interfacePathItem(record) },
    sampleCall: sampleCall(record, path),
  };
}

export async function listAccessLog(
  db: Queryable,
  input: { page: number; rows: number; interfaceId?: number | undefined; consumerId?: number | undefined },
): Promise<{ rows: AccessLogRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (input.interfaceId) conditions.push(eq(interfaceAccessLog.interfaceId, input.interfaceId));
  if (input.consumerId) conditions.push(eq(interfaceAccessLog.consumerId, input.consumerId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: interfaceAccessLog, consumerName: interfaceConsumers.name })
      .from(interfaceAccessLog)
      .leftJoin(interfaceConsumers, eq(interfaceConsumers.id, interfaceAccessLog.consumerId))
      .where(where)
      .orderBy(desc(interfaceAccessLog.id))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(interfaceAccessLog).where(where),
  ]);
  return {
    rows: rows.map(({ log, consumerName }) => ({
      id: log.id,
      at: log.at.toISOString(),
      consumerId: log.consumerId,
      consumerName,
      interfaceCode: log.interfaceCode,
      params: log.params,
      rowCount: log.rowCount,
      status: log.status,
      message: log.message,
      durationMs: log.durationMs,
    })),
    total: total?.n ?? 0,
  };
}
