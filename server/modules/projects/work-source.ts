/**
 * The owner's part of the work home (工作台): its projects by status, and its projects not yet
 * released (发布需求) as to-dos. Listed at the composition root (server/work-sources.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { constructionUnits, projects } from '@server/db/schema';
import type { WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { projectStatus } from '@shared/domain/statuses';

const ownProject = (userId: number) => eq(constructionUnits.userId, userId);

export const ownerProjectWorkSource: WorkSource = {
  name: 'projects (owner)',
  appliesTo: (user) => user.roleIds.includes(roles.owner.id),
  todos: async ({ db, user }) => {
    const rows = await db
      .select({ pkid: projects.pkid, projectName: projects.projectName, createdAt: projects.createdAt })
      .from(projects)
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(and(ownProject(user.pkid), eq(projects.status, projectStatus.code.draft)))
      .orderBy(asc(projects.createdAt), asc(projects.pkid))
      .limit(100);
    return rows.map((row) => ({
      key: `project:${row.pkid}`,
      kind: '发布需求',
      title: `项目“${row.projectName}”待发布测绘需求`,
      href: `/demandmanger/release?projectId=${row.pkid}`,
      dueAt: null,
      overdue: false,
      since: row.createdAt,
    }));
  },
  counts: async ({ db, user }) => {
    const rows = await db
      .select({ status: projects.status, n: count() })
      .from(projects)
      .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
      .where(ownProject(user.pkid))
      .groupBy(projects.status);
    const byStatus = new Map(rows.map((row) => [row.status, row.n]));
    return projectStatus.values.map((status) => ({
      group: '我的项目',
      label: projectStatus.label(status),
      count: byStatus.get(status) ?? 0,
      href: status === projectStatus.code.draft ? '/demandmanger/release' : '/demandmanger/releaseList',
    }));
  },
};
