/**
 * GET /statistics/* under the business base (spec section 7). Every answer is `{ success, object }`.
 */
import { Hono } from 'hono';
import { okObject } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { countApprovedAgencies, countConstructionUnits, countNatureDepts, getHallCounts } from './service';

export function createStatisticsRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/getInfo', async (c) => c.json(okObject(await getHallCounts(db))))
    .get('/getAgentOrganizationAllCount', async (c) => c.json(okObject(await countApprovedAgencies(db))))
    .get('/getConstructionAllCount', async (c) => c.json(okObject(await countConstructionUnits(db))))
    .get('/getNatureDeptAllCount', async (c) => c.json(okObject(await countNatureDepts(db))));
}
