/**
 * Notices under the notices base (spec section 7): /oanotices/getOaNotices and /get (POST form, GET
 * query too), and the attachment file URLs. Callers here are anonymous, so only published notices
 * are listed or shown, whatever `state` asks for.
 */
import { Hono } from 'hono';
import { okObject, okPage } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { fileResponse } from '@server/modules/hall/file-response';
import { fileIdSchema, idSchema, noticeListSchema } from '@server/modules/hall/queries';
import { getNotice, getNoticeAttachmentFile, listNotices, noticeListQuery } from './service';

export function createNoticeRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, storage } = ctx;
  return new Hono<AppEnv>()
    .post('/getOaNotices', validate('form', noticeListSchema), async (c) => {
      const { rows, total } = await listNotices(db, noticeListQuery(c.req.valid('form')));
      return c.json(okPage(rows, total));
    })
    .get('/getOaNotices', validate('query', noticeListSchema), async (c) => {
      const { rows, total } = await listNotices(db, noticeListQuery(c.req.valid('query')));
      return c.json(okPage(rows, total));
    })
    .post('/get', validate('form', idSchema), async (c) =>
      c.json(okObject(await getNotice(db, c.req.valid('form').id))),
    )
    .get('/get', validate('query', idSchema), async (c) =>
      c.json(okObject(await getNotice(db, c.req.valid('query').id))),
    )
    .get('/downloadMessageFile', validate('query', fileIdSchema), async (c) =>
      fileResponse(storage, await getNoticeAttachmentFile(db, c.req.valid('query').id), 'attachment'),
    )
    .get('/previewMessageFile', validate('query', fileIdSchema), async (c) =>
      fileResponse(storage, await getNoticeAttachmentFile(db, c.req.valid('query').id), 'inline'),
    );
}
