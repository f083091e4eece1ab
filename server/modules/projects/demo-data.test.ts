/**
 * The demo data of the projects slice: owner01 has draft projects with a draft demand, released ones
 * with demands, and an amendment waiting for the authority, on their review to-do and linked to the
 * demand's detail page.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDemandAmendments, projectDemands, projects, users } from '@server/db/schema';
import { OWNER_UNIT_ID } from '@server/seed/demo-context';
import { listTodo } from '@server/modules/review';
import { reviewLink } from '@shared/domain/review-kinds';
import type { SessionUser } from '@server/modules/identity/sessions';
import { roles } from '@shared/domain/roles';
import { createTestContext, type TestContext } from '@server/test/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { demoProjects: 300 });
}, 180_000);
afterAll(() => ctx?.dispose());

describe('demo data of projects and demands', () => {
  it('gives owner01 draft and released projects with demands', async () => {
    const rows = await ctx.db
      .select({ status: projects.status, demandStatus: projectDemands.status })
      .from(projects)
      .innerJoin(projectDemands, eq(projectDemands.projectId, projects.pkid))
      .where(eq(projects.constructionId, OWNER_UNIT_ID));
    expect(rows.some((r) => r.status === 0 && r.demandStatus === 0)).toBe(true);
    expect(rows.some((r) => r.status === 1 && r.demandStatus === 1)).toBe(true);
  });

  it("puts owner01's pending amendment on the authority's to-do, leading to the demand", async () => {
    const [amendment] = await ctx.db
      .select()
      .from(projectDemandAmendments)
      .where(and(eq(projectDemandAmendments.auditStatus, 1), eq(projectDemandAmendments.createdBy, 2)));
    expect(amendment).toBeDefined();
    const [authority] = await ctx.db.select().from(users).where(eq(users.loginname, 'authority01'));
    // The reviewer pool is read from the database by pkid; the rest of the session does not matter here.
    const user = {
      pkid: authority?.pkid as number,
      loginname: 'authority01',
      username: authority?.username ?? '',
      depid: 0,
      depname: null,
      userphone: null,
      useremail: null,
      userlevel: 1,
      userstate: 1,
      roleIds: [roles.authority.id],
      isAdmin: false,
      sessionHash: '',
      tgtHash: '',
    } satisfies SessionUser;
    const todo = await listTodo(ctx.db, user, { subjectType: 'demand_amend', page: 1, rows: 10 });
    expect(todo.rows.map((row) => row.subjectId)).toContain(amendment?.pkid);
    expect(reviewLink('demand_amend', amendment?.pkid as number, 'reviewer')).toBe(
      `/demandmanger/demandDetails?amendmentId=${amendment?.pkid}`,
    );
  });
});
