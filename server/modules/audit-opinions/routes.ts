/** Audit-opinion templates (shared/calls/audit-opinions.ts). */
import { implement, reply } from '@server/lib/calls';
import { auditOpinionCalls } from '@shared/calls/audit-opinions';
import { auditOpinionTexts } from '@shared/validation/messages';
import { addAuditOpinion, deleteAuditOpinions, listAuditOpinions } from './service';

export const auditOpinionRoutes = implement(auditOpinionCalls, ({ db }) => ({
  list: (input) => listAuditOpinions(db, input),
  add: async (input, { user }) => reply(await addAuditOpinion(db, user, input), auditOpinionTexts.addSuccess),
  remove: async ({ id }) => {
    await deleteAuditOpinions(db, [id]);
    return reply(null, auditOpinionTexts.deleteSuccess);
  },
  removeMany: async ({ ids }) => reply(await deleteAuditOpinions(db, ids), auditOpinionTexts.deleteSuccess),
}));
