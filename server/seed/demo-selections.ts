/**
 * Demo selections (issue 13) on owner01's released demands still waiting for an agency: one finished
 * draw (its public record), one price comparison in quoting with quotes from two agencies and an
 * invitation to agency01 that it has not answered yet, one direct choice done. They go through the
 * selection module's own functions (a real salt and commitment, the real draw), after the projects,
 * in the seed's transaction; the salts are random, so they are not part of the demo digest.
 */
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { demandInfo, eligibleAgencyIds, openSelection, runChoose, runDraw } from '@server/modules/selection';
import { AGENCY_ORG_ID, DAY, HOUR, ids, OWNER_UNIT_ID } from './demo-context';

export async function seedDemoSelections(t: Queryable, now: Date): Promise<number> {
  const { projectDemands: d, projects: p, projectAuthorizations: a } = schema;
  const waiting = await t
    .select({ demandId: d.pkid, releasedAt: d.releasedAt })
    .from(d)
    .innerJoin(p, eq(p.pkid, d.projectId))
    .where(
      and(
        eq(p.constructionId, OWNER_UNIT_ID),
        eq(d.status, 1),
        notExists(
          t
            .select({ one: sql`1` })
            .from(a)
            .where(eq(a.demandId, d.pkid)),
        ),
      ),
    )
    .orderBy(asc(d.pkid));
  if (waiting.length < 3) return 0;
  const [owner] = await t
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.pkid, ids.owner));
  const actor = { pkid: ids.owner, username: owner?.username ?? 'owner01' };
  // Those a price comparison may invite (also drawn from; a direct choice could take more).
  const eligible = new Map<number, number[]>();
  for (const { demandId } of waiting) eligible.set(demandId, await eligibleAgencyIds(t, demandId, 'price'));
  // agency01 must be among the invited of the price comparison, and three agencies at least.
  const price = waiting.find((w) => {
    const ids = eligible.get(w.demandId) ?? [];
    return ids.includes(AGENCY_ORG_ID) && ids.length >= 3;
  });
  const rest = waiting.filter((w) => w !== price && (eligible.get(w.demandId)?.length ?? 0) > 0);
  const draw = rest[0];
  const direct = rest[1];
  if (!price || !draw || !direct) return 0;
  const at = (w: { releasedAt: Date | null }, ms: number) =>
    new Date(Math.min(now.getTime() - HOUR, (w.releasedAt?.getTime() ?? now.getTime() - 2 * DAY) + ms));

  const drawAt = at(draw, DAY);
  await openSelection(t, { demandId: draw.demandId, method: 'draw', actor, now: at(draw, HOUR) });
  await runDraw(t, await demandInfo(t, draw.demandId), actor, drawAt);

  const directAt = at(direct, DAY);
  await openSelection(t, { demandId: direct.demandId, method: 'direct', actor, now: at(direct, HOUR) });
  const directWinner = eligible.get(direct.demandId)!.includes(AGENCY_ORG_ID)
    ? AGENCY_ORG_ID
    : eligible.get(direct.demandId)![0]!;
  await runChoose(t, await demandInfo(t, direct.demandId), directWinner, actor, directAt);

  const openedAt = new Date(now.getTime() - DAY);
  await openSelection(t, {
    demandId: price.demandId,
    method: 'price',
    actor,
    now: openedAt,
    quoteDeadline: new Date(now.getTime() + 3 * DAY),
  });
  const quoters = eligible
    .get(price.demandId)!
    .filter((id) => id !== AGENCY_ORG_ID)
    .slice(0, 2);
  await t.insert(schema.selectionQuotes).values(
    quoters.map((organizationId, i) => ({
      demandId: price.demandId,
      organizationId,
      amount: ['86000.00', '92500.00'][i]!,
      plan: ['项目负责人 1 名、外业 4 人，15 个工作日提交成果', '外业 3 人，20 个工作日提交成果'][i]!,
      createdAt: new Date(openedAt.getTime() + (i + 1) * HOUR),
      updatedAt: new Date(openedAt.getTime() + (i + 1) * HOUR),
    })),
  );
  return 3;
}
