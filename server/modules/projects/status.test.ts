/**
 * moveProject: only the moves of the project status table, each with its log line; termination needs a
 * reason; a stale writer loses with 409 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { projectLogs, projects } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { moveProject } from './status';

let ctx: TestContext;
const actor = { pkid: 1, username: 'admin' };

async function projectIn(status: number): Promise<number> {
  const [row] = await ctx.db
    .select({ pkid: projects.pkid })
    .from(projects)
    .where(eq(projects.status, status))
    .orderBy(asc(projects.pkid))
    .limit(1);
  if (!row) throw new Error(`no demo project in status ${status}`);
  return row.pkid;
}

async function logsOf(projectId: number) {
  return ctx.db
    .select({ from: projectLogs.statusFrom, to: projectLogs.statusTo, content: projectLogs.content })
    .from(projectLogs)
    .where(eq(projectLogs.projectId, projectId))
    .orderBy(asc(projectLogs.pkid));
}

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { demoProjects: 60 });
}, 120_000);
afterAll(() => ctx?.dispose());

describe('moveProject', () => {
  it('moves a draft to released, stamps the release time and logs who and why', async () => {
    const id = await projectIn(0);
    const before = (await logsOf(id)).length;
    const result = await ctx.db.transaction((tx) =>
      moveProject(tx, { projectId: id, to: 1, actor, content: '发布测绘需求', at: new Date() }),
    );
    expect(result.from).toBe(0);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.pkid, id));
    expect(row?.status).toBe(1);
    expect(row?.releasedAt).toBeInstanceOf(Date);
    const logs = await logsOf(id);
    expect(logs).toHaveLength(before + 1);
    expect(logs.at(-1)).toEqual({ from: 0, to: 1, content: '发布测绘需求' });
  });

  it('refuses a move the table does not allow (409) and changes nothing', async () => {
    const id = await projectIn(1);
    const before = await logsOf(id);
    await expect(
      ctx.db.transaction((tx) =>
        moveProject(tx, { projectId: id, to: 4, actor, content: '跳过', at: new Date() }),
      ),
    ).rejects.toMatchObject({ status: 409, message: '项目当前为“已发布”，不能改为“测绘中”' });
    const [row] = await ctx.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.pkid, id));
    expect(row?.status).toBe(1);
    expect(await logsOf(id)).toEqual(before);
  });

  it('terminates only with a reason, and stores it', async () => {
    const id = await projectIn(1);
    await expect(
      ctx.db.transaction((tx) =>
        moveProject(tx, { projectId: id, to: 9, actor, content: '  ', at: new Date() }),
      ),
    ).rejects.toMatchObject({ status: 400, message: '请填写终止原因' });
    await ctx.db.transaction((tx) =>
      moveProject(tx, { projectId: id, to: 9, actor, content: '建设单位撤回', at: new Date() }),
    );
    const [row] = await ctx.db.select().from(projects).where(eq(projects.pkid, id));
    expect(row).toMatchObject({ status: 9, terminationReason: '建设单位撤回' });
  });

  it('answers 404 for an unknown project', async () => {
    await expect(
      ctx.db.transaction((tx) =>
        moveProject(tx, { projectId: 999_999, to: 1, actor, content: 'x', at: new Date() }),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
