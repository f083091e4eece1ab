/** The evaluations' calls (shared/calls/evaluations.ts). */
import { implement, reply } from '@server/lib/calls';
import { evaluationCalls } from '@shared/calls/evaluations';
import { evaluationMessages as m } from '@shared/validation/evaluations';
import { appealEvaluation, decideAppeal } from './appeals';
import { currentCriteria, saveCriteria } from './criteria';
import { listConEvaluable, listSmdCandidates, saveCon, saveSmd } from './evaluate';
import { evaluationDetail, listEvaluations } from './reads';

export const evaluationRoutes = implement(evaluationCalls, (ctx) => ({
  criteria: (input) => currentCriteria(ctx.db, input.kind),
  saveCriteria: async (input, { user }) => reply(await saveCriteria(ctx.db, user, input), m.criteriaSaved),
  smdSave: async (input, { user }) => reply(await saveSmd(ctx, user, input), m.saved),
  smdCandidates: (input) => listSmdCandidates(ctx.db, input, ctx.services.now()),
  conSave: async (input, { user }) => reply(await saveCon(ctx, user, input), m.saved),
  conEvaluable: (input, { user }) => listConEvaluable(ctx.db, user, input),
  list: (input, { user }) => listEvaluations(ctx.db, user, input),
  detail: (input, { user }) => evaluationDetail(ctx.db, user, input.kind, input.id, ctx.services.now()),
  appeal: async (input, { user }) => reply(await appealEvaluation(ctx, user, input), m.appealSent),
  decideAppeal: async (input, { user }) => reply(await decideAppeal(ctx, user, input), m.decided),
}));
