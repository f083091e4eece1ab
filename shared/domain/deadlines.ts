/**
 * Service deadlines (时限): every to-do has a deadline in working days, per task type. The task types
 * are the review engine's subject kinds plus the agency's answer to an authorization; administrators
 * change the number of days on /task/time. The defaults here are what a fresh database starts with.
 */
export const deadlineTaskTypes = [
  { value: 'agent_org', label: '中介机构入库审核', defaultDays: 5 },
  { value: 'org_change', label: '机构变更审核', defaultDays: 5 },
  { value: 'agent_staff', label: '从业人员审核', defaultDays: 5 },
  { value: 'staff_change', label: '人员变更审核', defaultDays: 5 },
  { value: 'construction_unit', label: '建设单位审核', defaultDays: 5 },
  { value: 'unit_change', label: '建设单位变更审核', defaultDays: 5 },
  { value: 'contract', label: '合同备案审核', defaultDays: 5 },
  { value: 'contract_change', label: '合同备案变更审核', defaultDays: 5 },
  { value: 'auth_change', label: '委托变更审核', defaultDays: 3 },
  { value: 'demand_amend', label: '需求追加审核', defaultDays: 3 },
  { value: 'project_offline', label: '线下项目审核', defaultDays: 5 },
  { value: 'project', label: '项目审核', defaultDays: 5 },
  { value: 'result', label: '测绘成果审核', defaultDays: 5 },
  { value: 'share_owner', label: '成果共享建设单位审核', defaultDays: 5 },
  { value: 'share_authority', label: '成果共享主管部门审核', defaultDays: 5 },
  // Issue 24: the authority's decision on an appeal against an evaluation (shared/domain/evaluations.ts).
  { value: 'smo_appeal', label: '建设单位评价申诉处理', defaultDays: 10 },
  { value: 'smd_appeal', label: '主管部门考核申诉处理', defaultDays: 10 },
  { value: 'con_appeal', label: '测绘单位评价申诉处理', defaultDays: 10 },
  { value: 'authorization', label: '中介机构确认委托', defaultDays: 3 },
] as const;

export type DeadlineTaskType = (typeof deadlineTaskTypes)[number]['value'];

export function isDeadlineTaskType(value: string): value is DeadlineTaskType {
  return deadlineTaskTypes.some((t) => t.value === value);
}

export function deadlineTaskLabel(value: string): string {
  return deadlineTaskTypes.find((t) => t.value === value)?.label ?? value;
}

/** A calendar day's kind: a public holiday on a weekday, or a make-up working day (调休) on a weekend. */
export const calendarDayKinds = [
  { value: 'holiday', label: '节假日' },
  { value: 'workday', label: '调休上班' },
] as const;
export type CalendarDayKind = (typeof calendarDayKinds)[number]['value'];
