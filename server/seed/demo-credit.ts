/**
 * Credit entries behind the agencies' and staff's flags (demo-parties sets the flags; every flagged
 * agency or person gets the entry that explains it), plus history: expired and revoked entries, a red
 * list, and one entry whose end date has passed but is still active, so the first run of the job
 * `credit-expiry` has something to expire.
 */
import type * as schema from '@server/db/schema';
import { chinaDate, DAY, ids, AGENCY_ORG_ID, type DemoContext, type Insert } from './demo-context';
import type { DemoParties } from './demo-parties';

export function demoCreditEntries(
  c: DemoContext,
  parties: DemoParties,
): Insert<typeof schema.creditEntries>[] {
  const { ago, at } = c;
  const rng = c.root.fork('credit-entries');
  const entries: Insert<typeof schema.creditEntries>[] = [];
  let pkid = 0;
  const add = (entry: Omit<Insert<typeof schema.creditEntries>, 'pkid' | 'decidedBy' | 'decidedAt'>) => {
    const start = new Date(`${entry.startDate}T09:00:00+08:00`);
    entries.push({
      pkid: ++pkid,
      decidedBy: ids.authority,
      decidedAt: start,
      createdAt: start,
      updatedAt: start,
      ...entry,
    });
  };
  const approved = parties.agentOrganizations.filter((o) => o.auditStatus === 2);
  for (const org of approved) {
    const organizationId = org.organizationId as number;
    if (org.isLostCredit && org.lostCreditReason) {
      const start = ago(rng.int(30, 400) * DAY);
      add({
        kind: 'lostCredit',
        organizationId,
        reason: org.lostCreditReason,
        startDate: chinaDate(start),
        endDate: chinaDate(at(start.getTime() + 3 * 365 * DAY)),
      });
    }
    if (org.isUnqualified && org.unqualifiedReason) {
      const start = ago(rng.int(30, 300) * DAY);
      add({
        kind: 'unqualified',
        organizationId,
        reason: org.unqualifiedReason,
        startDate: chinaDate(start),
        endDate: chinaDate(at(start.getTime() + 2 * 365 * DAY)),
      });
    }
    if (org.isBlacklisted && org.blacklistReason && org.blacklistStart) {
      add({
        kind: 'blacklist',
        organizationId,
        reason: org.blacklistReason,
        startDate: org.blacklistStart,
        endDate: org.blacklistEnd ?? null,
      });
    }
  }
  for (const staff of parties.agentStaff) {
    if (!staff.isBlacklisted || !staff.blacklistReason || !staff.blacklistStart || !staff.idCardNo) continue;
    add({
      kind: 'personBlacklist',
      organizationId: staff.organizationId,
      personName: staff.name,
      idCardNo: staff.idCardNo,
      reason: staff.blacklistReason,
      startDate: staff.blacklistStart,
      endDate: staff.blacklistEnd ?? null,
    });
  }
  // History and the red list, on unflagged approved agencies other than agency01.
  const clean = rng.shuffle(
    approved.filter(
      (o) => !o.isLostCredit && !o.isUnqualified && !o.isBlacklisted && o.organizationId !== AGENCY_ORG_ID,
    ),
  );
  clean.slice(0, 3).forEach((org) => {
    const start = ago(rng.int(500, 900) * DAY);
    add({
      kind: 'unqualified',
      organizationId: org.organizationId as number,
      reason: '测绘成果质量抽检不合格（已整改）',
      startDate: chinaDate(start),
      endDate: chinaDate(at(start.getTime() + 365 * DAY)),
      status: 'expired',
    });
  });
  clean.slice(3, 5).forEach((org) => {
    const start = ago(rng.int(100, 300) * DAY);
    add({
      kind: 'lostCredit',
      organizationId: org.organizationId as number,
      reason: '测绘合同履约违约（经复核撤销）',
      startDate: chinaDate(start),
      endDate: null,
      status: 'ended',
      endedBy: ids.authority,
      endedAt: at(start.getTime() + 20 * DAY),
      endReason: '复核认定违约责任不在该机构',
    });
  });
  clean.slice(5, 8).forEach((org) => {
    const start = ago(rng.int(30, 200) * DAY);
    add({
      kind: 'red',
      organizationId: org.organizationId as number,
      reason: '年度信用评价结果为A级',
      startDate: chinaDate(start),
      endDate: chinaDate(at(start.getTime() + 365 * DAY)),
    });
  });
  // Ended yesterday, still active: the first run of credit-expiry marks it expired.
  const lapsed = clean[8];
  if (lapsed) {
    add({
      kind: 'unqualified',
      organizationId: lapsed.organizationId as number,
      reason: '成果提交超出规定时限且逾期未整改',
      startDate: chinaDate(ago(366 * DAY)),
      endDate: chinaDate(ago(DAY)),
    });
  }
  return entries;
}
