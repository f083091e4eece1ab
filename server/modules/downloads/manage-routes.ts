/**
 * Maintaining the service download list under the business base (/download): add (multipart `file`,
 * `title`, `description`), rename (pkid, title, description), reorder (ids, comma list in the new
 * order), delete (id). Roles: the route table's downLoad/service.
 */
import { Hono } from 'hono';
import { ok } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { parseInput, validate } from '@server/lib/validate';
import { idSchema } from '@server/modules/hall/queries';
import { requireRoles } from '@server/modules/identity/guard';
import { readLimitedForm, storeUploadedFile } from '@server/modules/notices/manage-upload';
import { documentExtensions } from '@shared/validation/upload';
import {
  addDownload,
  downloadFieldsSchema,
  downloadManagerRoles,
  downloadOrderSchema,
  downloadRenameSchema,
  removeDownload,
  renameDownload,
  reorderDownloads,
} from './manage-service';

export function createDownloadManageRoutes(ctx: AppContext): Hono<AppEnv> {
  const manage = requireRoles(...downloadManagerRoles);
  return new Hono<AppEnv>()
    .post('/add', manage, async (c) => {
      const form = await readLimitedForm(c.req.raw);
      const fields = parseInput(downloadFieldsSchema, {
        title: form.get('title') ?? undefined,
        description: form.get('description') ?? undefined,
      });
      const stored = await storeUploadedFile(ctx, form, documentExtensions, c.get('user').pkid);
      const pkid = await addDownload(ctx, stored, fields);
      return c.json(ok({ pkid, ...stored }, '上传成功'));
    })
    .post('/rename', manage, validate('form', downloadRenameSchema), async (c) => {
      await renameDownload(ctx, c.req.valid('form'));
      return c.json(ok(null, '保存成功'));
    })
    .post('/reorder', manage, validate('form', downloadOrderSchema), async (c) => {
      await reorderDownloads(ctx, c.req.valid('form').ids);
      return c.json(ok(null, '排序已保存'));
    })
    .post('/delete', manage, validate('form', idSchema), async (c) => {
      await removeDownload(ctx, c.req.valid('form').id);
      return c.json(ok(null, '删除成功'));
    });
}
