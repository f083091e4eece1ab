/**
 * The service download list over the business base: GET /download/query (page, rows, keyword) and
 * GET /download/file/:id (the file itself, with its type and Chinese name). The hall links to the
 * latter, so a page and another client download the very same bytes.
 */
import { Hono } from 'hono';
import { okPage } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { fileResponse } from '@server/modules/hall/file-response';
import { downloadListSchema, idSchema } from '@server/modules/hall/queries';
import { getDownloadFile, listDownloads } from './service';

/** The URL of a download's file, under the business base. */
export function downloadFileUrl(businessBase: string, pkid: number): string {
  return `${businessBase}/download/file/${pkid}`;
}

export function createDownloadRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, storage } = ctx;
  return new Hono<AppEnv>()
    .get('/query', validate('query', downloadListSchema), async (c) => {
      const { rows, total } = await listDownloads(db, c.req.valid('query'));
      return c.json(okPage(rows, total));
    })
    .get('/file/:id', validate('param', idSchema), async (c) =>
      fileResponse(storage, await getDownloadFile(db, c.req.valid('param').id), 'attachment'),
    );
}
