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
