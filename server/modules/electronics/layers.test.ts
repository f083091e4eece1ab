/**
 * Vector layers through the HTTP app on the demo city: the case's agency uploads a zipped Shapefile in
 * CGCS2000 3° Gauss-Krüger zone 39 and imports it; the layer's feature comes back in WGS84 within a
 * metre of where it was put; a file without a .prj is refused by name and becomes no layer, and a
 * second import of one file is refused; the auditor does not see the 内部 layer; the authority renames,
 * styles, classifies and moves it, the rename and level on the chain; the building layers the 3D
 * view draws are listed on their own.
 */
import { gunzipSync } from 'node:zlib';
import proj4 from 'proj4';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { metadataRecords, vectorLayers } from '@server/db/schema';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { metresBetween } from '@shared/samples/distance';
import { zippedShapefile } from '@shared/samples/shapefile-sample';
import { uploadInOneChunk } from './test-support';
import { crsFromName, prjOf } from './vector';

const env = signedInTestApp({
  accounts: ['admin', 'authority01', 'agency01', 'agency02', 'auditor01'],
  projects: 120,
});

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
const get = (who: string, path: string, values: Record<string, string | number> = {}) =>
  env.as(who).fetch(`/archive/electronics/${path}?${query(values)}`);
const post = (who: string, path: string, body: Record<string, unknown>) =>
  env.as(who).fetch(`/archive/electronics/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Uploads bytes into an archive folder as `who`; answers the archive record. */
async function upload(who: string, dirid: string, name: string, bytes: Uint8Array) {
  const merged = await uploadInOneChunk(env.as(who), { dirid, name, bytes });
  expect(merged.status, await merged.clone().text()).toBe(200);
  return ((await merged.json()) as { data: { id: number } }).data;
}

describe('vector layers of the archive', { timeout: 180_000 }, () => {
  it('imports a Gauss-Krüger Shapefile, refuses what it cannot read, and lets the keepers manage it', async () => {
    const target = ((await json(await get('agency01', 'case/targets'))).object as { caseId: number }[])[0]!;
    const zone39 = crsFromName('EPSG:4527')!;
    const lonLat = [118.312345, 36.412345];
    const [x, y] = proj4('EPSG:4326', zone39.proj4, lonLat);
    const feature = {
      geometry: { type: 'Point' as const, coordinates: [x!, y!] },
      properties: { 名称: '控制点K1', 等级: '二级' },
    };
    const shapefile = zippedShapefile({
      name: '控制点',
      features: [feature],
      prj: prjOf('EPSG:4527'),
      encoding: 'GBK',
    });
    const dirid = `vector:${target.caseId}`;

    // Another agency's account cannot open the case's folder.
    const foreign = await env.as('agency02').fetch(`/archive/findList.json?${query({ dirid })}`);
    expect(foreign.status, await foreign.clone().text()).toBe(403);
    const before = (await env.ctx.db.select({ n: count() }).from(vectorLayers))[0]!.n;

    // Without a .prj: refused by name, no layer.
    const bare = await upload(
      'agency01',
      dirid,
      'noprj.zip',
      zippedShapefile({ name: '无坐标系', features: [feature] }),
    );
    const refused = await post('agency01', 'layer/import', { archiveFileId: bare.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(
      '缺少 .prj 文件：无法确定坐标参考系，请附上坐标系文件后重新上传',
    );
    expect((await env.ctx.db.select({ n: count() }).from(vectorLayers))[0]!.n).toBe(before);

    const stored = await upload('agency01', dirid, 'control.zip', shapefile);
    // Not its case: as missing.
    expect((await post('agency02', 'layer/import', { archiveFileId: stored.id })).status).toBe(404);
    const imported = await json(
      await post('agency01', 'layer/import', { archiveFileId: stored.id, name: '单元测试控制点' }),
    );
    expect(imported.message).toContain('已导入图层“单元测试控制点”：1 个要素');
    const layer = imported.data;
    expect(layer).toMatchObject({
      name: '单元测试控制点',
      crsCode: 'EPSG:4527',
      sourceFormat: 'Shapefile',
      featureCount: 1,
      fields: ['名称', '等级'],
      classification: 2,
    });
    // Importing the same file again is refused.
    expect((await post('agency01', 'layer/import', { archiveFileId: stored.id })).status).toBe(409);

    // The features in WGS84, gzipped for a browser, plain for a client that takes no gzip.
    const data = await get('agency01', `layer/data/${layer.layerId}`);
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toBe('application/geo+json');
    const collection = (await data.json()) as GeoJSON.FeatureCollection;
    const point = collection.features[0]!;
    expect(point.properties).toEqual({ 名称: '控制点K1', 等级: '二级' });
    expect(metresBetween((point.geometry as GeoJSON.Point).coordinates, lonLat)).toBeLessThan(1);
    const plain = await env.as('agency01').fetch(`/archive/electronics/layer/data/${layer.layerId}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const text = Buffer.from(await plain.arrayBuffer());
    expect(() => gunzipSync(text)).toThrow();
    expect(JSON.parse(text.toString('utf8')).features).toHaveLength(1);

    // The 内部 layer is not the auditor's; the agency's list has it.
    expect((await get('auditor01', `layer/data/${layer.layerId}`)).status).toBe(404);
    const listed = await json(await get('agency01', 'layer/list', { name: '单元测试控制点' }));
    expect(listed.total).toBe(1);

    // The authority renames, styles, publishes and moves it; the agency may not.
    const settings = {
      id: layer.layerId,
      name: '二级控制点',
      color: '#C8161D',
      width: 2,
      fill: '',
      fillOpacity: 0.5,
      labelField: '名称',
      visible: true,
      classification: 1,
    };
    expect((await post('agency01', 'layer/update', settings)).status).toBe(403);
    const badLabel = await post('authority01', 'layer/update', { ...settings, labelField: '面积' });
    expect(badLabel.status).toBe(400);
    expect((await badLabel.json()).message).toBe('标注字段不是该图层的属性字段');
    const updated = await json(await post('authority01', 'layer/update', settings));
    expect(updated.data).toMatchObject({
      name: '二级控制点',
      classification: 1,
      style: { color: '#c8161d', width: 2, fill: null, fillOpacity: 0.5, labelField: '名称' },
    });
    const versions = await env.ctx.db
      .select({ version: metadataRecords.version })
      .from(metadataRecords)
      .where(eq(metadataRecords.subjectKey, `layer:${layer.layerId}`));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    // A style-only change appends nothing.
    await json(await post('authority01', 'layer/update', { ...settings, width: 3 }));
    const after = await env.ctx.db
      .select({ n: count() })
      .from(metadataRecords)
      .where(eq(metadataRecords.subjectKey, `layer:${layer.layerId}`));
    expect(after[0]!.n).toBe(2);
    expect((await get('auditor01', `layer/data/${layer.layerId}`)).status).toBe(200);

    const map = (await json(await get('authority01', 'layer/map'))).object as { layerId: number }[];
    expect(map.at(-1)!.layerId).toBe(layer.layerId);
    const moved = await post('authority01', 'layer/move', { id: layer.layerId, direction: 'down' });
    expect(moved.status).toBe(200);
    const reordered = (await json(await get('authority01', 'layer/map'))).object as { layerId: number }[];
    if (reordered.length > 1) expect(reordered.at(-2)!.layerId).toBe(layer.layerId);
    expect(
      (await post('authority01', 'layer/move', { id: layer.layerId, direction: 'sideways' })).status,
    ).toBe(400);
  });

  it('lists only the building layers the 3D view draws when asked, within what the reader sees', async () => {
    type Row = {
      name: string;
      geometryType: string;
      fields: string[];
      extrudable: boolean;
      classification: number;
    };
    const rowsOf = async (who: string, values: Record<string, string | number>) =>
      ((await json(await get(who, 'layer/list', { rows: 100, ...values }))).rows ?? []) as Row[];

    const all = await rowsOf('admin', {});
    const buildings = await rowsOf('admin', { extrudable: '1' });
    // The demo's footprints (名称, 层数, 高度), not its control points nor the test's point layer.
    expect(buildings.length).toBeGreaterThan(0);
    expect(buildings.every((row) => row.extrudable && row.geometryType === 'Polygon')).toBe(true);
    expect(buildings.every((row) => row.fields.includes('高度'))).toBe(true);
    expect(all.filter((row) => row.extrudable).map((row) => row.name)).toEqual(
      buildings.map((row) => row.name),
    );
    const points = all.find((row) => row.name === '全市测量控制点');
    expect(points?.extrudable).toBe(false);
    expect((await rowsOf('admin', { extrudable: '0' })).length).toBe(all.length);

    // The auditor: the 公开 ones only.
    const audited = await rowsOf('auditor01', { extrudable: '1' });
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((row) => row.classification === 1 && row.extrudable)).toBe(true);

    expect((await get('admin', 'layer/list', { extrudable: 'yes' })).status).toBe(400);
  });
});
