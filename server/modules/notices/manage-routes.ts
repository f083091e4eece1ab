/**
 * The maintainers' notice calls under the notices base (spec section 7, issue 5), mounted before the
 * public ones on the same prefix. getOaNotices, get and the file URLs answer maintainers with every
 * state (drafts, withdrawn) and hand anyone else on to the public routes (published only).
 *
 * add, update (form; attachmentIds comma list; state 0 draft, 1 publish, 2 withdraw), publish,
 * withdraw, delete (id), deleteOaNoticeAttachment (id = file id), media/addMedia (multipart `file`,
 * `kind` = attachment | image); GET media/image?id (inline images of the rich text).
 */
import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import { ok, okObject, okPage } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { fileResponse } from '@server/modules/hall/file-response';
import {
  fileIdSchema,
  idSchema,
  noticeListSchema,
  type NoticeListParams,
} from '@server/modules/hall/queries';
import { currentSessionUser, hasAnyRole, requireRoles } from '@server/modules/identity/guard';
import { noticeState } from '@shared/domain/statuses';
import { noticeInputSchema, noticeMessages, noticeUpdateSchema } from '@shared/validation/notices';
import { documentExtensions, inlineImageExtensions } from '@shared/validation/upload';
import {
  createNotice,
  deleteNotice,
  deleteNoticeAttachment,
  getManagedAttachmentFile,
  getManagedNotice,
  getNoticeImageFile,
  noticeImageUrl,
  noticeManagerRoles,
  parseStates,
  setNoticeState,
  updateNotice,
} from './manage-service';
import { readLimitedForm, storeUploadedFile } from './manage-upload';
import { listNotices, noticeFileUrl, noticeListQuery } from './service';

async function isManager(c: Context<AppEnv>): Promise<boolean> {
  const user = await currentSessionUser(c);
  return user !== null && hasAnyRole(user, noticeManagerRoles);
}

const mediaKindSchema = z.object({
  kind: z.enum(['attachment', 'image'], '上传类型不正确').default('attachment'),
});

export function createNoticeManageRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, storage } = ctx;
  const manage = requireRoles(...noticeManagerRoles);

  const list = async (c: Context<AppEnv>, next: Next, params: NoticeListParams) => {
    if (!(await isManager(c))) return next();
    const { rows, total } = await listNotices(db, noticeListQuery(params, parseStates(params.state)));
    return c.json(okPage(rows, total));
  };
  const detail = async (c: Context<AppEnv>, next: Next, id: number) => {
    if (!(await isManager(c))) return next();
    return c.json(okObject(await getManagedNotice(db, id)));
  };
  const file = async (c: Context<AppEnv>, next: Next, id: string, kind: 'attachment' | 'inline') => {
    if (!(await isManager(c))) return next();
    const response = fileResponse(storage, await getManagedAttachmentFile(db, id), kind);
    // A maintainer may be reading a draft's file: no shared cache may keep it for the public URL.
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  };

  return new Hono<AppEnv>()
    .post('/getOaNotices', validate('form', noticeListSchema), (c, next) =>
      list(c, next, c.req.valid('form')),
    )
    .get('/getOaNotices', validate('query', noticeListSchema), (c, next) =>
      list(c, next, c.req.valid('query')),
    )
    .post('/get', validate('form', idSchema), (c, next) => detail(c, next, c.req.valid('form').id))
    .get('/get', validate('query', idSchema), (c, next) => detail(c, next, c.req.valid('query').id))
    .get('/downloadMessageFile', validate('query', fileIdSchema), (c, next) =>
      file(c, next, c.req.valid('query').id, 'attachment'),
    )
    .get('/previewMessageFile', validate('query', fileIdSchema), (c, next) =>
      file(c, next, c.req.valid('query').id, 'inline'),
    )
    .post('/add', manage, validate('form', noticeInputSchema), async (c) => {
      const notice = await createNotice(ctx, c.get('user'), c.req.valid('form'));
      return c.json(
        ok(
          notice,
          notice.state === noticeState.code.published ? noticeMessages.published : noticeMessages.saved,
        ),
      );
    })
    .post('/update', manage, validate('form', noticeUpdateSchema), async (c) => {
      const notice = await updateNotice(ctx, c.get('user'), c.req.valid('form'));
      return c.json(
        ok(
          notice,
          notice.state === noticeState.code.published ? noticeMessages.published : noticeMessages.saved,
        ),
      );
    })
    .post('/publish', manage, validate('form', idSchema), async (c) => {
      await setNoticeState(ctx, c.get('user'), c.req.valid('form').id, noticeState.code.published);
      return c.json(ok(null, noticeMessages.published));
    })
    .post('/withdraw', manage, validate('form', idSchema), async (c) => {
      await setNoticeState(ctx, c.get('user'), c.req.valid('form').id, noticeState.code.withdrawn);
      return c.json(ok(null, noticeMessages.withdrawn));
    })
    .post('/delete', manage, validate('form', idSchema), async (c) => {
      await deleteNotice(ctx, c.get('user'), c.req.valid('form').id);
      return c.json(ok(null, noticeMessages.deleted));
    })
    .post('/deleteOaNoticeAttachment', manage, validate('form', fileIdSchema), async (c) => {
      await deleteNoticeAttachment(ctx, c.req.valid('form').id);
      return c.json(ok(null, noticeMessages.deleted));
    })
    .post('/media/addMedia', manage, validate('query', mediaKindSchema), async (c) => {
      const form = await readLimitedForm(c.req.raw);
      const kind = mediaKindSchema.parse({ kind: form.get('kind') ?? c.req.valid('query').kind }).kind;
      const allowed = kind === 'image' ? inlineImageExtensions : documentExtensions;
      const stored = await storeUploadedFile(ctx, form, allowed, c.get('user').pkid);
      const { notices: noticesBase } = ctx.config.apiBases;
      const url =
        kind === 'image'
          ? noticeImageUrl(noticesBase, stored.fileId)
          : noticeFileUrl(noticesBase, stored.fileId, 'download');
      return c.json(ok({ ...stored, url }, '上传成功'));
    })
    .get('/media/image', validate('query', fileIdSchema), async (c) => {
      const manager = await isManager(c);
      const response = fileResponse(
        storage,
        await getNoticeImageFile(db, c.req.valid('query').id, manager),
        'inline',
      );
      if (manager) response.headers.set('Cache-Control', 'private, no-store');
      return response;
    });
}
