/**
 * Construction units' demo rows (issue 12): owner accounts whose units wait for verification or were
 * rejected, one without a unit yet (it applies), and the business licence of every unit with an
 * account, and a pending change of a verified unit. With them the authority's to-dos (jsdwVerify) are
 * not empty and every state has a page.
 */
import { md5Hex } from '@server/lib/password';
import { roles } from '@shared/domain/roles';
import type * as schema from '@server/db/schema';
import { DEMO_PASSWORD, DAY, type DemoContext, type Insert } from './demo-context';
import { pdfDocument } from './documents';
import type { DemoFile, DemoUser } from './demo';
import type { DemoParties } from './demo-parties';
import { departmentIds } from './reference';

/** Extra owner accounts (password Survey2026 like the others); ids below the guest's. */
export const demoOwnerAccounts = [
  { pkid: 15, loginname: 'owner02', unit: 'pending', note: '单位认证待审核' },
  { pkid: 16, loginname: 'owner03', unit: 'rejected', note: '单位认证审核不通过' },
  { pkid: 17, loginname: 'owner04', unit: null, note: '尚未提交单位认证' },
] as const;

export function demoConstructionUnits(c: DemoContext, parties: DemoParties) {
  const rng = c.root.fork('construction-units');
  const units = parties.constructionUnits;
  const byStatus = (status: number) =>
    units.find((unit) => unit.auditStatus === status && unit.userId == null && unit.creditCode);
  const chosen = { pending: byStatus(1), rejected: byStatus(3) };
  const accountCreated = c.ago(200 * DAY);
  const users: DemoUser[] = [];
  const userRoles: Insert<typeof schema.userRoles>[] = [];
  for (const account of demoOwnerAccounts) {
    const unit = account.unit ? chosen[account.unit] : undefined;
    if (unit) unit.userId = account.pkid;
    users.push({
      pkid: account.pkid,
      loginname: account.loginname,
      username: unit?.name ?? '云州市新建设开发有限公司',
      depid: departmentIds.construction,
      useremail: `${account.loginname}@example.com`,
      descinfo: `演示账号（建设单位，${account.note}）`,
      passwordMd5: md5Hex(DEMO_PASSWORD),
      createdAt: accountCreated,
      updatedAt: accountCreated,
    });
    userRoles.push({ userId: account.pkid, roleId: roles.owner.id });
  }

  // The business licence of every unit that is not a draft (a submitted unit always had one).
  const files: DemoFile[] = [];
  const constructionUnitAttachments: Insert<typeof schema.constructionUnitAttachments>[] = [];
  for (const unit of units.filter((candidate) => candidate.auditStatus !== 0)) {
    const createdAt = (unit.submittedAt ?? unit.createdAt ?? accountCreated) as Date;
    const doc = pdfDocument(`${unit.name}营业执照.pdf`, '营业执照（副本）', [
      `名称：${unit.name}`,
      `统一社会信用代码：${unit.creditCode ?? ''}`,
      `法定代表人：${unit.legalPersonName ?? ''}`,
      `住所：${unit.address ?? ''}`,
    ]);
    const id = rng.uuid();
    files.push({ ...doc, id, createdAt });
    constructionUnitAttachments.push({
      pkid: constructionUnitAttachments.length + 1,
      constructionId: unit.constructionId as number,
      kind: 1,
      fileId: id,
      createdAt,
    });
  }

  // One verified unit asks for a change (new address and contact), so the authority's 变更待审 to-do
  // has it; the unit's data stays as it is until a reviewer approves. No account stands behind the
  // unit, so only reviewers act on it.
  const constructionUnitChanges: Insert<typeof schema.constructionUnitChanges>[] = [];
  const verified = units.find((unit) => unit.auditStatus === 2 && unit.userId == null && unit.creditCode);
  if (verified) {
    const before = {
      name: verified.name,
      creditCode: verified.creditCode ?? '',
      legalPersonName: verified.legalPersonName ?? '',
      contactName: verified.contactName ?? '',
      contactPhone: verified.contactPhone ?? '',
      address: verified.address ?? '',
      districtCode: verified.districtCode ?? '',
    };
    const askedAt = c.ago(2 * DAY);
    constructionUnitChanges.push({
      pkid: 1,
      constructionId: verified.constructionId as number,
      applicantId: null,
      before,
      data: { ...before, contactPhone: '13905319876', address: `${before.address}（新址）` },
      reason: '单位办公地址搬迁，联系电话更换',
      auditStatus: 1,
      createdAt: askedAt,
      updatedAt: askedAt,
    });
  }
  return { users, userRoles, files, constructionUnitAttachments, constructionUnitChanges };
}
