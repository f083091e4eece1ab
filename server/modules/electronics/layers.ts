/**
 * Vector layers of the archive (数据上传 /electronics/DataUpload, 地图管理 /electronics/MapManagement;
 * docs/electronics.md "Vector data"). A file arrives through the chunked upload into the folder
 * `vector:<case>`; importing it reads it (./vector: GeoJSON, zipped Shapefile, KML; its reference
 * system found and reprojected to WGS84 with proj4; bad geometry, no reference system or a place
 * outside the city refused with a message naming the problem, and then nothing is stored as a layer),
 * stores the features as gzipped GeoJSON through the storage, and appends the layer's first vector
 * metadata record. Its name and level are the chain's, as a drawing's; how the map draws it (style,
 * order, shown or hidden) is the layer row's.
 */
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { and, count, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database, Queryable } from '@server/db/database';
import {
  archiveCases,
  archiveDownloads,
  archiveFiles,
  files,
  metadataRecords,
  projects,
  users,
  vectorLayers,
  type LayerStyle,
} from '@server/db/schema';
import type { ArchiveFolderKind } from '@server/modules/archive';
import type { SessionUser } from '@server/modules/identity';
import {
  buildingFields,
  classification,
  footprintGeometryTypes,
  isExtrudable,
  metadataKind,
  vectorFormats,
  type Classification,
} from '@shared/domain/electronics';
import { AppError } from '@shared/errors/app-error';
import {
  electronicsMessages as m,
  type LayerFilters,
  type LayerUpdate,
} from '@shared/validation/electronics';
import { addsToCase, keepsArchive, readerOf, type ArchiveReader } from './access';
import { documentContent } from './archiving';
import { visibleCase } from './cases';
import { appendRecord, lockChain } from './chain';
import { caseOfFolder, caseOfReadable, latestRecordOf, readableSubjects } from './subjects';
import { readVectorFile, VectorFileError, type VectorData } from './vector';

const l = vectorLayers;
const r = metadataRecords;
const k = archiveCases;

export const layerSubject = (layerId: number) => `layer:${layerId}`;
/** The map draws at most this many layers at once. */
const MAP_LAYERS_MAX = 200;

/** A new layer's look: the house blue, a light fill for areas. */
const DEFAULT_STYLE: LayerStyle = {
  color: '#1d4f91',
  width: 1.5,
  fill: '#4a7cc0',
  fillOpacity: 0.25,
  labelField: null,
};

const latestVersion = latestRecordOf('layer', l.layerId);

const rowColumns = {
  layerId: l.layerId,
  caseId: l.caseId,
  caseNo: k.caseNo,
  projectName: projects.projectName,
  recordId: r.recordId,
  name: sql<string>`coalesce(${r.content}->>'name', '')`,
  classification: r.classification,
  sourceFormat: l.sourceFormat,
  crsCode: l.crsCode,
  crsLabel: l.crsLabel,
  geometryType: l.geometryType,
  featureCount: l.featureCount,
  west: l.west,
  south: l.south,
  east: l.east,
  north: l.north,
  fields: l.fields,
  style: l.style,
  sortOrder: l.sortOrder,
  visible: l.visible,
  createdByName: sql<string>`coalesce(${users.username}, '')`,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
  dataFileId: l.dataFileId,
};

function layersFrom(db: Queryable) {
  return db
    .select(rowColumns)
    .from(l)
    .innerJoin(k, eq(k.caseId, l.caseId))
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .innerJoin(r, latestVersion)
    .leftJoin(users, eq(users.pkid, l.createdBy))
    .$dynamic();
}

type SelectedLayer = Awaited<ReturnType<typeof layersFrom>>[number];

/** A layer as the calls show it. */
function shown({ west, south, east, north, dataFileId: _data, ...row }: SelectedLayer) {
  return {
    ...row,
    bbox: [west, south, east, north] as [number, number, number, number],
    extrudable: isExtrudable(row),
  };
}

/** The condition isExtrudable states, over the layer row (footprints with 高度 or 层数). */
const extrudableCondition = () =>
  and(
    inArray(l.geometryType, [...footprintGeometryTypes]),
    or(
      ...Object.values(buildingFields).map((field) => sql`${l.fields} @> ${JSON.stringify([field])}::jsonb`),
    ),
  );

export async function listLayers(
  db: Queryable,
  user: SessionUser,
  query: LayerFilters & { page: number; rows: number },
) {
  const reader = await readerOf(db, user);
  const where = and(
    ...readableSubjects(reader),
    ...(query.name ? [ilike(sql`${r.content}->>'name'`, containsPattern(query.name))] : []),
    ...(query.caseNo ? [ilike(k.caseNo, containsPattern(query.caseNo))] : []),
    ...(query.classification ? [eq(r.classification, query.classification)] : []),
    ...(query.extrudable === '1' ? [extrudableCondition()] : []),
  );
  const rows = await layersFrom(db)
    .where(where)
    .orderBy(desc(l.sortOrder), desc(l.layerId))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({ n: count() })
    .from(l)
    .innerJoin(k, eq(k.caseId, l.caseId))
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .innerJoin(r, latestVersion)
    .where(where);
  return { rows: rows.map(shown), total: total?.n ?? 0 };
}

/** Every layer the user sees, bottom first (the map draws them in this order), hidden ones too. */
export async function mapLayers(db: Queryable, user: SessionUser) {
  const reader = await readerOf(db, user);
  const rows = await layersFrom(db)
    .where(and(...readableSubjects(reader)))
    .orderBy(desc(l.sortOrder), desc(l.layerId))
    .limit(MAP_LAYERS_MAX);
  return rows.reverse().map(shown);
}

/** The layer and its case when the reader may see it (404 otherwise, as a missing one). */
async function visibleLayer(db: Queryable, reader: ArchiveReader, layerId: number) {
  const [row] = await layersFrom(db).where(eq(l.layerId, layerId));
  const found = await caseOfReadable(db, reader, row, m.layerNotFound);
  return { row: row!, found };
}

/**
 * The layer's features as GeoJSON, stored gzipped: sent as they are to a client that takes gzip (every
 * browser), unpacked on the way for one that does not. Reading a 内部 or 涉密 layer is recorded.
 */
export async function layerData(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser,
  layerId: number,
  acceptEncoding: string | undefined,
): Promise<Response> {
  const reader = await readerOf(ctx.db, user);
  const { row } = await visibleLayer(ctx.db, reader, layerId);
  const [file] = await ctx.db
    .select({ storageKey: files.storageKey, size: files.size })
    .from(files)
    .where(eq(files.id, row.dataFileId));
  if (!file) throw new AppError('not_found', { message: m.layerNotFound });
  const stream = await ctx.storage.open(file.storageKey);
  if (row.classification !== classification.code.public)
    await ctx.db
      .insert(archiveDownloads)
      .values({
        recordId: row.recordId,
        userId: user.pkid,
        userName: user.username,
        classification: row.classification,
        downloadedAt: ctx.services.now(),
      })
      .catch((error: unknown) => {
        stream.destroy();
        throw error;
      });
  const gzip = /\bgzip\b/i.test(acceptEncoding ?? '');
  const body = gzip ? stream : stream.pipe(createGunzip());
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/geo+json',
      ...(gzip ? { 'Content-Encoding': 'gzip', 'Content-Length': String(file.size) } : {}),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    },
  });
}

// ---- Import

/** The source format's name, by the file's extension. */
function sourceFormatOf(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'zip') return 'Shapefile';
  if (extension === 'kml') return 'KML';
  return 'GeoJSON';
}

const round = (value: number) => Number(value.toFixed(6));

/** The vector record's content: the document's fields and the layer's eight. */
function vectorContent(input: {
  fileName: string;
  title: string;
  size: number;
  level: Classification;
  managingUnit: string | null;
  layerId: number;
  data: VectorData;
  at: Date;
}): Record<string, string | number | null> {
  const [west, south, east, north] = input.data.bbox;
  return {
    ...documentContent({
      fileName: input.fileName,
      size: input.size,
      type: '矢量数据',
      level: input.level,
      managingUnit: input.managingUnit,
      link: `/electronics/DataUpload?layer=${input.layerId}`,
      producedAt: null,
      loadedAt: input.at,
    }),
    name: input.title,
    coordinateSystem: `${input.data.crs.label}（${input.data.crs.code}）`,
    geometryType: input.data.geometryType,
    featureCount: input.data.count,
    extent: [west, south, east, north].map(round).join(','),
    scale: null,
    producer: input.managingUnit,
    dataSource: `${sourceFormatOf(input.fileName)} 文件上传`,
    attributeFields: input.data.fields.join(','),
  };
}

/** The uploaded file of a `vector:<case>` folder the user may import from. */
async function uploadedVectorFile(db: Queryable, reader: ArchiveReader, archiveFileId: number) {
  const [row] = await db
    .select({
      dirid: archiveFiles.dirid,
      fileId: archiveFiles.fileId,
      name: archiveFiles.fileName,
      size: archiveFiles.size,
      storageKey: files.storageKey,
    })
    .from(archiveFiles)
    .innerJoin(files, eq(files.id, archiveFiles.fileId))
    .where(eq(archiveFiles.id, archiveFileId));
  const caseId = row ? /^vector:(\d{1,9})$/.exec(row.dirid)?.[1] : undefined;
  if (!row || caseId === undefined) throw new AppError('not_found', { message: m.archiveFileRequired });
  const found = await visibleCase(db, reader, Number(caseId)).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('not_found', { message: m.archiveFileRequired });
    throw error;
  });
  if (!addsToCase(reader, found.row)) throw new AppError('forbidden', { message: m.layerWriteForbidden });
  return { file: row, found };
}

/**
 * 导入: reads an uploaded vector file into a layer of its case (see the file's comment). A file that
 * cannot be read is a 400 naming the problem, and nothing is stored; a file imported already is a 409.
 */
export async function importLayer(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services' | 'config'>,
  user: SessionUser,
  input: { archiveFileId: number; name?: string | undefined },
) {
  const reader = await readerOf(ctx.db, user);
  const { file, found } = await uploadedVectorFile(ctx.db, reader, input.archiveFileId);
  const [imported] = await ctx.db
    .select({ layerId: l.layerId })
    .from(l)
    .where(eq(l.sourceFileId, file.fileId));
  if (imported) throw new AppError('conflict', { message: '该文件已导入为图层' });
  let data: VectorData;
  try {
    data = await readVectorFile(await ctx.storage.read(file.storageKey), file.name, ctx.config.map.bbox);
  } catch (error) {
    if (error instanceof VectorFileError) throw new AppError('invalid_input', { message: error.message });
    throw error;
  }
  const at = ctx.services.now();
  const stored = await ctx.storage.write(layerGeoJson(data));
  const title = input.name?.trim() || file.name.replace(/\.[^.]+$/, '');
  try {
    const layerId = await ctx.db.transaction((tx) =>
      addLayer(tx, {
        caseId: found.row.caseId,
        source: { fileId: file.fileId, name: file.name, size: file.size },
        stored,
        data,
        title,
        managingUnit: found.row.agencyName,
        by: user,
        at,
      }),
    );
    const [row] = await layersFrom(ctx.db).where(eq(l.layerId, layerId));
    return shown(row!);
  } catch (error) {
    await ctx.storage.remove(stored.key).catch(() => {});
    throw error;
  }
}

/** What a layer's data file holds: its features as a GeoJSON FeatureCollection, gzipped. */
export const layerGeoJson = (data: Pick<VectorData, 'features'>) =>
  gzipSync(JSON.stringify({ type: 'FeatureCollection', features: data.features }));

/**
 * Records a read layer inside the caller's transaction: the `files` row of its stored GeoJSON, the
 * layer on top of the others, and its first vector metadata record (内部 unless said otherwise; the
 * record's file is the uploaded one). Answers the layer's id.
 */
export async function addLayer(
  tx: Queryable,
  input: {
    caseId: number;
    source: { fileId: string; name: string; size: number };
    stored: { key: string; size: number; sha256: string };
    data: VectorData;
    title: string;
    managingUnit: string | null;
    level?: Classification;
    style?: LayerStyle;
    by: { pkid: number | null; username: string };
    at: Date;
  },
): Promise<number> {
  const { data, at } = input;
  const [dataFile] = await tx
    .insert(files)
    .values({
      originalName: `${input.title}.geojson.gz`,
      contentType: 'application/gzip',
      size: input.stored.size,
      sha256: input.stored.sha256,
      storageKey: input.stored.key,
      createdBy: input.by.pkid,
      createdAt: at,
    })
    .returning({ id: files.id });
  const [top] = await tx.select({ order: max(l.sortOrder) }).from(l);
  const [west, south, east, north] = data.bbox;
  const [layer] = await tx
    .insert(l)
    .values({
      caseId: input.caseId,
      sourceFileId: input.source.fileId,
      dataFileId: dataFile!.id,
      sourceFormat: sourceFormatOf(input.source.name),
      crsCode: data.crs.code,
      crsLabel: data.crs.label,
      geometryType: data.geometryType,
      featureCount: data.count,
      west,
      south,
      east,
      north,
      fields: data.fields,
      style: input.style ?? DEFAULT_STYLE,
      sortOrder: (top?.order ?? 0) + 1,
      createdBy: input.by.pkid,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ layerId: l.layerId });
  const layerId = layer!.layerId;
  const level = input.level ?? classification.code.internal;
  await appendRecord(tx, {
    caseId: input.caseId,
    kind: metadataKind.code.vector,
    subjectKey: layerSubject(layerId),
    version: 1,
    classification: level,
    fileId: input.source.fileId,
    content: vectorContent({
      fileName: input.source.name,
      title: input.title,
      size: input.source.size,
      level,
      managingUnit: input.managingUnit,
      layerId,
      data,
      at,
    }),
    createdBy: input.by.pkid,
    createdByName: input.by.username,
    createdAt: at,
  });
  return layerId;
}

// ---- 地图管理

/** 图层设置 (the archive's keepers): the look in the row; a new name or level appends a version. */
export async function updateLayer(db: Database, user: SessionUser, input: LayerUpdate, at: Date) {
  const reader = await readerOf(db, user);
  if (!keepsArchive(reader)) throw new AppError('forbidden');
  await db.transaction(async (tx) => {
    await lockChain(tx);
    const { row } = await visibleLayer(tx, reader, input.id);
    if (input.labelField && !row.fields.includes(input.labelField))
      throw new AppError('invalid_input', { message: m.labelFieldUnknown, field: 'labelField' });
    await tx
      .update(l)
      .set({
        style: {
          color: input.color.toLowerCase(),
          width: input.width,
          fill: input.fill?.toLowerCase() ?? null,
          fillOpacity: input.fillOpacity,
          labelField: input.labelField ?? null,
        },
        visible: input.visible,
        updatedAt: at,
      })
      .where(eq(l.layerId, input.id));
    const level = input.classification as Classification;
    if (input.name === row.name && level === row.classification) return;
    const [latest] = await tx
      .select({ version: r.version, content: r.content, fileId: r.fileId })
      .from(r)
      .where(eq(r.recordId, row.recordId));
    await appendRecord(tx, {
      caseId: row.caseId,
      kind: metadataKind.code.vector,
      subjectKey: layerSubject(row.layerId),
      version: latest!.version + 1,
      classification: level,
      fileId: latest!.fileId,
      content: { ...latest!.content, name: input.name, classificationLevel: classification.label(level) },
      createdBy: user.pkid,
      createdByName: user.username,
      createdAt: at,
    });
  });
  const [row] = await layersFrom(db).where(eq(l.layerId, input.id));
  return shown(row!);
}

/** Moves a layer one place up (drawn above the next) or down, among all layers. */
export async function moveLayer(
  db: Database,
  user: SessionUser,
  input: { id: number; direction: 'up' | 'down' },
  at: Date,
) {
  const reader = await readerOf(db, user);
  if (!keepsArchive(reader)) throw new AppError('forbidden');
  await db.transaction(async (tx) => {
    const [layer] = await tx
      .select({ sortOrder: l.sortOrder })
      .from(l)
      .where(eq(l.layerId, input.id))
      .for('update');
    if (!layer) throw new AppError('not_found', { message: m.layerNotFound });
    const up = input.direction === 'up';
    const [neighbour] = await tx
      .select({ layerId: l.layerId, sortOrder: l.sortOrder })
      .from(l)
      .where(up ? sql`${l.sortOrder} > ${layer.sortOrder}` : sql`${l.sortOrder} < ${layer.sortOrder}`)
      .orderBy(up ? l.sortOrder : desc(l.sortOrder))
      .limit(1)
      .for('update');
    if (!neighbour) return;
    await tx.update(l).set({ sortOrder: neighbour.sortOrder, updatedAt: at }).where(eq(l.layerId, input.id));
    await tx
      .update(l)
      .set({ sortOrder: layer.sortOrder, updatedAt: at })
      .where(eq(l.layerId, neighbour.layerId));
  });
  return { layerId: input.id };
}

// ---- The folder vector files arrive through

/** `vector:<case>`: the uploaded files, read into layers by importLayer. */
export const vectorFolder: ArchiveFolderKind = {
  kind: 'vector',
  label: '矢量数据',
  async canRead(access) {
    return (await caseOfFolder(access))?.found.access.classified ?? false;
  },
  async canWrite(access) {
    const ofCase = await caseOfFolder(access);
    return ofCase !== null && addsToCase(ofCase.reader, ofCase.found.row);
  },
  formats: async () => vectorFormats,
};
