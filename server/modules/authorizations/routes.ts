/** Handlers of authorizations and authorization changes: one service call each. */
import { implement, reply } from '@server/lib/calls';
import { answerKey } from '@server/lib/result-cache';
import { authChangeCalls, authorizationCalls } from '@shared/calls/authorizations';
import {
  addChange,
  changeTimeline,
  checkChange,
  decideChange,
  deleteChange,
  getChange,
  listChangeDone,
  listChangeTodo,
  listChanges,
  projectChangeLogs,
  transferChange,
} from './change-service';
import {
  answerAuthorization,
  authorizeDemand,
  candidatesFor,
  changeableProjects,
  getAuthorization,
  listAgencyAuthorizations,
  listAuthorizations,
  organizationRefsOf,
  projectAuthorizationsOf,
} from './service';

/** What the agency's to-do reads (server/lib/result-cache.ts): a change to any of them drops its answers. */
const agencyTodoTables = [
  'project_authorizations',
  'projects',
  'project_demands',
  'construction_units',
  'agent_organizations',
  'agent_staff',
  'project_stage_items',
] as const;

export const authorizationRoutes = implement(authorizationCalls, (ctx) => ({
  authorize: async (input, { user }) =>
    reply(await authorizeDemand(ctx, user, input), '委托成功，等待中介机构答复'),
  projectAuthorizations: (input, { user }) => projectAuthorizationsOf(ctx.db, user, input.projectId),
  organizationRefs: (input, { user }) => organizationRefsOf(ctx.db, user, input.projectNo),
  queryChange: (input, { user }) => changeableProjects(ctx.db, user, input),
  candidates: (input, { user }) => candidatesFor(ctx.db, user, input.projectId),
  queryOne: (input, { user }) => getAuthorization(ctx.db, user, input.id),
  list: (input, { user }) => listAuthorizations(ctx.db, user, input),
  todo: (input, { user }) =>
    ctx.services.results.get(agencyTodoTables, answerKey('project/authorization/toDoList', user, input), () =>
      listAgencyAuthorizations(ctx.db, user, input, 'todo'),
    ),
  done: (input, { user }) => listAgencyAuthorizations(ctx.db, user, input, 'done'),
  accept: async (input, { user }) =>
    reply(await answerAuthorization(ctx, user, { id: input.id, accept: true }), '已接受委托'),
  decline: async (input, { user }) =>
    reply(
      await answerAuthorization(ctx, user, { id: input.id, accept: false, reason: input.reason }),
      '已拒绝委托',
    ),
}));

export const authChangeRoutes = implement(authChangeCalls, (ctx) => ({
  check: (input, { user }) => checkChange(ctx.db, user, input.projectId),
  add: async (input, { user }) =>
    reply(await addChange(ctx, user, input), '授权变更已提交，等待主管部门审核'),
  query: (input, { user }) => listChanges(ctx.db, user, input),
  queryOne: (input, { user }) => getChange(ctx.db, user, input.id),
  auditInfo: (input, { user }) => changeTimeline(ctx.db, user, input.id),
  projectLogs: (input, { user }) => projectChangeLogs(ctx.db, user, input.projectid),
  changeLogs: (input, { user }) => changeTimeline(ctx.db, user, input.authChangeId),
  todo: (input, { user }) => listChangeTodo(ctx.db, user, input),
  done: (input, { user }) => listChangeDone(ctx.db, user, input),
  approve: async (input, { user }) =>
    reply(
      await decideChange(ctx, user, input),
      input.auditStatus === 2 ? '审核通过，已变更受托机构' : '已退回',
    ),
  transfer: async (input, { user }) => reply(await transferChange(ctx, user, input), '已转办'),
  remove: async (input, { user }) => reply(await deleteChange(ctx, user, input.id), '删除成功'),
}));
