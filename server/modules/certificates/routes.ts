/** Certificates (shared/calls/certificates.ts); the rules are in the service. */
import { implement, reply } from '@server/lib/calls';
import { createRateLimiter } from '@server/lib/rate-limit';
import { clientIp } from '@server/modules/identity';
import { certificateCalls } from '@shared/calls/certificates';
import { AppError } from '@shared/errors/app-error';
import { certificateMessages } from '@shared/validation/certificates';
import {
  certificatePdf,
  exportCertificates,
  getCertificate,
  listCertificates,
  revokeCertificate,
  verifyCertificate,
} from './service';

/** Verifications a client address may make per minute (the hall page counts apart, hall-reads.ts). */
export const VERIFY_PER_MINUTE = 60;

export const certificateRoutes = implement(certificateCalls, (ctx) => {
  const verifyLimiter = createRateLimiter({ limit: VERIFY_PER_MINUTE, windowMs: 60_000 });
  return {
    list: (input, { user }) => listCertificates(ctx.db, user, input),
    exportExcel: (input, { user }) => exportCertificates(ctx.db, user, input),
    get: ({ pkid }, { user }) => getCertificate(ctx, user, pkid),
    pdf: ({ pkid, download }, { user }) => certificatePdf(ctx, user, pkid, download === '1'),
    revoke: async (input, { user }) => reply(await revokeCertificate(ctx, user, input), '证书已撤销'),
    verify: ({ no }, { c }) => {
      if (!verifyLimiter.take(clientIp(ctx, c)))
        throw new AppError('rate_limited', { message: certificateMessages.rateLimited });
      return verifyCertificate(ctx.db, no);
    },
  };
});
