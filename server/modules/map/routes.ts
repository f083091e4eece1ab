/**
 * Districts, distribution counts and the map, under the business base:
 *
 * - GET /sgs/getAllDistrict → { success, object: [{ districtCode, districtName }] } (codes of length 7
 *   or 11 only, spec section 9).
 * - GET /statistics/getDistrictProjectNum → { success, object: [{ districtCode, districtName,
 *   projectNum }] }: projects per listed district, every status.
 * - GET /statistics/getProjectDistribute → { success, object: { total, byStatus: [{ status,
 *   statusName, projectNum }], byStage: [{ stageId, stageName, projectNum }] (current stage = the
 *   newest demand's; stageId null = no demand yet), byYear: [{ year, projectNum }] } }.
 * - GET /map/clusters?zoom&bbox=w,s,e,n[&stage&status&year] → { success, object: FeatureCollection
 *   with total and districtCounts } (types.ts ClusterResult).
 * - GET /map/project?pkid → { success, object: ProjectCard }.
 * - GET /map/search?keyword → { success, object: Place[] } (at most 10).
 * - GET /map/reverse?lon&lat → { success, object: ReverseResult }.
 * - GET /map/districts → { success, object: DistrictShape[] } (the offline base layer).
 * - GET /map/config → { success, object: MapClientConfig }.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { okObject } from '@shared/api/envelope';
import type { AppContext, AppEnv } from '@server/app-context';
import { validate } from '@server/lib/validate';
import {
  countProjectsByDistrict,
  getProjectDistribute,
  listDistricts,
  listDistrictShapes,
} from './districts';
import { getMapModule } from './map-module';
import { getProjectCard } from './project-card';

const optionalInt = (message: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: message }).int(message).optional(),
  );

const bboxSchema = z.string({ error: '请提供地图范围' }).transform((value, context) => {
  const parts = value.split(',').map(Number);
  const [west, south, east, north] = parts as [number, number, number, number];
  if (
    parts.length !== 4 ||
    parts.some((n) => !Number.isFinite(n)) ||
    west < -180 ||
    east > 180 ||
    south < -90 ||
    north > 90 ||
    south > north ||
    west > east
  ) {
    context.addIssue({ code: 'custom', message: '地图范围格式不正确' });
    return z.NEVER;
  }
  return { west, south, east, north };
});

export const clusterQuerySchema = z.object({
  zoom: z.coerce.number({ error: '缩放级别不正确' }).min(0, '缩放级别不正确').max(22, '缩放级别不正确'),
  bbox: bboxSchema,
  stage: optionalInt('阶段不正确'),
  status: optionalInt('项目状态不正确'),
  year: optionalInt('年份不正确'),
});

const pkidSchema = z.object({
  pkid: z.coerce.number({ error: '项目编号不正确' }).int('项目编号不正确').positive('项目编号不正确'),
});
const searchSchema = z.object({
  keyword: z
    .string({ error: '请输入地名或项目名称' })
    .trim()
    .min(1, '请输入地名或项目名称')
    .max(50, '关键字不能超过50个字'),
});
const reverseSchema = z.object({
  lon: z.coerce.number({ error: '经度不正确' }).min(-180, '经度不正确').max(180, '经度不正确'),
  lat: z.coerce.number({ error: '纬度不正确' }).min(-90, '纬度不正确').max(90, '纬度不正确'),
});

export function createMapRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db } = ctx;
  const map = () => getMapModule(ctx);
  return new Hono<AppEnv>()
    .get('/sgs/getAllDistrict', async (c) => c.json(okObject(await listDistricts(db))))
    .get('/statistics/getDistrictProjectNum', async (c) =>
      c.json(okObject(await countProjectsByDistrict(db))),
    )
    .get('/statistics/getProjectDistribute', async (c) => c.json(okObject(await getProjectDistribute(db))))
    .get('/map/clusters', validate('query', clusterQuerySchema), async (c) =>
      c.json(okObject(await map().clusters.clusters(c.req.valid('query')))),
    )
    .get('/map/project', validate('query', pkidSchema), async (c) =>
      c.json(okObject(await getProjectCard(db, c.req.valid('query').pkid))),
    )
    .get('/map/search', validate('query', searchSchema), async (c) =>
      c.json(okObject(await map().service.searchPlace(c.req.valid('query').keyword))),
    )
    .get('/map/reverse', validate('query', reverseSchema), async (c) => {
      const { lon, lat } = c.req.valid('query');
      return c.json(okObject(await map().service.reverseGeocode(lon, lat)));
    })
    .get('/map/districts', async (c) => c.json(okObject(await listDistrictShapes(db))))
    .get('/map/config', (c) => c.json(okObject(map().clientConfig)));
}
