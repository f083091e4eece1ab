/**
 * Demo random inspections (issue 24), written through the product's own functions after the credit
 * scores are first counted: a completed round, opened 40 days ago, drawn, its results recorded and
 * published by authority01 (the demo's one 主管部门 account, so the pool is authority01); and a round
 * opened two days ago and not drawn yet, which is authority01's and the administrator's to-do. None
 * in a city without agencies at work (a test's city of no projects). The publication is dated with
 * the first count (`now`), so each score change it causes comes after that count and names only the
 * inspection.
 */
import type { Queryable } from '@server/db/database';
import {
  drawInspectionRound,
  inspectionCandidates,
  openRound,
  publishInspectionRound,
  writeInspectionResult,
} from '@server/modules/inspections';
import type { SessionUser } from '@server/modules/identity';
import { inspectionTargets, users } from '@server/db/schema';
import { roles } from '@shared/domain/roles';
import type { InspectionResult } from '@shared/domain/inspections';
import { eq } from 'drizzle-orm';
import { chinaDate, DAY, ids } from './demo-context';

const findingsOf: Record<InspectionResult, string> = {
  qualified: '抽查在办项目的测绘成果、作业记录和人员资质，未发现问题。',
  basicallyQualified: '个别项目的作业记录不完整，已当场要求整改，整改期限 30 天。',
  unqualified: '抽查项目的房产面积测算与规范不符，且未按规定留存原始观测数据。',
};

export async function seedDemoInspections(t: Queryable, now: Date): Promise<number> {
  // A demo city without projects in progress (a test's small one) has nobody to inspect.
  if ((await inspectionCandidates(t)).length === 0) return 0;
  const [account] = await t
    .select({ username: users.username })
    .from(users)
    .where(eq(users.pkid, ids.authority));
  const authority: SessionUser = {
    pkid: ids.authority,
    loginname: 'authority01',
    username: account?.username ?? '主管部门',
    depid: 0,
    depname: null,
    userphone: null,
    useremail: null,
    userlevel: 0,
    userstate: 1,
    roleIds: [roles.authority.id],
    isAdmin: false,
    sessionHash: '',
    tgtHash: '',
  };
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const quarter = (instant: Date) => {
    const [year, month] = chinaDate(instant).split('-').map(Number);
    return `${year}年第${'一二三四'[Math.ceil((month as number) / 3) - 1]}季度`;
  };
  const done = await openRound(
    t,
    authority,
    {
      name: `${quarter(at(40))}测绘中介机构双随机抽查`,
      share: 10,
      inspectorsPerAgency: 1,
      inspectorIds: [ids.authority],
    },
    at(40),
  );
  await drawInspectionRound(t, authority, done.pkid, at(39));
  const targets = await t
    .select()
    .from(inspectionTargets)
    .where(eq(inspectionTargets.roundId, done.pkid))
    .orderBy(inspectionTargets.drawOrder);
  const results: InspectionResult[] = ['qualified', 'basicallyQualified', 'qualified', 'unqualified'];
  for (const [i, target] of targets.entries()) {
    const result = results[i % results.length] as InspectionResult;
    await writeInspectionResult(
      t,
      authority,
      { targetId: target.pkid, result, findings: findingsOf[result] },
      at(30 - i),
    );
  }
  await publishInspectionRound(t, authority, done.pkid, now);
  await openRound(
    t,
    authority,
    {
      name: `${quarter(at(2))}测绘中介机构双随机抽查${quarter(at(2)) === quarter(at(40)) ? '（第二轮）' : ''}`,
      share: 10,
      inspectorsPerAgency: 1,
      inspectorIds: [ids.authority],
    },
    at(2),
  );
  return 2;
}
