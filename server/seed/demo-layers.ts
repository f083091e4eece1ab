/**
 * The demo's vector layers (issue 23), read by the product's own reader as an upload would be:
 * - in the first case of each of a dozen agencies, its buildings' footprints as a zipped Shapefile in
 *   CGCS2000 3° Gauss-Krüger zone 39 (EPSG:4527) with GBK attributes 名称, 层数, 高度 and 用途 (the 3D
 *   view extrudes them by height);
 * - across the city, 3,000 survey control points as GeoJSON in WGS84, enough to show the canvas
 *   drawing (the bench imports a layer of 100,000).
 * The layers of 公开 cases are 公开; the others 内部, as an upload's.
 */
import proj4 from 'proj4';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { addLayer, crsFromName, layerGeoJson, prjOf, readVectorFile } from '@server/modules/electronics';
import { classification } from '@shared/domain/electronics';
import { zippedShapefile } from '@shared/samples/shapefile-sample';
import { storeBytes, storeDemoFile } from './demo-files';
import { cityBox } from './geo';
import type { StoreFile } from './index';
import { Rng } from './random';

const HOUR = 60 * 60 * 1000;
const AGENCY_CASES = 12;
const CONTROL_POINTS = 3_000;

/** Six buildings on a 3 × 2 grid around a point (metres, in the projected system). */
function buildings(x: number, y: number, rng: Rng) {
  return Array.from({ length: 6 }, (_, index) => {
    const left = x - 60 + (index % 3) * 45;
    const bottom = y - 40 + Math.floor(index / 3) * 60;
    const floors = rng.int(6, 33);
    return {
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [left, bottom],
            [left + 18, bottom],
            [left + 18, bottom + 40],
            [left, bottom + 40],
            [left, bottom],
          ],
        ],
      },
      properties: {
        名称: `${index + 1}号楼`,
        层数: floors,
        高度: floors * 3,
        用途: floors > 18 ? '住宅' : '商业',
      },
    };
  });
}

export async function seedDemoLayers(
  t: Queryable,
  options: { now: Date; storeFile: StoreFile },
): Promise<number> {
  const cases = await t
    .selectDistinctOn([schema.archiveCases.organizationId], {
      caseId: schema.archiveCases.caseId,
      classification: schema.archiveCases.classification,
      archivedAt: schema.archiveCases.archivedAt,
      projectName: schema.projects.projectName,
      lon: schema.projects.lon,
      lat: schema.projects.lat,
      agencyName: schema.agentOrganizations.orgName,
      agencyUser: schema.agentOrganizations.userId,
    })
    .from(schema.archiveCases)
    .innerJoin(schema.projects, eq(schema.projects.pkid, schema.archiveCases.projectId))
    .innerJoin(
      schema.agentOrganizations,
      eq(schema.agentOrganizations.organizationId, schema.archiveCases.organizationId),
    )
    .where(isNotNull(schema.projects.lon))
    .orderBy(asc(schema.archiveCases.organizationId), asc(schema.archiveCases.caseId));
  const chosen = cases.slice(0, AGENCY_CASES);
  if (chosen.length === 0) return 0;
  const people = await t
    .select({ pkid: schema.users.pkid, username: schema.users.username })
    .from(schema.users);
  const rng = new Rng('demo-layers');

  /** Reads the file as an upload is read, stores it and its features, and adds the layer. */
  const add = async (input: {
    caseId: number;
    fileName: string;
    bytes: Uint8Array;
    title: string;
    managingUnit: string;
    level: (typeof classification.values)[number];
    style: schema.LayerStyle;
    by: { pkid: number | null; username: string };
    at: Date;
  }) => {
    const data = readVectorFile(input.bytes, input.fileName, cityBox);
    const source = await storeDemoFile(t, options.storeFile, {
      name: input.fileName,
      contentType: 'application/octet-stream',
      bytes: input.bytes,
      createdBy: input.by.pkid,
      at: input.at,
    });
    const stored = await storeBytes(
      options.storeFile,
      layerGeoJson(data),
      `${input.title}.geojson.gz`,
      'application/gzip',
    );
    await addLayer(t, {
      caseId: input.caseId,
      source,
      stored,
      data,
      title: input.title,
      managingUnit: input.managingUnit,
      level: input.level,
      style: input.style,
      by: input.by,
      at: input.at,
    });
  };

  const zone39 = crsFromName('EPSG:4527')!;
  for (const row of chosen) {
    const author = people.find((person) => person.pkid === row.agencyUser);
    const by = { pkid: author?.pkid ?? null, username: author?.username ?? row.agencyName };
    const [x, y] = proj4('EPSG:4326', zone39.proj4, [row.lon!, row.lat!]) as [number, number];
    await add({
      caseId: row.caseId,
      fileName: '建筑轮廓.zip',
      bytes: zippedShapefile({
        name: '建筑轮廓',
        features: buildings(x, y, rng),
        prj: prjOf('EPSG:4527'),
        encoding: 'GBK',
      }),
      title: `${row.projectName}建筑轮廓`,
      managingUnit: row.agencyName,
      level:
        row.classification === classification.code.public
          ? classification.code.public
          : classification.code.internal,
      style: { color: '#a11016', width: 1.5, fill: '#f2c14e', fillOpacity: 0.5, labelField: '名称' },
      by,
      at: new Date(Math.min(row.archivedAt.getTime() + 2 * HOUR, options.now.getTime())),
    });
  }

  const first = chosen[0]!;
  const points = {
    type: 'FeatureCollection',
    features: Array.from({ length: CONTROL_POINTS }, (_, index) => ({
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [
          Number(rng.real(cityBox.west + 0.01, cityBox.east - 0.01).toFixed(7)),
          Number(rng.real(cityBox.south + 0.01, cityBox.north - 0.01).toFixed(7)),
        ],
      },
      properties: {
        点号: `GPS${String(index + 1).padStart(4, '0')}`,
        等级: index % 10 === 0 ? 'C级' : 'D级',
      },
    })),
  };
  await add({
    caseId: first.caseId,
    fileName: '测量控制点.geojson',
    bytes: new TextEncoder().encode(JSON.stringify(points)),
    title: '全市测量控制点',
    managingUnit: '行业主管部门',
    level: classification.code.public,
    style: { color: '#1f7a3d', width: 1, fill: null, fillOpacity: 0, labelField: '点号' },
    by: { pkid: null, username: '系统' },
    at: options.now,
  });
  return chosen.length + 1;
}
