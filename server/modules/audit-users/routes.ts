/** Reviewer assignment (shared/calls/audit-users.ts); rules in service.ts. */
import { implement, reply } from '@server/lib/calls';
import { auditUserCalls } from '@shared/calls/audit-users';
import { auditUserKinds, auditUserMessages as m } from '@shared/validation/audit-users';
import { deleteAuditUsers, listAuditUsers, listCandidates, saveAuditUsers } from './service';

export const auditUserRoutes = implement(auditUserCalls, ({ db }) => ({
  list: ({ kind, ...page }) => listAuditUsers(db, kind, page),
  candidates: ({ kind }) => listCandidates(db, kind),
  batchSave: async ({ kind, userIds }) => reply(await saveAuditUsers(db, kind, userIds), m.saved),
  remove: async ({ id }) => reply(await deleteAuditUsers(db, [id], auditUserKinds), m.deleted),
  batchDelete: async ({ ids }) => reply(await deleteAuditUsers(db, ids, auditUserKinds), m.deleted),
  acceptList: (page) => listAuditUsers(db, 'accept', page),
  acceptBatchSave: async ({ userIds }) => reply(await saveAuditUsers(db, 'accept', userIds), m.saved),
  acceptRemove: async ({ id }) => reply(await deleteAuditUsers(db, [id], ['accept']), m.deleted),
  acceptBatchDelete: async ({ ids }) => reply(await deleteAuditUsers(db, ids, ['accept']), m.deleted),
}));
