/** decideAmendment: the authority decides an owner's request to add items to a released demand. */
import type { AppContext } from '@server/app-context';
import type { SessionUser } from '@server/modules/identity';
import { decideIn } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import type { amendmentDecisionSchema } from '@shared/validation/projects';
import type { z } from 'zod';

/** Approves (the items join the demand: review-hooks.ts) or rejects with an opinion. */
export async function decideAmendment(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: z.output<typeof amendmentDecisionSchema>,
) {
  const item = await ctx.db.transaction((tx) =>
    decideIn(ctx, tx, user, {
      subjectType: auditSubject.code.demandAmend,
      subjectId: input.amendmentId,
      decision: input.decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}
