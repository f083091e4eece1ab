/**
 * Inputs of the docking calls (shared/calls/docking.ts): the administrators' list of projects
 * received from the provincial approval platform, its export, the owner's list to import from, and the
 * housing project information (getSpfXmxx).
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { dockedFileTypeValues } from '@shared/domain/docking';
import { pagingSchema } from './lists';
import { idField, idList, wholeNumber } from './numbers';
import { CENTRAL_CODE_PATTERN, projectMessages } from './projects';
import { blankToUndefined } from './text';

export const dockingMessages = {
  notFound: '审批平台项目不存在',
  fileNotFound: '该项目没有这类文件',
  fileTypeInvalid: '文件类型不正确',
  alreadyImported: (projectNo: string) => `该审批平台项目已导入（项目编号 ${projectNo}）`,
  incomplete: (problem: string) => `审批平台项目信息不完整：${problem}，请在新建项目中手工填写`,
  noUnit: '本单位尚未通过认证，不能导入项目',
  idInvalid: '请提供正确的编号',
  stateInvalid: '导入状态不正确',
  housingNotFound: '审批平台没有该项目代码的商品房项目信息',
  codeRequired: '请提供项目代码',
  platformUnavailable: '暂时无法连接省审批平台，请稍后再试',
  imported: '已从省审批平台导入项目',
} as const;
const m = dockingMessages;

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label}不能超过 ${max} 个字`).optional());

const stateFilter = z.preprocess(
  blankToUndefined,
  z.coerce
    .number<string | number>(m.stateInvalid)
    .refine((value) => value === 0 || value === 1, m.stateInvalid)
    .optional(),
);

/** The list's filters (the export takes the same, so the file holds what the list shows). */
export const dockingFiltersSchema = z.object({
  projectName: optionalText(50, '项目名称'),
  centralCode: optionalText(30, '项目代码'),
  constructionName: optionalText(50, '建设单位'),
  state: stateFilter,
});
export type DockingFilters = z.output<typeof dockingFiltersSchema>;

export const dockingListSchema = pagingSchema.extend(dockingFiltersSchema.shape);

export const dockingIdSchema = z.object({
  id: z.preprocess(blankToUndefined, idField(m.idInvalid)),
});

export const dockingFileSchema = dockingIdSchema.extend({
  type: z.enum(dockedFileTypeValues, m.fileTypeInvalid),
});

/** getSynchroProjectListByUserID?userID&pageNum&pageSize&projectName (userID: administrators only). */
export const synchroListSchema = z.object({
  userID: z.preprocess(blankToUndefined, idField(m.idInvalid).optional()),
  pageNum: z.preprocess(blankToUndefined, wholeNumber('页码必须是正整数').default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    wholeNumber('每页条数必须是 1 到 100 的整数', { max: 100 }).default(10),
  ),
  projectName: optionalText(50, '项目名称'),
});

/** getSpfXmxx?centralCode&projectId&itemIds: the platform's housing project information. */
export const housingQuerySchema = z.object({
  centralCode: z
    .string(m.codeRequired)
    .trim()
    .min(1, m.codeRequired)
    .regex(CENTRAL_CODE_PATTERN, projectMessages.centralCodeInvalid),
  projectId: z.preprocess(blankToUndefined, idField('请提供正确的项目编号').optional()),
  itemIds: z.preprocess(blankToUndefined, idList('测绘事项不正确', { max: 20 }).optional()),
});
