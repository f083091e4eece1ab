/**
 * The agency application's demo rows (issue 12): agency accounts whose organizations are pending,
 * rejected and approved with a change pending, one without an organization yet (it applies), the
 * licence and certificate of those organizations, and the pending change request. With them the
 * authority's to-do lists are not empty and every state has a page to open.
 */
import { roles } from '@shared/domain/roles';
import type { AgencyFields } from '@shared/domain/agencies';
import type * as schema from '@server/db/schema';
import { pdfDocument } from './documents';
import { DAY, DEMO_PASSWORD, type DemoContext, type Insert } from './demo-context';
import { md5Hex } from '@server/lib/password';
import { departmentIds } from './reference';
import type { DemoFile, DemoUser } from './demo';
import type { DemoParties } from './demo-parties';

/** Extra agency accounts (password Survey2026 like the others); ids below the guest's. */
export const demoAgencyAccounts = [
  { pkid: 11, loginname: 'agency02', organization: null, note: '尚未提交机构申请' },
  { pkid: 12, loginname: 'agency03', organization: 'pending', note: '机构申请待审核' },
  { pkid: 13, loginname: 'agency04', organization: 'rejected', note: '机构申请审核不通过' },
  { pkid: 14, loginname: 'agency05', organization: 'changing', note: '机构变更申请待审核' },
] as const;

/** The first user id of the approved agencies' accounts (agency06 …), below the registered users' ids. */
const SELECTABLE_ACCOUNT_FIRST_ID = 40;
/** The first number of those accounts' login names (agency01–agency05 are taken). */
const SELECTABLE_ACCOUNT_FIRST_NO = 6;

/**
 * The accounts of the approved agencies that have none after agency01 and agency02–agency05 were
 * given theirs: agency06, agency07, … in the order of the organization number (编号), each with a
 * phone of its own (the SMS outbox is read by phone). README lists them.
 */
export function selectableAgencyAccounts(orgs: readonly Insert<typeof schema.agentOrganizations>[]) {
  return orgs
    .filter((org) => org.auditStatus === 2 && org.userId == null)
    .map((org, index) => {
      const no = String(SELECTABLE_ACCOUNT_FIRST_NO + index).padStart(2, '0');
      const organizationId = org.organizationId as number;
      return {
        pkid: SELECTABLE_ACCOUNT_FIRST_ID + index,
        loginname: `agency${no}`,
        organizationId,
        orgName: org.orgName,
        userphone: `1370531${String(organizationId).padStart(4, '0')}`,
      };
    });
}

function fieldsOf(org: Insert<typeof schema.agentOrganizations>): AgencyFields {
  return {
    orgName: org.orgName,
    credential: org.credential ?? '',
    legalPersonName: org.legalPersonName ?? '',
    registrationOrgan: org.registrationOrgan ?? '',
    qualificationCertNo: org.qualificationCertNo ?? '',
    qualificationGrade: org.qualificationGrade ?? 2,
    qualificationValidUntil: org.qualificationValidUntil ?? null,
    businessScope: [...(org.businessScope ?? [])],
    districtCode: org.districtCode ?? '',
    address: org.address ?? '',
    contactName: org.contactName ?? '',
    contactPhone: org.contactPhone ?? '',
    email: org.email ?? null,
    establishedOn: org.establishedOn ?? null,
    employeeCount: org.employeeCount ?? null,
    introduction: org.introduction ?? null,
  };
}

export function demoAgencyApplications(c: DemoContext, parties: DemoParties) {
  const rng = c.root.fork('agency-applications');
  const orgs = parties.agentOrganizations;
  const byStatus = (status: number) =>
    orgs.find(
      (org) =>
        org.auditStatus === status &&
        org.userId == null &&
        org.credential &&
        !org.isLostCredit &&
        !org.isUnqualified &&
        !org.isBlacklisted,
    );
  const chosen = {
    pending: byStatus(1),
    rejected: byStatus(3),
    changing: byStatus(2),
  };
  const accountCreated = c.ago(200 * DAY);
  const users: DemoUser[] = [];
  const userRoles: Insert<typeof schema.userRoles>[] = [];
  for (const account of demoAgencyAccounts) {
    const org = account.organization ? chosen[account.organization] : undefined;
    if (org) org.userId = account.pkid;
    users.push({
      pkid: account.pkid,
      loginname: account.loginname,
      username: org?.orgName ?? '云州市新申请测绘有限公司',
      depid: departmentIds.agency,
      // A phone of its own: confirmations read their SMS code from the outbox by phone.
      userphone: `1370532${String(account.pkid).padStart(4, '0')}`,
      useremail: `${account.loginname}@example.com`,
      descinfo: `演示账号（测绘中介机构，${account.note}）`,
      passwordMd5: md5Hex(DEMO_PASSWORD),
      createdAt: accountCreated,
      updatedAt: accountCreated,
    });
    userRoles.push({ userId: account.pkid, roleId: roles.agency.id });
  }
  // Licence and certificate of the agencies with an account (agency01's included).
  const files: DemoFile[] = [];
  const agentOrgAttachments: Insert<typeof schema.agentOrgAttachments>[] = [];
  for (const org of orgs.filter((candidate) => candidate.userId != null)) {
    const createdAt = org.submittedAt ?? org.createdAt ?? accountCreated;
    const documents = [
      {
        kind: 1,
        doc: pdfDocument(`${org.orgName}营业执照.pdf`, '营业执照（副本）', [
          `名称：${org.orgName}`,
          `统一社会信用代码：${org.credential ?? ''}`,
          `法定代表人：${org.legalPersonName ?? ''}`,
          `住所：${org.address ?? ''}`,
        ]),
      },
      {
        kind: 2,
        doc: pdfDocument(`${org.orgName}测绘资质证书.pdf`, '测绘资质证书', [
          `单位名称：${org.orgName}`,
          `证书编号：${org.qualificationCertNo ?? ''}`,
          `资质等级：${org.qualificationGrade === 1 ? '甲级' : '乙级'}`,
          `有效期至：${org.qualificationValidUntil ?? ''}`,
        ]),
      },
    ];
    for (const { kind, doc } of documents) {
      const id = rng.uuid();
      files.push({ ...doc, id, createdAt: createdAt as Date });
      agentOrgAttachments.push({
        pkid: agentOrgAttachments.length + 1,
        organizationId: org.organizationId as number,
        kind,
        fileId: id,
        createdAt: createdAt as Date,
      });
    }
  }

  // Every other approved agency (any of them can be drawn or chosen) gets a sign-in too (after the
  // documents above: seeding stays fast, their licences are not needed for signing in).
  for (const account of selectableAgencyAccounts(orgs)) {
    const org = orgs.find((candidate) => candidate.organizationId === account.organizationId)!;
    org.userId = account.pkid;
    users.push({
      pkid: account.pkid,
      loginname: account.loginname,
      username: org.orgName,
      depid: departmentIds.agency,
      userphone: account.userphone,
      useremail: `${account.loginname}@example.com`,
      descinfo: `演示账号（测绘中介机构，编号 ${account.organizationId}）`,
      passwordMd5: md5Hex(DEMO_PASSWORD),
      createdAt: accountCreated,
      updatedAt: accountCreated,
    });
    userRoles.push({ userId: account.pkid, roleId: roles.agency.id });
  }

  // agency05's pending change: a new address and contact phone.
  const agentOrgChanges: Insert<typeof schema.agentOrgChanges>[] = [];
  const changing = chosen.changing;
  if (changing) {
    const before = fieldsOf(changing);
    const askedAt = c.ago(2 * DAY);
    agentOrgChanges.push({
      pkid: 1,
      organizationId: changing.organizationId as number,
      applicantId: changing.userId as number,
      before,
      data: { ...before, address: `${before.address}（新址：科技大厦12层）`, contactPhone: '13905310000' },
      reason: '办公地址搬迁，联系电话变更',
      auditStatus: 1,
      createdAt: askedAt,
      updatedAt: askedAt,
    });
  }
  return { users, userRoles, files, agentOrgAttachments, agentOrgChanges };
}
