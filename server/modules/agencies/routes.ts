/**
 * The public agency calls under `<business>/agentorg` (spec section 7): POST (or GET) /query lists
 * approved agencies only, with the directory's filters; GET /getOrgPassRate?registrationOrgan&credential.
 */
import { Hono } from 'hono';
import { okObject, okPage } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { agencyListSchema, passRateSchema } from '@server/modules/hall/queries';
import { getOrgPassRate, listPublicAgencies } from './service';

export function createPublicAgencyRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .post('/query', validate('form', agencyListSchema), async (c) => {
      const { rows, total } = await listPublicAgencies(db, c.req.valid('form'));
      return c.json(okPage(rows, total));
    })
    .get('/query', validate('query', agencyListSchema), async (c) => {
      const { rows, total } = await listPublicAgencies(db, c.req.valid('query'));
      return c.json(okPage(rows, total));
    })
    .get('/getOrgPassRate', validate('query', passRateSchema), async (c) =>
      c.json(okObject(await getOrgPassRate(db, c.req.valid('query')))),
    );
}
