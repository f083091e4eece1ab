/**
 * Data interfaces for other government systems (spec section 7 "Interfaces": /api/queryInterface,
 * saveInterface, deleteInterface, updateInterface, getQuery; docs/interfaces.md). Administrators define
 * interfaces over the fixed datasets and manage the consuming systems' keys; a consuming system calls
 * getQuery with its key in the `X-Api-Key` header. The other calls here are ours (the console's
 * pickers, enable/disable, keys, access log).
 */
import { z } from 'zod';
import { fieldTypes, interfaceOperatorValues } from '@shared/domain/interfaces';
import { pageRoles } from '@shared/domain/routes';
import {
  accessLogListSchema,
  consumerIdSchema,
  consumerListSchema,
  consumerSaveSchema,
  getQuerySchema,
  interfaceEnableSchema,
  interfaceIdSchema,
  interfaceListSchema,
  interfaceSaveSchema,
  interfaceUpdateSchema,
} from '@shared/validation/interfaces';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const ADMINS = pageRoles('dataExchangeSystem', 'interfaceManagement');

export const datasetFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(fieldTypes.map((t) => t.value) as ['text', 'number', 'date', 'code']),
  classified: z.boolean().describe('涉密字段：不能返回，也不能作为条件'),
  operators: z.array(z.enum(interfaceOperatorValues)),
  codes: z.array(z.object({ value: z.number(), label: z.string() })).optional(),
});
export type DatasetFieldOut = z.infer<typeof datasetFieldSchema>;

export const datasetSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  fields: z.array(datasetFieldSchema),
});
export type DatasetOut = z.infer<typeof datasetSchema>;

export const conditionOutSchema = z.object({
  field: z.string(),
  operator: z.enum(interfaceOperatorValues),
  source: z.enum(['fixed', 'param']),
  value: z.string().optional(),
  param: z.string().optional(),
});

export const interfaceRowSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dataset: z.string(),
  datasetLabel: z.string(),
  fields: z.array(z.string()),
  conditions: z.array(conditionOutSchema),
  rowCap: z.number().int(),
  enabled: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type InterfaceRow = z.infer<typeof interfaceRowSchema>;

export const interfaceDetailSchema = interfaceRowSchema.extend({
  path: z.string().describe('调用地址'),
  openApi: z.record(z.string(), z.unknown()).describe('该接口的 OpenAPI 路径描述'),
  sampleCall: z.string().describe('调用示例（curl）'),
});
export type InterfaceDetail = z.infer<typeof interfaceDetailSchema>;

export const consumerRowSchema = z.object({
  id,
  name: z.string(),
  contact: z.string().nullable(),
  keyPrefix: z.string().describe('密钥前几位，用于辨认'),
  expiresAt: dateTime,
  revokedAt: dateTime.nullable(),
  rateLimit: z.number().int().describe('每分钟调用次数上限'),
  lastUsedAt: dateTime.nullable(),
  createdAt: dateTime,
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ConsumerRow = z.infer<typeof consumerRowSchema>;

export const consumerCreatedSchema = consumerRowSchema.extend({
  key: z.string().describe('密钥：只在此时显示一次'),
});

export const accessLogRowSchema = z.object({
  id,
  at: dateTime,
  consumerId: id.nullable(),
  consumerName: z.string().nullable(),
  interfaceCode: z.string(),
  params: z.record(z.string(), z.unknown()),
  rowCount: z.number().int(),
  status: z.number().int().describe('HTTP 状态码'),
  message: z.string().nullable(),
  durationMs: z.number().int(),
});
export type AccessLogRow = z.infer<typeof accessLogRowSchema>;

export const queryResultSchema = z.object({
  interfaceCode: z.string(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('符合条件的行数（不超过接口的返回行数上限）'),
  capped: z.boolean().describe('符合条件的行数超过上限时为 true：只能取到前 rowCap 行'),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type QueryResult = z.infer<typeof queryResultSchema>;

export const interfaceCalls = defineCalls('interfaces', {
  list: {
    summary: '查询接口定义（分页，按名称或编码、数据集筛选）',
    base: 'business',
    path: 'api/queryInterface',
    method: 'POST',
    input: interfaceListSchema,
    output: interfaceRowSchema,
    envelope: 'page',
    access: ADMINS,
    paging: { page: 'page', size: 'rows' },
  },
  save: {
    summary: '新增接口定义（数据集、返回字段、条件）',
    base: 'business',
    path: 'api/saveInterface',
    method: 'POST',
    encoding: 'json',
    input: interfaceSaveSchema,
    output: interfaceRowSchema,
    envelope: 'result',
    access: ADMINS,
  },
  update: {
    summary: '修改接口定义',
    base: 'business',
    path: 'api/updateInterface',
    method: 'POST',
    encoding: 'json',
    input: interfaceUpdateSchema,
    output: interfaceRowSchema,
    envelope: 'result',
    access: ADMINS,
  },
  remove: {
    summary: '删除接口定义（访问日志保留）',
    base: 'business',
    path: 'api/deleteInterface',
    method: 'POST',
    input: interfaceIdSchema,
    envelope: 'result',
    access: ADMINS,
  },
  setEnabled: {
    summary: '启用或停用接口',
    base: 'business',
    path: 'api/enableInterface',
    method: 'POST',
    input: interfaceEnableSchema,
    output: interfaceRowSchema,
    envelope: 'result',
    access: ADMINS,
  },
  get: {
    summary: '查看接口定义、调用地址、OpenAPI 描述与调用示例',
    base: 'business',
    path: 'api/getInterface',
    method: 'GET',
    input: interfaceIdSchema,
    output: interfaceDetailSchema,
    envelope: 'result',
    access: ADMINS,
  },
  datasets: {
    summary: '可开放的数据集及其字段（类型、可用比较方式、是否涉密）',
    base: 'business',
    path: 'api/datasets',
    method: 'GET',
    output: z.array(datasetSchema),
    envelope: 'result',
    access: ADMINS,
  },
  accessLog: {
    summary: '接口访问日志（分页，按接口或接入系统筛选）',
    base: 'business',
    path: 'api/accessLog',
    method: 'GET',
    input: accessLogListSchema,
    output: accessLogRowSchema,
    envelope: 'page',
    access: ADMINS,
    paging: { page: 'page', size: 'rows' },
  },
  consumers: {
    summary: '接入系统及其密钥（分页）',
    base: 'business',
    path: 'api/consumers',
    method: 'GET',
    input: consumerListSchema,
    output: consumerRowSchema,
    envelope: 'page',
    access: ADMINS,
    paging: { page: 'page', size: 'rows' },
  },
  addConsumer: {
    summary: '新增接入系统并生成密钥（密钥只显示这一次，服务端只保存其摘要）',
    base: 'business',
    path: 'api/saveConsumer',
    method: 'POST',
    input: consumerSaveSchema,
    output: consumerCreatedSchema,
    envelope: 'result',
    access: ADMINS,
  },
  revokeConsumer: {
    summary: '吊销接入系统的密钥（立即失效）',
    base: 'business',
    path: 'api/revokeConsumer',
    method: 'POST',
    input: consumerIdSchema,
    output: consumerRowSchema,
    envelope: 'result',
    access: ADMINS,
  },
  query: {
    summary: '按接口定义查询数据（接入系统调用，请求头 X-Api-Key 携带密钥）',
    description:
      'interfaceCode 为接口编码，pageNum、pageSize（1 到 100）分页，其余字段为接口定义的参数。每个接口的参数与返回字段见文档中 /smsend/api/getQuery/{接口编码} 的描述。密钥无效、过期或已吊销：401；超过调用频率：429；参数缺失、未知或类型不符：400。',
    base: 'business',
    path: 'api/getQuery',
    method: ['POST', 'GET'],
    changesState: false,
    input: getQuerySchema,
    output: queryResultSchema,
    envelope: 'result',
    access: 'public',
  },
  queryByPath: {
    summary: '按接口定义查询数据，接口编码在路径中（与 getQuery 相同）',
    description:
      '每个已启用的接口在本文档中另有一条以其编码为路径的描述（x-interface），列出它的参数和返回字段，可用来生成客户端。',
    base: 'business',
    path: 'api/getQuery/{interfaceCode}',
    method: ['POST', 'GET'],
    changesState: false,
    input: getQuerySchema,
    output: queryResultSchema,
    envelope: 'result',
    access: 'public',
  },
});
