import { defineStatusTable } from './status-table';

/** A person's reviewable fields (a staff change carries a full copy of them) and how two copies differ. */
export interface StaffFields {
  name: string;
  idCardNo: string | null;
  phone: string | null;
  title: string | null;
  certificateNo: string | null;
  post: string | null;
}

export const staffFieldLabels: Record<keyof StaffFields, string> = {
  name: '姓名',
  idCardNo: '身份证号码',
  phone: '手机号码',
  title: '职称',
  certificateNo: '证书编号',
  post: '岗位',
};

export const staffFieldKeys = Object.keys(staffFieldLabels) as (keyof StaffFields)[];

/** The fields whose value differs between two copies, in form order. */
export function changedStaffFields(before: StaffFields, after: StaffFields): (keyof StaffFields)[] {
  return staffFieldKeys.filter((key) => (before[key] ?? null) !== (after[key] ?? null));
}

/** What a person's attachment is (agent_staff_attachments.kind). */
export const staffAttachmentKind = defineStatusTable([
  { value: 1, key: 'idCard', label: '身份证复印件', tone: 'neutral' },
  { value: 2, key: 'certificate', label: '职业资格证书', tone: 'neutral' },
  { value: 3, key: 'other', label: '其他附件', tone: 'neutral' },
]);
export type StaffAttachmentKind = (typeof staffAttachmentKind.values)[number];

/**
 * One attachment as a change request records it: the kind and the stored file. A change keeps the
 * whole set before and after, so reviewers see both and an approval puts the new set in force.
 */
export interface AttachmentRef {
  kind: number;
  fileId: string;
}

/** Whether two attachment sets differ (order does not matter). */
export function attachmentsDiffer(
  before: readonly AttachmentRef[],
  after: readonly AttachmentRef[],
): boolean {
  const key = (list: readonly AttachmentRef[]) =>
    list
      .map((file) => `${file.kind}:${file.fileId}`)
      .sort()
      .join(',');
  return key(before) !== key(after);
}
