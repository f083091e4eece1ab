/**
 * The result catalogue (/fruitcatalog/manage): for each survey item, the result files it requires.
 * Versions are never edited: saving adds the next one. An item without any version gets its default
 * (shared/domain/result-catalogue.ts) as version 1 the first time it is read, so every database has a
 * catalogue without a seed step. A demand's catalogue is fixed when its agency is authorized
 * (`fixDemandCatalogue`, called by the authorizations module); demands authorized before this existed
 * are fixed lazily, from the current version, the first time their results are read.
 */
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import {
  demandResultCatalogues,
  projectStageItems,
  resultCatalogueEntries,
  resultCatalogueVersions,
  stages,
  surveyItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { defaultCatalogueOf } from '@shared/domain/result-catalogue';
import { AppError } from '@shared/errors/app-error';
import type { CatalogueVersion } from '@shared/calls/results';
import { resultMessages as m, type CatalogueSaveInput } from '@shared/validation/results';

const v = resultCatalogueVersions;
const e = resultCatalogueEntries;
const MB = 1024 * 1024;

/** The current version id of each item, writing the default version 1 for items without one. */
export async function currentVersions(
  tx: Queryable,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (itemIds.length === 0) return result;
  const newest = await tx
    .select({ itemId: v.itemId, version: max(v.version) })
    .from(v)
    .where(inArray(v.itemId, [...itemIds]))
    .groupBy(v.itemId);
  const missing = itemIds.filter((id) => !newest.some((row) => row.itemId === id));
  for (const itemId of missing) {
    const [created] = await tx
      .insert(v)
      .values({ itemId, version: 1, remark: '初始成果目录' })
      .onConflictDoNothing()
      .returning({ versionId: v.versionId });
    if (!created) continue; // written by a concurrent reader: read below
    await tx.insert(e).values(
      defaultCatalogueOf(itemId).map((entry, i) => ({
        versionId: created.versionId,
        name: entry.name,
        formats: [...entry.formats],
        required: entry.required,
        maxSize: entry.maxSize,
        orderIndex: i,
      })),
    );
  }
  const rows = await tx
    .select({ itemId: v.itemId, versionId: v.versionId, version: v.version })
    .from(v)
    .where(inArray(v.itemId, [...itemIds]))
    .orderBy(desc(v.version));
  for (const row of rows) if (!result.has(row.itemId)) result.set(row.itemId, row.versionId);
  return result;
}

/** The versions with their entries and item, in the order of `versionIds`. */
async function versionsByIds(db: Queryable, versionIds: readonly number[]): Promise<CatalogueVersion[]> {
  if (versionIds.length === 0) return [];
  const heads = await db
    .select({
      versionId: v.versionId,
      itemId: v.itemId,
      version: v.version,
      remark: v.remark,
      createdAt: v.createdAt,
      createdByName: users.username,
      itemName: surveyItems.name,
      stageId: stages.stageId,
      stageName: stages.name,
    })
    .from(v)
    .innerJoin(surveyItems, eq(surveyItems.itemId, v.itemId))
    .innerJoin(stages, eq(stages.stageId, surveyItems.stageId))
    .leftJoin(users, eq(users.pkid, v.createdBy))
    .where(inArray(v.versionId, [...versionIds]));
  const entries = await db
    .select()
    .from(e)
    .where(inArray(e.versionId, [...versionIds]))
    .orderBy(asc(e.orderIndex), asc(e.entryId));
  return versionIds.flatMap((versionId) => {
    const head = heads.find((row) => row.versionId === versionId);
    if (!head) return [];
    return [
      {
        ...head,
        createdAt: head.createdAt.toISOString(),
        entries: entries
          .filter((entry) => entry.versionId === versionId)
          .map(({ entryId, name, formats, required, maxSize }) => ({
            entryId,
            name,
            formats,
            required,
            maxSize,
          })),
      },
    ];
  });
}

/** fruitcatalog/list: every enabled item's current catalogue, in stage and item order. */
export async function listCatalogue(db: Database): Promise<CatalogueVersion[]> {
  const items = await db
    .select({ itemId: surveyItems.itemId })
    .from(surveyItems)
    .innerJoin(stages, eq(stages.stageId, surveyItems.stageId))
    .where(eq(surveyItems.isEnabled, true))
    .orderBy(
      asc(stages.orderIndex),
      asc(stages.stageId),
      asc(surveyItems.orderIndex),
      asc(surveyItems.itemId),
    );
  const ids = items.map((item) => item.itemId);
  const current = await db.transaction((tx) => currentVersions(tx, ids));
  return versionsByIds(
    db,
    ids.map((id) => current.get(id)).filter((id) => id !== undefined),
  );
}

async function requireItem(db: Queryable, itemId: number): Promise<void> {
  const [item] = await db
    .select({ itemId: surveyItems.itemId })
    .from(surveyItems)
    .where(eq(surveyItems.itemId, itemId));
  if (!item) throw new AppError('not_found', { message: m.itemNotFound });
}

/** fruitcatalog/versions: every version of one item, newest first. */
export async function catalogueVersions(
  db: Database,
  input: { itemId: number },
): Promise<CatalogueVersion[]> {
  await requireItem(db, input.itemId);
  await db.transaction((tx) => currentVersions(tx, [input.itemId]));
  const rows = await db
    .select({ versionId: v.versionId })
    .from(v)
    .where(eq(v.itemId, input.itemId))
    .orderBy(desc(v.version));
  return versionsByIds(
    db,
    rows.map((row) => row.versionId),
  );
}

/** fruitcatalog/save: the item's next version. Projects already fixed keep theirs. */
export async function saveCatalogue(
  db: Database,
  user: SessionUser,
  input: CatalogueSaveInput,
): Promise<CatalogueVersion> {
  const { itemId } = input;
  await requireItem(db, itemId);
  const versionId = await db.transaction(async (tx) => {
    await currentVersions(tx, [itemId]);
    const [newest] = await tx
      .select({ version: max(v.version) })
      .from(v)
      .where(eq(v.itemId, itemId));
    const [created] = await tx
      .insert(v)
      .values({
        itemId,
        version: (newest?.version ?? 0) + 1,
        remark: input.remark ?? null,
        createdBy: user.pkid,
      })
      .returning({ versionId: v.versionId });
    if (!created) throw new Error('catalogue version insert returned nothing');
    await tx.insert(e).values(
      input.entries.map((entry, i) => ({
        versionId: created.versionId,
        name: entry.name.trim(),
        formats: [...new Set(entry.formats)],
        required: entry.required,
        maxSize: entry.maxSizeMb * MB,
        orderIndex: i,
      })),
    );
    return created.versionId;
  });
  const [saved] = await versionsByIds(db, [versionId]);
  if (!saved) throw new Error('saved catalogue version not found');
  return saved;
}

/**
 * Fixes the catalogue of every item of a demand to its current version (idempotent: an item fixed
 * before keeps its version). The authorizations module calls it when an agency accepts an
 * authorization; reading a project's results calls it for demands authorized before.
 */
export async function fixDemandCatalogue(tx: Queryable, demandId: number): Promise<void> {
  const items = await tx
    .select({ itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId));
  const fixed = await tx
    .select({ itemId: demandResultCatalogues.itemId })
    .from(demandResultCatalogues)
    .where(eq(demandResultCatalogues.demandId, demandId));
  const missing = items.map((item) => item.itemId).filter((id) => !fixed.some((row) => row.itemId === id));
  if (missing.length === 0) return;
  const current = await currentVersions(tx, missing);
  await tx
    .insert(demandResultCatalogues)
    .values(missing.map((itemId) => ({ demandId, itemId, versionId: current.get(itemId)! })))
    .onConflictDoNothing();
}

/** The entries a demand's items were fixed to: (itemId, entry) in item and entry order. */
export async function fixedEntriesOf(db: Queryable, demandIds: readonly number[]) {
  if (demandIds.length === 0) return [];
  return db
    .select({
      demandId: demandResultCatalogues.demandId,
      itemId: demandResultCatalogues.itemId,
      itemName: surveyItems.name,
      entryId: e.entryId,
      name: e.name,
      formats: e.formats,
      required: e.required,
      maxSize: e.maxSize,
    })
    .from(demandResultCatalogues)
    .innerJoin(e, eq(e.versionId, demandResultCatalogues.versionId))
    .innerJoin(surveyItems, eq(surveyItems.itemId, demandResultCatalogues.itemId))
    .where(and(inArray(demandResultCatalogues.demandId, [...demandIds])))
    .orderBy(
      asc(demandResultCatalogues.demandId),
      asc(surveyItems.orderIndex),
      asc(surveyItems.itemId),
      asc(e.orderIndex),
    );
}
