/**
 * The agency's part of the work home (工作台): the offers waiting for its answer (答复委托), each with
 * its answer deadline, opening the authorization where it accepts or declines. Listed at the
 * composition root (server/work-sources.ts).
 */
import type { WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { listAgencyAuthorizations } from './service';

const answering: readonly string[] = [roles.agency.id, roles.staff.id];

export const authorizationWorkSource: WorkSource = {
  name: 'authorizations',
  appliesTo: (user) => user.roleIds.some((role) => answering.includes(role)),
  todos: async ({ db, user }) => {
    const { rows } = await listAgencyAuthorizations(db, user, { page: 1, rows: 100 }, 'todo');
    return rows.map((row) => ({
      key: `authorization:${row.authorizationId}`,
      kind: '答复委托',
      title: `${row.constructionName}委托项目“${row.projectName}”（${row.stageName}）`,
      href: `/notdchy/Detials?id=${row.authorizationId}`,
      dueAt: row.dueAt ?? null,
      overdue: row.overdue ?? false,
      since: row.authorizedAt,
    }));
  },
  counts: async ({ db, user }) => {
    const [todo, done] = await Promise.all([
      listAgencyAuthorizations(db, user, { page: 1, rows: 1 }, 'todo'),
      listAgencyAuthorizations(db, user, { page: 1, rows: 1 }, 'done'),
    ]);
    return [
      { group: '收到的委托', label: '待答复', count: todo.total, href: '/notdchy/toDoList' },
      { group: '收到的委托', label: '已答复', count: done.total, href: '/notdchy/DoneList' },
    ];
  },
};
