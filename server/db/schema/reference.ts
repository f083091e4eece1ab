import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** GeoJSON geometry (RFC 7946) as stored in districts.boundary: [lon, lat] positions, CCW outer rings. */
export type GeoJsonPosition = [number, number];
export type GeoJsonPolygon = { type: 'Polygon'; coordinates: GeoJsonPosition[][] };
export type GeoJsonMultiPolygon = { type: 'MultiPolygon'; coordinates: GeoJsonPosition[][][] };
export type DistrictBoundary = GeoJsonPolygon | GeoJsonMultiPolygon;

/**
 * Administrative areas. The city row and other helper rows share this table; the spec's district list
 * keeps only codes of length 7 or 11 (filter in the query, not here).
 */
export const districts = pgTable(
  'districts',
  {
    districtCode: text('district_code').primaryKey(),
    districtName: text('district_name').notNull(),
    parentCode: text('parent_code').references((): AnyPgColumn => districts.districtCode, {
      onDelete: 'set null',
    }),
    boundary: jsonb('boundary').$type<DistrictBoundary>(),
    centerLon: doublePrecision('center_lon'),
    centerLat: doublePrecision('center_lat'),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    index('districts_parent_code_idx').on(t.parentCode),
    index('districts_code_length_idx').on(sql`length(${t.districtCode})`),
  ],
);

/** Approval stages (shared/domain/stages.ts gives the seed rows and their stable ids). */
export const stages = pgTable('stages', {
  stageId: integer('stage_id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  orderIndex: integer('order_index').notNull().default(0),
});

/** Survey items of a stage; agencies' business scopes and demands refer to their ids. */
export const surveyItems = pgTable(
  'survey_items',
  {
    itemId: integer('item_id').primaryKey().generatedByDefaultAsIdentity(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.stageId),
    name: text('name').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [index('survey_items_stage_id_idx').on(t.stageId, t.orderIndex)],
);
