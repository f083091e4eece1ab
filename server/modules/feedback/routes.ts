/** /smsend/feedback/* (shared/calls/feedback.ts). */
import { fileResponse, privately } from '@server/lib/file-response';
import { implement, reply } from '@server/lib/calls';
import { createRateLimiter } from '@server/lib/rate-limit';
import { clientIp, consumeFormCaptcha, sessionToken } from '@server/modules/identity';
import { feedbackCalls } from '@shared/calls/feedback';
import { AppError } from '@shared/errors/app-error';
import { feedbackMessages as m } from '@shared/validation/feedback';
import {
  closeFeedback,
  feedbackAttachment,
  getFeedback,
  listFeedback,
  lookupFeedback,
  replyFeedback,
  submitFeedback,
} from './service';

/** Anonymous submissions per address per hour, and lookups per address per minute (guessing codes). */
const ANONYMOUS_PER_HOUR = 10;
const LOOKUPS_PER_MINUTE = 20;

export const feedbackRoutes = implement(feedbackCalls, (ctx) => {
  const submitLimiter = createRateLimiter({ limit: ANONYMOUS_PER_HOUR, windowMs: 3_600_000 });
  const lookupLimiter = createRateLimiter({ limit: LOOKUPS_PER_MINUTE, windowMs: 60_000 });
  return {
    submit: async (input, { c, user }) => {
      if (!user) {
        // The captcha first: a wrong one must not spend the address's budget.
        await consumeFormCaptcha(ctx, sessionToken(c), input.captcha);
        if (!submitLimiter.take(clientIp(ctx, c)))
          throw new AppError('rate_limited', { message: m.rateLimited });
      }
      return reply(await submitFeedback(ctx, user, input), m.submitted);
    },
    list: (input, { user }) => listFeedback(ctx.db, user, input),
    detail: ({ pkid }, { user }) => getFeedback(ctx.db, user, pkid),
    attachment: async ({ pkid }, { user }) =>
      privately(await fileResponse(ctx.storage, await feedbackAttachment(ctx.db, user, pkid), 'attachment')),
    lookup: async ({ code }, { c }) => {
      if (!lookupLimiter.take(clientIp(ctx, c)))
        throw new AppError('rate_limited', { message: m.rateLimited });
      return lookupFeedback(ctx.db, code);
    },
    reply: async (input, { user }) => reply(await replyFeedback(ctx, user, input), m.replied),
    close: async ({ pkid }, { user }) => reply(await closeFeedback(ctx, user, pkid), m.closedDone),
  };
});
