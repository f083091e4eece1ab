/**
 * Notices under the notices base (shared/calls/notices.ts). The list, the detail and the file
 * URLs are public: the public gets published notices only, maintainers every state; the rest is
 * maintenance (issue 5).
 */
import { type SessionUser, hasAnyRole } from '@server/modules/identity';
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { storeUploadedFile } from '@server/storage/uploads';
import { noticeCalls, noticeManagerRoles } from '@shared/calls/notices';
import { noticeState } from '@shared/domain/statuses';
import { noticeMessages } from '@shared/validation/notices';
import { documentExtensions, inlineImageExtensions } from '@shared/validation/upload';
import {
  createNotice,
  deleteNotice,
  deleteNoticeAttachment,
  getManagedAttachmentFile,
  getManagedNotice,
  getNoticeImageFile,
  noticeImageUrl,
  parseStates,
  setNoticeState,
  updateNotice,
} from './manage-service';
import { getNotice, getNoticeAttachmentFile, listNotices, noticeFileUrl, noticeListQuery } from './service';

const isManager = (user: SessionUser | null) => user !== null && hasAnyRole(user, noticeManagerRoles);

const savedMessage = (state: number) =>
  state === noticeState.code.published ? noticeMessages.published : noticeMessages.saved;

export const noticeRoutes = implement(noticeCalls, (ctx) => {
  const { db, storage } = ctx;
  const { notices: noticesBase } = ctx.config.apiBases;
  return {
    list: (input, { user }) =>
      listNotices(db, noticeListQuery(input, isManager(user) ? parseStates(input.state) : undefined)),
    get: ({ id }, { user }) => (isManager(user) ? getManagedNotice(db, id) : getNotice(db, id)),
    downloadFile: async ({ id }, { user }) =>
      isManager(user)
        ? privately(await fileResponse(storage, await getManagedAttachmentFile(db, id), 'attachment'))
        : await fileResponse(storage, await getNoticeAttachmentFile(db, id), 'attachment'),
    previewFile: async ({ id }, { user }) =>
      isManager(user)
        ? privately(await fileResponse(storage, await getManagedAttachmentFile(db, id), 'inline'))
        : await fileResponse(storage, await getNoticeAttachmentFile(db, id), 'inline'),
    image: async ({ id }, { user }) => {
      const manager = isManager(user);
      const response = await fileResponse(storage, await getNoticeImageFile(db, id, manager), 'inline');
      return manager ? privately(response) : response;
    },
    add: async (input, { user }) => {
      const notice = await createNotice(ctx, user, input);
      return reply(notice, savedMessage(notice.state));
    },
    update: async (input, { user }) => {
      const notice = await updateNotice(ctx, user, input);
      return reply(notice, savedMessage(notice.state));
    },
    publish: async ({ id }, { user }) => {
      await setNoticeState(ctx, user, id, noticeState.code.published);
      return reply(null, noticeMessages.published);
    },
    withdraw: async ({ id }, { user }) => {
      await setNoticeState(ctx, user, id, noticeState.code.withdrawn);
      return reply(null, noticeMessages.withdrawn);
    },
    remove: async ({ id }, { user }) => {
      await deleteNotice(ctx, user, id);
      return reply(null, noticeMessages.deleted);
    },
    removeAttachment: async ({ id }) => {
      await deleteNoticeAttachment(ctx, id);
      return reply(null, noticeMessages.deleted);
    },
    upload: async ({ kind, file }, { user }) => {
      const allowed = kind === 'image' ? inlineImageExtensions : documentExtensions;
      const stored = await storeUploadedFile(ctx, file, allowed, user.pkid);
      const url =
        kind === 'image'
          ? noticeImageUrl(noticesBase, stored.fileId)
          : noticeFileUrl(noticesBase, stored.fileId, 'download');
      return reply({ ...stored, url }, '上传成功');
    },
  };
});
