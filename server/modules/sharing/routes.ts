/** Result sharing (shared/calls/sharing.ts); the rules are in the services. */
import { implement, reply } from '@server/lib/calls';
import { sharingCalls } from '@shared/calls/sharing';
import { shareStatus } from '@shared/domain/sharing';
import { sharingMessages as m } from '@shared/validation/sharing';
import { applyForShare } from './apply';
import { decideShare } from './decide';
import { downloadByStoredFile, downloadResultFile, resultFileDetail } from './files';
import { getApplication, listApplications, listDownloads, listSharedProjects } from './lists';
import { listShareable } from './shareable';

export const sharingRoutes = implement(sharingCalls, (ctx) => {
  const now = () => ctx.services.now();
  return {
    shareable: (input, { user }) => listShareable(ctx.db, user, input, now()),
    apply: async (input, { user }) => {
      const pkid = await applyForShare(ctx.db, user, input, now());
      return reply(await getApplication(ctx.db, user, pkid, now()), input.submit ? m.submitted : m.saved);
    },
    list: (input, { user }) => listApplications(ctx.db, user, input, now()),
    get: ({ pkid }, { user }) => getApplication(ctx.db, user, pkid, now()),
    decide: async (input, { user }) => {
      const { applicationStatus, ...answer } = await decideShare(ctx, user, input, ctx.config.shareValidDays);
      const message =
        applicationStatus === shareStatus.code.authorityPending
          ? m.ownerApproved
          : applicationStatus === shareStatus.code.approved
            ? m.authorityApproved
            : m.rejected;
      return reply(answer, message);
    },
    downloads: (input, { user }) => listDownloads(ctx.db, user, input),
    sharedProjects: (input, { user }) => listSharedProjects(ctx.db, user, input, now()),
    fileDetail: ({ id }, { user }) => resultFileDetail(ctx.db, user, id, now()),
    downloadAchieveFile: ({ id }, { user }) => downloadResultFile(ctx, user, id, now()),
    downloadImage: ({ id }, { user }) => downloadResultFile(ctx, user, id, now(), 'inline'),
    download: ({ fileName }, { user }) => downloadByStoredFile(ctx, user, fileName, now()),
  };
});
