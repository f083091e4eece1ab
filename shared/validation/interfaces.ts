/**
 * Inputs of the data interfaces (shared/calls/interfaces.ts, docs/interfaces.md): an interface's
 * definition, a consuming system and getQuery's own parameters. Whether a field exists in the chosen
 * dataset and an operator suits its type is the server's check (server/modules/interfaces/definition.ts),
 * because the datasets live there.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import {
  INTERFACE_CODE_PATTERN,
  INTERFACE_PAGE_SIZE_MAX,
  INTERFACE_ROW_CAP_DEFAULT,
  INTERFACE_ROW_CAP_MAX,
  PARAMETER_NAME_PATTERN,
  RESERVED_PARAMETER_NAMES,
  interfaceOperatorValues,
} from '@shared/domain/interfaces';
import { pagingSchema } from './lists';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const interfaceMessages = {
  codeRequired: '请输入接口编码',
  codeInvalid: '接口编码须以字母开头，由字母、数字、- 和 _ 组成，2 到 50 个字符',
  nameRequired: '请输入接口名称',
  datasetRequired: '请选择数据集',
  fieldsRequired: '请至少选择一个返回字段',
  operatorInvalid: '比较方式不正确，可选：大于、大于等于、小于、小于等于、等于、模糊、包含、不包含',
  paramRequired: '请输入参数名',
  paramInvalid: '参数名须以字母开头，由字母、数字和 _ 组成，不超过 40 个字符',
  paramReserved: '参数名不能使用 interfaceCode、pageNum、pageSize',
  valueRequired: '请输入条件的固定值',
  rowCapInvalid: `返回行数上限须为 1 到 ${INTERFACE_ROW_CAP_MAX} 的整数`,
  consumerNameRequired: '请输入接入系统名称',
  expiresRequired: '请选择密钥有效期',
  expiresInvalid: '有效期须为今天以后的日期（YYYY-MM-DD）',
  rateLimitInvalid: '调用频率上限须为每分钟 1 到 100000 次',
  saved: '保存成功',
  deleted: '删除成功',
  enabled: '接口已启用',
  disabled: '接口已停用',
  keyCreated: '密钥已生成，请立即复制保存：关闭后不再显示',
  revoked: '密钥已吊销',
  notFound: '接口不存在',
  consumerNotFound: '接入系统不存在',
  codeTaken: '接口编码已被使用，请换一个',
} as const;

const m = interfaceMessages;

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

export const interfaceConditionSchema = z
  .object({
    field: requiredText('请选择条件字段', 60, '条件字段不正确'),
    operator: z.enum(interfaceOperatorValues, { error: m.operatorInvalid }),
    /** `fixed`: the value below applies always; `param`: the caller supplies it under `param`. */
    source: z.enum(['fixed', 'param'], { error: '请选择条件值的来源（固定值或调用参数）' }),
    value: z.string().trim().max(500, '固定值不能超过 500 个字符').optional(),
    param: z.string().trim().max(40, m.paramInvalid).optional(),
  })
  .superRefine((condition, issues) => {
    if (condition.source === 'fixed' && !condition.value)
      issues.addIssue({ code: 'custom', message: m.valueRequired, path: ['value'] });
    if (condition.source === 'param') {
      if (!condition.param) issues.addIssue({ code: 'custom', message: m.paramRequired, path: ['param'] });
      else if (!PARAMETER_NAME_PATTERN.test(condition.param))
        issues.addIssue({ code: 'custom', message: m.paramInvalid, path: ['param'] });
      else if ((RESERVED_PARAMETER_NAMES as readonly string[]).includes(condition.param))
        issues.addIssue({ code: 'custom', message: m.paramReserved, path: ['param'] });
    }
  });
export type InterfaceCondition = z.infer<typeof interfaceConditionSchema>;

/** saveInterface (a new interface) and the console's form. */
export const interfaceSaveSchema = z.object({
  code: requiredText(m.codeRequired, 50, m.codeInvalid).regex(INTERFACE_CODE_PATTERN, m.codeInvalid),
  name: requiredText(m.nameRequired, 100, '接口名称不能超过 100 个字'),
  description: z.string().trim().max(1000, '接口说明不能超过 1000 个字').nullish(),
  dataset: requiredText(m.datasetRequired, 40, m.datasetRequired),
  fields: z
    .array(z.string().trim().min(1).max(60), { error: m.fieldsRequired })
    .min(1, m.fieldsRequired)
    .max(60, '返回字段不能超过 60 个'),
  conditions: z.array(interfaceConditionSchema).max(20, '条件不能超过 20 个').default([]),
  rowCap: z.preprocess(
    blankToUndefined,
    wholeNumber(m.rowCapInvalid, { max: INTERFACE_ROW_CAP_MAX }).default(INTERFACE_ROW_CAP_DEFAULT),
  ),
  enabled: z.boolean().default(true),
});
export type InterfaceSave = z.infer<typeof interfaceSaveSchema>;
export type InterfaceSaveInput = z.input<typeof interfaceSaveSchema>;

const interfaceId = wholeNumber('请提供正确的接口编号');

/** updateInterface: the whole definition again, with its id. */
export const interfaceUpdateSchema = interfaceSaveSchema.extend({ id: interfaceId });
export type InterfaceUpdate = z.infer<typeof interfaceUpdateSchema>;

export const interfaceIdSchema = z.object({ id: interfaceId });

export const interfaceEnableSchema = z.object({
  id: interfaceId,
  enabled: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: '请说明启用或停用' }),
  ),
});

/** queryInterface: the administrators' list. */
export const interfaceListSchema = pagingSchema.extend({
  name: z.preprocess(blankToUndefined, z.string().trim().max(100, '搜索词不能超过 100 个字').optional()),
  dataset: z.preprocess(blankToUndefined, z.string().trim().max(40, '数据集不正确').optional()),
});

export const accessLogListSchema = pagingSchema.extend({
  interfaceId: z.preprocess(blankToUndefined, interfaceId.optional()),
  consumerId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的接入系统编号').optional()),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A consuming system and its key's terms (the key itself is made by the server, shown once). */
export const consumerSaveSchema = z.object({
  name: requiredText(m.consumerNameRequired, 100, '接入系统名称不能超过 100 个字'),
  contact: z.string().trim().max(100, '联系人不能超过 100 个字').optional(),
  expiresOn: z
    .string({ error: m.expiresRequired })
    .trim()
    .min(1, m.expiresRequired)
    .regex(DATE, m.expiresInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), m.expiresInvalid),
  rateLimit: z.preprocess(blankToUndefined, wholeNumber(m.rateLimitInvalid, { max: 100_000 }).default(60)),
});
export type ConsumerSave = z.infer<typeof consumerSaveSchema>;
export type ConsumerSaveInput = z.input<typeof consumerSaveSchema>;

export const consumerIdSchema = z.object({ id: wholeNumber('请提供正确的接入系统编号') });

export const consumerListSchema = pagingSchema;

/**
 * getQuery: the interface, the page, and the interface's own parameters as further fields (checked
 * against its definition by the server: an unknown name is refused).
 */
export const getQuerySchema = z
  .object({
    interfaceCode: requiredText(m.codeRequired, 50, m.codeInvalid).regex(
      INTERFACE_CODE_PATTERN,
      m.codeInvalid,
    ),
    pageNum: z.preprocess(blankToUndefined, wholeNumber('pageNum 须为正整数').default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      wholeNumber(`pageSize 须为 1 到 ${INTERFACE_PAGE_SIZE_MAX} 的整数`, {
        max: INTERFACE_PAGE_SIZE_MAX,
      }).default(20),
    ),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()], { error: '参数值须为文本或数字' }));
export type GetQueryInput = z.infer<typeof getQuerySchema>;
