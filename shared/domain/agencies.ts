/**
 * The agency application's tables (issue 12): attachment kinds, the fields an agency maintains (the
 * application and every change request carry exactly these), and the reviewer-assignment kinds.
 */
import { defineStatusTable } from './status-table';
import { auditSubject, type AuditSubject } from './statuses';

/** What an attachment of an agency's application is; licence and certificate are required to submit. */
export const agencyAttachmentKind = defineStatusTable([
  { value: 1, key: 'licence', label: '营业执照', tone: 'neutral' },
  { value: 2, key: 'qualification', label: '资质证书', tone: 'neutral' },
  { value: 3, key: 'other', label: '其他附件', tone: 'neutral' },
]);
export type AgencyAttachmentKind = (typeof agencyAttachmentKind.values)[number];

/** The attachment kinds a submitted application must have. */
export const requiredAttachmentKinds: readonly AgencyAttachmentKind[] = [
  agencyAttachmentKind.code.licence,
  agencyAttachmentKind.code.qualification,
];

/** The fields of an agency that its application and its change requests carry, in display order. */
export interface AgencyFields {
  orgName: string;
  credential: string;
  legalPersonName: string;
  registrationOrgan: string;
  qualificationCertNo: string;
  qualificationGrade: number;
  qualificationValidUntil: string | null;
  businessScope: number[];
  districtCode: string;
  address: string;
  contactName: string;
  contactPhone: string;
  email: string | null;
  establishedOn: string | null;
  employeeCount: number | null;
  introduction: string | null;
}

/** Labels of the fields (forms, the detail page, the change comparison, the export's headers). */
export const agencyFieldLabels: Readonly<Record<keyof AgencyFields, string>> = {
  orgName: '机构名称',
  credential: '统一社会信用代码',
  legalPersonName: '法定代表人',
  registrationOrgan: '登记机关',
  qualificationCertNo: '资质证书编号',
  qualificationGrade: '资质等级',
  qualificationValidUntil: '资质有效期至',
  businessScope: '业务范围',
  districtCode: '所在区县',
  address: '办公地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  email: '电子邮箱',
  establishedOn: '成立日期',
  employeeCount: '从业人数',
  introduction: '机构简介',
};

export const agencyFieldKeys = Object.keys(agencyFieldLabels) as (keyof AgencyFields)[];

/** The fields whose values differ between two versions (the change comparison marks these). */
export function changedAgencyFields(before: AgencyFields, after: AgencyFields): (keyof AgencyFields)[] {
  return agencyFieldKeys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * The reviewer-assignment kinds of /audituser (one page each) and the review subjects each covers.
 * An assignment of a kind replaces "every holder of the reviewing role" for its subjects.
 */
export const auditUserKind = defineStatusTable([
  { value: 'agentorg', key: 'agentorg', label: '机构审核人员', tone: 'neutral' },
  { value: 'contract', key: 'contract', label: '合同审核人员', tone: 'neutral' },
  { value: 'resultinfo', key: 'resultinfo', label: '成果审核人员', tone: 'neutral' },
  { value: 'resultinfo_offline', key: 'resultinfoOffline', label: '线下成果审核人员', tone: 'neutral' },
  { value: 'accept', key: 'accept', label: '验收与发证审核人员', tone: 'neutral' },
]);
export type AuditUserKind = (typeof auditUserKind.values)[number];

/** The review subjects whose reviewers an assignment kind chooses. */
export const auditUserKindSubjects: Readonly<Record<AuditUserKind, readonly AuditSubject[]>> = {
  agentorg: [auditSubject.code.agentOrg, auditSubject.code.orgChange],
  contract: [auditSubject.code.contract, auditSubject.code.contractChange],
  resultinfo: [],
  resultinfo_offline: [auditSubject.code.projectOffline],
  // The acceptance of a project's results (issue 22) is chosen on /auditAcceptUser (验收与发证).
  accept: [auditSubject.code.result],
};

/** The assignment kind that chooses a subject's reviewers, if any. */
export function auditUserKindOf(subject: AuditSubject): AuditUserKind | undefined {
  return auditUserKind.values.find((kind) => auditUserKindSubjects[kind].includes(subject));
}
