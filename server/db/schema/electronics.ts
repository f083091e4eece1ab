/**
 * The electronic archive (成果档案, issue 23; docs/electronics.md): one archive case per completed
 * project, opened in the transaction that issues its certificate, and the metadata records of what
 * the case holds. Metadata records are never updated or deleted by the product: an edit appends the
 * next version, and every record extends one hash chain (record_id order).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classification, drawingCategory, metadataKind } from '@shared/domain/electronics';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { certificates } from './certificates';
import { files } from './content';
import { agentOrganizations } from './parties';
import { projects } from './projects';

export const archiveCases = pgTable(
  'archive_cases',
  {
    caseId: integer('case_id').primaryKey().generatedByDefaultAsIdentity(),
    caseNo: text('case_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'restrict' }),
    certificateId: integer('certificate_id').references(() => certificates.pkid),
    /** The agency whose authorization on the project was accepted (it and its staff read the case). */
    organizationId: integer('organization_id').references(() => agentOrganizations.organizationId),
    /** The case's own level: who finds the case in the list (its records carry their own). */
    classification: smallint('classification').notNull().default(1),
    year: integer('year').notNull(),
    archivedAt: timestamptz('archived_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    checkIn('archive_cases_classification_check', t.classification, classification.values),
    uniqueIndex('archive_cases_case_no_key').on(t.caseNo),
    // One case per project: archiving again finds it.
    uniqueIndex('archive_cases_project_id_key').on(t.projectId),
    index('archive_cases_year_idx').on(t.year, t.archivedAt),
    index('archive_cases_organization_id_idx').on(t.organizationId),
  ],
);

/**
 * One version of the metadata of one thing the case holds (`subject_key`: `result-file:12`,
 * `certificate:3`, later `layer:7`). `hash` = sha256 of the previous record's hash and this record's
 * canonical content (server/modules/electronics/chain.ts); the first record's previous hash is null.
 */
export const metadataRecords = pgTable(
  'metadata_records',
  {
    recordId: integer('record_id').primaryKey().generatedByDefaultAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => archiveCases.caseId, { onDelete: 'restrict' }),
    kind: smallint('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    version: integer('version').notNull(),
    classification: smallint('classification').notNull(),
    /** The stored file the record describes (a document), when there is one. */
    fileId: uuid('file_id').references(() => files.id),
    /** The catalogue's fields (shared/domain/electronics.ts) but chainHash and updateTime. */
    content: jsonb('content').$type<Record<string, string | number | null>>().notNull(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    checkIn('metadata_records_kind_check', t.kind, metadataKind.values),
    checkIn('metadata_records_classification_check', t.classification, classification.values),
    check('metadata_records_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('metadata_records_version_check', sql`${t.version} >= 1`),
    uniqueIndex('metadata_records_subject_version_key').on(t.subjectKey, t.version),
    // A hash has one successor at most: two appenders racing cannot fork the chain.
    uniqueIndex('metadata_records_previous_hash_key').on(t.previousHash),
    index('metadata_records_case_id_idx').on(t.caseId, t.subjectKey),
  ],
);

/** Each download of a 内部 or 涉密 file of the archive: who, what, when (DOMAIN.md "Archive"). */
export const archiveDownloads = pgTable(
  'archive_downloads',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => metadataRecords.recordId, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.pkid, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    classification: smallint('classification').notNull(),
    downloadedAt: timestamptz('downloaded_at').notNull(),
  },
  (t) => [index('archive_downloads_record_id_idx').on(t.recordId, t.downloadedAt)],
);

/**
 * A drawing or drawing document kept in a case (图件, 图文档). What it is (name, format, size, level)
 * and each of its versions are metadata records of the subject `drawing:<drawing_id>`: a new file
 * appends a version with the new file, an edit a version with the same one.
 */
export const drawings = pgTable(
  'drawings',
  {
    drawingId: integer('drawing_id').primaryKey().generatedByDefaultAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => archiveCases.caseId, { onDelete: 'restrict' }),
    category: smallint('category').notNull(),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    checkIn('drawings_category_check', t.category, drawingCategory.values),
    index('drawings_case_id_idx').on(t.caseId),
    index('drawings_category_idx').on(t.category, t.drawingId),
  ],
);

/** How a layer is drawn (MapManagement): stroke colour and width, fill, the field written as label. */
export interface LayerStyle {
  color: string;
  width: number;
  fill: string | null;
  fillOpacity: number;
  labelField: string | null;
}

/**
 * A vector layer of a case (数据上传, 地图管理): the uploaded file (GeoJSON, zipped Shapefile, KML), its
 * features reprojected to WGS84 and stored as GeoJSON (`data_file_id`, through the storage), what the
 * reading found, and how the map draws it. Its name and level are the chain's, as a drawing's: the
 * metadata records of the subject `layer:<layer_id>` (vector kind, 20 fields).
 */
export const vectorLayers = pgTable(
  'vector_layers',
  {
    layerId: integer('layer_id').primaryKey().generatedByDefaultAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => archiveCases.caseId, { onDelete: 'restrict' }),
    sourceFileId: uuid('source_file_id')
      .notNull()
      .references(() => files.id),
    dataFileId: uuid('data_file_id')
      .notNull()
      .references(() => files.id),
    /** GeoJSON, Shapefile or KML. */
    sourceFormat: text('source_format').notNull(),
    /** The source's reference system (EPSG:4527) and its Chinese name. */
    crsCode: text('crs_code').notNull(),
    crsLabel: text('crs_label').notNull(),
    geometryType: text('geometry_type').notNull(),
    featureCount: integer('feature_count').notNull(),
    /** The extent in WGS84 lon/lat. */
    west: doublePrecision('west').notNull(),
    south: doublePrecision('south').notNull(),
    east: doublePrecision('east').notNull(),
    north: doublePrecision('north').notNull(),
    /** The attribute names, in the file's order. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    style: jsonb('style').$type<LayerStyle>().notNull(),
    /** Drawing order on the map: higher is drawn above. */
    sortOrder: integer('sort_order').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('vector_layers_case_id_idx').on(t.caseId),
    // A file is read into one layer at most (importing it again is refused).
    uniqueIndex('vector_layers_source_file_id_key').on(t.sourceFileId),
    index('vector_layers_sort_order_idx').on(t.sortOrder),
    check('vector_layers_feature_count_check', sql`${t.featureCount} >= 0`),
  ],
);
