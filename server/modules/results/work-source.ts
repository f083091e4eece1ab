/**
 * The agency's part of the work home (工作台) for results: projects whose results wait for it (to
 * upload and submit in 合同已备案 and 测绘中, or returned by the acceptance), each opening its
 * submission page, and its projects of results by count. The acceptance auditors' tasks come through
 * the review engine's source (kind `result`). Listed at server/work-sources.ts.
 */
import type { WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { listOwnResultProjects, listResultTodo } from './lists';

const submitters: readonly string[] = [roles.agency.id, roles.staff.id];

export const resultWorkSource: WorkSource = {
  name: 'results',
  appliesTo: (user) => !user.isAdmin && user.roleIds.some((role) => submitters.includes(role)),
  todos: async ({ db, user }) => {
    const { rows } = await listResultTodo(db, user, { page: 1, rows: 100 });
    return rows.map((row) => ({
      key: `results:${row.projectId}`,
      kind: row.rejected > 0 ? '修改退回的测绘成果' : '上传并提交测绘成果',
      title: `项目 ${row.projectNo}“${row.projectName}”`,
      href: `/workflow/caseadd?projectId=${row.projectId}`,
      dueAt: null,
      overdue: false,
      since: new Date(row.updatedAt),
    }));
  },
  counts: async ({ db, user }) => {
    const [todo, all] = await Promise.all([
      listResultTodo(db, user, { page: 1, rows: 1 }),
      listOwnResultProjects(db, user, { page: 1, rows: 1 }),
    ]);
    return [
      { group: '测绘成果', label: '成果待办', count: todo.total, href: '/workflow/ToDoList' },
      {
        group: '测绘成果',
        label: '成果提交',
        count: all.total,
        href: '/checkaddaccreditation/resultsSubmission',
      },
    ];
  },
};
