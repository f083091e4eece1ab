/**
 * The hall's newest-items and project statistics calls, mounted beside the counts under
 * `<business>/statistics` (spec section 7). Every answer is `{ success, object }`.
 */
import { Hono } from 'hono';
import { okObject } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import { newestAgencies } from '@server/modules/agencies/service';
import { newConstructionSchema, newestSchema } from './queries';
import { newestConstructions, newestProjects, projectStatistics } from './newest';

export function createHallStatisticsRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db } = ctx;
  return new Hono<AppEnv>()
    .get('/getNewConstruction', validate('query', newConstructionSchema), async (c) => {
      const { num, type } = c.req.valid('query');
      return c.json(okObject(await newestConstructions(db, num, type === 1)));
    })
    .get('/getNewAgentOrganization', validate('query', newestSchema), async (c) =>
      c.json(okObject(await newestAgencies(db, c.req.valid('query').num))),
    )
    .get('/getNewProject', validate('query', newestSchema), async (c) =>
      c.json(okObject(await newestProjects(db, c.req.valid('query').num))),
    )
    .get('/getProjectStatistics', async (c) => c.json(okObject(await projectStatistics(db))));
}
