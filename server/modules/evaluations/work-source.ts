/**
 * Evaluations on the work home (工作台): the authority's agencies not yet assessed this quarter, and an
 * agency's finished demands whose owner it has not rated yet, each one to-do leading to its list (the
 * appeals come through the review engine's source, kinds `<kind>_appeal`); counts of the evaluations
 * the user sees. Listed at server/work-sources.ts.
 */
import type { WorkSource } from '@server/modules/workbench';
import { evaluationListPaths, periodLabel, periodOf } from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { beijingDate } from '@shared/domain/working-days';
import { listConEvaluable, listSmdCandidates } from './evaluate';
import { listEvaluations } from './reads';

const concerned: readonly string[] = [roles.authority.id, roles.agency.id];

/** The open items among the first rows of a list that puts them first (not yet evaluated first). */
const openCount = (rows: readonly { evaluationId: number | null }[]) =>
  rows.filter((row) => row.evaluationId === null).length;

export const evaluationWorkSource: WorkSource = {
  name: 'evaluations',
  appliesTo: (user) => !user.isAdmin && user.roleIds.some((role) => concerned.includes(role)),
  todos: async ({ db, user, now }) => {
    const tasks = [];
    if (user.roleIds.includes(roles.authority.id)) {
      const period = periodOf(beijingDate(now));
      const { rows } = await listSmdCandidates(db, { period, page: 1, rows: 100 }, now);
      const open = openCount(rows);
      if (open > 0)
        tasks.push({
          key: `smd:${period}`,
          kind: '测绘单位考核',
          title: `${periodLabel(period)}尚有 ${open === 100 ? '100 多' : open} 家测绘单位未考核`,
          href: evaluationListPaths.smd,
          dueAt: null,
          overdue: false,
          since: null,
        });
    }
    if (user.roleIds.includes(roles.agency.id)) {
      const { rows } = await listConEvaluable(db, user, { page: 1, rows: 100 });
      const open = openCount(rows);
      if (open > 0)
        tasks.push({
          key: 'con:evaluable',
          kind: '评价建设单位',
          title: `${open === 100 ? '100 多' : open} 个成果已验收的测绘需求可评价建设单位`,
          href: evaluationListPaths.con,
          dueAt: null,
          overdue: false,
          since: null,
        });
    }
    return tasks;
  },
  counts: async ({ db, user }) => {
    const [assessments, ratings] = await Promise.all([
      listEvaluations(db, user, { kind: 'smd', page: 1, rows: 1 }),
      listEvaluations(db, user, { kind: 'con', page: 1, rows: 1 }),
    ]);
    return [
      { group: '评价', label: '主管部门考核', count: assessments.total, href: evaluationListPaths.smd },
      { group: '评价', label: '建设单位评价', count: ratings.total, href: evaluationListPaths.con },
    ];
  },
};
