/**
 * `/smsend/auditManageInfo` (spec section 7): `GET getListByPage?content&pageIdx&pageSize`, `POST add`,
 * `DELETE delete/{id}`, `POST batchDelete` (form ids, comma list; DELETE is accepted too).
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { requireRoles, requireUser } from '@server/modules/identity/guard';
import { ok, okPage } from '@shared/api/envelope';
import {
  auditOpinionAddSchema,
  auditOpinionBatchDeleteSchema,
  auditOpinionIdSchema,
  auditOpinionListSchema,
  auditOpinionTexts,
} from '@shared/validation/messages';
import { addAuditOpinion, auditOpinionManagerRoles, deleteAuditOpinions, listAuditOpinions } from './service';

export function createAuditOpinionRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db } = ctx;
  const manage = requireRoles(...auditOpinionManagerRoles);
  const batchDelete = validate('form', auditOpinionBatchDeleteSchema);
  return new Hono<AppEnv>()
    .get('/getListByPage', requireUser(), validate('query', auditOpinionListSchema), async (c) => {
      const { rows, total } = await listAuditOpinions(db, c.req.valid('query'));
      return c.json(okPage(rows, total));
    })
    .post('/add', manage, validate('form', auditOpinionAddSchema), async (c) => {
      const row = await addAuditOpinion(db, c.get('user'), c.req.valid('form'));
      return c.json(ok(row, auditOpinionTexts.addSuccess));
    })
    .delete('/delete/:id', manage, validate('param', auditOpinionIdSchema), async (c) => {
      await deleteAuditOpinions(db, [c.req.valid('param').id]);
      return c.json(ok(null, auditOpinionTexts.deleteSuccess));
    })
    .post('/batchDelete', manage, batchDelete, async (c) => {
      const deleted = await deleteAuditOpinions(db, c.req.valid('form').ids);
      return c.json(ok(deleted, auditOpinionTexts.deleteSuccess));
    })
    .delete('/batchDelete', manage, batchDelete, async (c) => {
      const deleted = await deleteAuditOpinions(db, c.req.valid('form').ids);
      return c.json(ok(deleted, auditOpinionTexts.deleteSuccess));
    });
}
