/** Results reporting (shared/calls/reporting.ts); the rules are in the service. */
import { implement, reply } from '@server/lib/calls';
import { reportingCalls } from '@shared/calls/reporting';
import { reportingMessages } from '@shared/validation/reporting';
import { listReports, resendReport } from './service';

export const reportingRoutes = implement(reportingCalls, (ctx) => ({
  list: (input) => listReports(ctx.db, input),
  resend: async ({ pkid }, { user }) => reply(await resendReport(ctx, user, pkid), reportingMessages.resent),
}));
