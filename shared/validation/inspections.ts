/** Random inspections (/evaluatemanger/organizationCheckList, shared/calls/inspections.ts): inputs and messages. */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { inspectionResults, inspectionStates } from '@shared/domain/inspections';
import { pagingSchema } from './lists';
import { idField, idList, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const INSPECTION_NAME_MAX = 100;
export const INSPECTION_FINDINGS_MAX = 2000;
/** The most inspectors a round's pool may hold. */
export const INSPECTOR_POOL_MAX = 200;

export const inspectionMessages = {
  nameRequired: '请填写检查轮次名称',
  nameTooLong: `检查轮次名称不能超过 ${INSPECTION_NAME_MAX} 个字`,
  share: '抽查比例必须是 1% 到 100% 之间的整数',
  perAgency: '每家机构的检查人员数只能是 1 或 2 人',
  inspectors: '请至少选择一名检查人员',
  inspectorsTooMany: `检查人员不能超过 ${INSPECTOR_POOL_MAX} 人`,
  inspectorsTooFewForTwo: '每家机构安排 2 名检查人员时，请至少选择 2 名检查人员',
  inspectorNotAuthority: '检查人员只能从主管部门人员中选择',
  id: '请提供正确的检查轮次编号',
  targetId: '请提供正确的检查对象编号',
  organizationId: '请提供正确的机构编号',
  result: '请选择检查结果（合格、基本合格或不合格）',
  findingsRequired: '请填写检查情况',
  findingsTooLong: `检查情况不能超过 ${INSPECTION_FINDINGS_MAX} 个字`,
  state: '轮次状态不正确',
  notFound: '没有找到该检查轮次',
  targetNotFound: '没有找到该检查对象',
  noCandidates: '目前没有有在办项目的中介机构，无法开启检查轮次',
  alreadyDrawn: '该轮次已抽取，每个轮次只能抽取一次',
  notDrawn: '该轮次尚未抽取，不能录入或公开检查结果',
  alreadyPublished: '该轮次的检查结果已公开，不能再修改',
  notInspector: '只有抽中检查该机构的检查人员才能录入检查结果',
  onlyCreator: '只有开启该轮次的人员或系统管理员才能进行此操作',
  resultsMissing: '还有机构未录入检查结果，全部录入后才能公开',
} as const;
const m = inspectionMessages;

export const inspectionCreateSchema = z
  .object({
    name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(INSPECTION_NAME_MAX, m.nameTooLong),
    share: wholeNumber(m.share, { min: 1, max: 100 }),
    inspectorsPerAgency: wholeNumber(m.perAgency, { min: 1, max: 2 }),
    inspectorIds: idList(m.inspectors, { max: INSPECTOR_POOL_MAX, tooMany: m.inspectorsTooMany }),
  })
  .refine((value) => value.inspectorIds.length >= value.inspectorsPerAgency, {
    message: m.inspectorsTooFewForTwo,
    path: ['inspectorIds'],
  });
export type InspectionCreateInput = z.infer<typeof inspectionCreateSchema>;

export const inspectionListSchema = pagingSchema.extend({
  name: z.preprocess(blankToUndefined, z.string().trim().max(INSPECTION_NAME_MAX, m.nameTooLong).optional()),
  state: z.preprocess(blankToUndefined, z.enum(inspectionStates, m.state).optional()),
});
export type InspectionListInput = z.infer<typeof inspectionListSchema>;

export const inspectionIdSchema = z.object({ id: idField(m.id) });

export const inspectionRecordSchema = z.object({
  targetId: idField(m.targetId),
  result: z.enum(inspectionResults, m.result),
  findings: z
    .string(m.findingsRequired)
    .trim()
    .min(1, m.findingsRequired)
    .max(INSPECTION_FINDINGS_MAX, m.findingsTooLong),
});
export type InspectionRecordInput = z.infer<typeof inspectionRecordSchema>;

export const inspectionAgencySchema = z.object({ organizationId: idField(m.organizationId) });
