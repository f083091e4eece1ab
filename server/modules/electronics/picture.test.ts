/**
 * 一张图 through the HTTP app on the demo city: each role gets the points of the cases it sees (the
 * authority all located ones, an owner its own, the auditor the 公开 ones), the filters narrow them,
 * and a bad filter is a 400 with its message.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archiveCases, projects } from '@server/db/schema';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { classification } from '@shared/domain/electronics';

const env = signedInTestApp({ accounts: ['authority01', 'owner01', 'auditor01'], projects: 120 });

const picture = async (who: string, filters: Record<string, string | number> = {}) => {
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  const response = await env.as(who).fetch(`/archive/electronics/picture?${query}`);
  return { status: response.status, body: await json(response) };
};

interface Point {
  caseId: number;
  year: number;
  lon: number;
  lat: number;
}

describe('一张图', { timeout: 120_000 }, () => {
  it('shows each role the located cases it sees, filtered', async () => {
    const [located] = await env.ctx.db
      .select({ n: count() })
      .from(archiveCases)
      .innerJoin(projects, eq(projects.pkid, archiveCases.projectId))
      .where(isNotNull(projects.lon));
    const all = (await picture('authority01')).body.object as { points: Point[]; total: number };
    expect(all.total).toBe(located!.n);
    expect(all.points.length).toBe(all.total);
    expect(all.total).toBeGreaterThan(0);

    const own = (await picture('owner01')).body.object as { points: Point[]; total: number };
    expect(own.total).toBeGreaterThan(0);
    expect(own.total).toBeLessThan(all.total);

    const [open] = await env.ctx.db
      .select({ n: count() })
      .from(archiveCases)
      .innerJoin(projects, eq(projects.pkid, archiveCases.projectId))
      .where(and(isNotNull(projects.lon), eq(archiveCases.classification, classification.code.public)));
    expect(((await picture('auditor01')).body.object as { total: number }).total).toBe(open!.n);

    const year = all.points[0]!.year;
    const inYear = (await picture('authority01', { year })).body.object as { points: Point[] };
    expect(inYear.points.every((point) => point.year === year)).toBe(true);
    const inStage = (await picture('authority01', { stage: 4 })).body.object as { total: number };
    expect(inStage.total).toBeLessThanOrEqual(all.total);
    const nobody = (await picture('authority01', { orgName: '不存在的测绘单位' })).body.object as {
      total: number;
    };
    expect(nobody.total).toBe(0);

    const bad = await picture('authority01', { stage: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('阶段不正确');
  });
});
