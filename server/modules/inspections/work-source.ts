/**
 * Random inspections on the work home (工作台): the rounds a user opened and has not drawn yet (抽取),
 * drawn rounds whose results are all in and wait for publication (公开结果), and the agencies a user
 * was drawn to inspect without a result yet (录入检查结果). Listed at server/work-sources.ts.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { inspectionRounds, inspectionTargets } from '@server/db/schema';
import type { OpenTask, WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { roundLink } from './draw-round';
import { orgNames, targetCountOf, visibleTo } from './rounds';

const r = inspectionRounds;
const t = inspectionTargets;
const LINK = '/evaluatemanger/organizationCheckList';

export const inspectionWorkSource: WorkSource = {
  name: 'inspections',
  appliesTo: (user) => user.isAdmin || user.roleIds.includes(roles.authority.id),
  todos: async ({ db, user }) => {
    const mine = user.isAdmin ? undefined : eq(r.createdBy, user.pkid);
    const managed = await db
      .select({
        pkid: r.pkid,
        name: r.name,
        state: r.state,
        createdAt: r.createdAt,
        drawnAt: r.drawnAt,
        missing: targetCountOf(' and x.result is null'),
      })
      .from(r)
      .where(and(mine, sql`${r.state} <> 'published'`))
      .orderBy(asc(r.createdAt));
    const tasks: OpenTask[] = managed.flatMap((round): OpenTask[] => {
      if (round.state === 'open')
        return [
          {
            key: `inspection-draw:${round.pkid}`,
            kind: '双随机抽查',
            title: `检查轮次“${round.name}”待抽取`,
            href: roundLink(round.pkid),
            dueAt: null,
            overdue: false,
            since: round.createdAt,
          },
        ];
      if (round.missing === 0)
        return [
          {
            key: `inspection-publish:${round.pkid}`,
            kind: '双随机抽查',
            title: `检查轮次“${round.name}”的结果已全部录入，待公开`,
            href: roundLink(round.pkid),
            dueAt: null,
            overdue: false,
            since: round.drawnAt,
          },
        ];
      return [];
    });
    const toRecord = await db
      .select({
        pkid: t.pkid,
        roundId: r.pkid,
        name: r.name,
        organizationId: t.organizationId,
        drawnAt: r.drawnAt,
      })
      .from(t)
      .innerJoin(r, eq(r.pkid, t.roundId))
      .where(and(eq(r.state, 'drawn'), isNull(t.result), sql`${user.pkid} = any(${t.inspectors})`))
      .orderBy(asc(r.pkid), asc(t.drawOrder));
    const names = await orgNames(
      db,
      toRecord.map((row) => row.organizationId),
    );
    for (const row of toRecord)
      tasks.push({
        key: `inspection-record:${row.pkid}`,
        kind: '录入检查结果',
        title: `“${row.name}”：检查${names.get(row.organizationId) ?? ''}并录入结果`,
        href: roundLink(row.roundId),
        dueAt: null,
        overdue: false,
        since: row.drawnAt,
      });
    return tasks;
  },
  counts: async ({ db, user }) => {
    const [row] = await db
      .select({
        open: sql<number>`count(*) filter (where ${r.state} <> 'published')`.mapWith(Number),
        all: sql<number>`count(*)`.mapWith(Number),
      })
      .from(r)
      .where(visibleTo(user));
    return [
      { group: '双随机抽查', label: '进行中的轮次', count: row?.open ?? 0, href: LINK },
      { group: '双随机抽查', label: '全部轮次', count: row?.all ?? 0, href: LINK },
    ];
  },
};
