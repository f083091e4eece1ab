/**
 * The import of the approval platform's feed (the job docking-import and importNow; docs/docking.md).
 * Idempotent on the platform's project id: an entry seen before with the same content is skipped, a
 * changed one updates its row (and files), a deleted row stays deleted. Two instances importing at
 * once meet at the unique key: the second insert does nothing.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { dockedProjectFiles, dockedProjects, files, projects } from '@server/db/schema';
import type { DockedFileType } from '@shared/domain/docking';
import { checkUpload, contentTypeFor, documentExtensions } from '@shared/validation/upload';
import { feedProjectSchema, type FeedProject } from './feed';
import { DockingFeedError, dockingProviderFor, type DockingProvider } from './provider';

const dp = dockedProjects;

/** The name of the scheduled import (server/jobs.ts). */
export const DOCKING_IMPORT_JOB = 'docking-import';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger' | 'storage'>;

/** How many entries of a feed went in, changed, stayed and failed. */
export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** A stable hash of an entry: keys sorted, so the same content in another key order is unchanged. */
function hashOf(entry: FeedProject): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(entry)))
    .digest('hex');
}

function columnsOf(entry: FeedProject) {
  return {
    projectName: entry.projectName,
    centralCode: entry.centralCode ?? null,
    localCode: entry.localCode ?? null,
    districtCode: entry.districtCode ?? null,
    address: entry.address ?? null,
    lon: entry.lon ?? null,
    lat: entry.lat ?? null,
    fundingParty: entry.fundingParty ?? null,
    projectType: entry.projectType ?? null,
    totalInvestment: entry.totalInvestment ?? null,
    landArea: entry.landArea ?? null,
    buildingArea: entry.buildingArea ?? null,
    constructionName: entry.constructionName,
    constructionCreditCode: entry.constructionCreditCode ?? null,
    contactName: entry.contactName ?? null,
    contactPhone: entry.contactPhone ?? null,
    approvalNo: entry.approvalNo ?? null,
    approvedOn: entry.approvedOn ?? null,
  };
}

interface StoredFeedFile {
  type: DockedFileType;
  row: typeof files.$inferInsert;
}

/** Reads and stores an entry's files (the upload rules apply); on any failure removes what it stored. */
async function storeFiles(
  ctx: Ctx,
  provider: DockingProvider,
  entry: FeedProject,
): Promise<StoredFeedFile[]> {
  const stored: StoredFeedFile[] = [];
  try {
    for (const file of entry.files) {
      const bytes = await provider.readFile(file);
      const problem = checkUpload({ name: file.name, size: bytes.byteLength }, documentExtensions);
      if (problem) throw new DockingFeedError(`file ${file.name}: ${problem.message}`);
      const object = await ctx.storage.write(bytes);
      stored.push({
        type: file.type,
        row: {
          originalName: file.name.trim(),
          contentType: contentTypeFor(file.name.trim()),
          size: object.size,
          sha256: object.sha256,
          storageKey: object.key,
          createdBy: null,
        },
      });
    }
    return stored;
  } catch (error) {
    await removeStored(ctx, stored);
    throw error;
  }
}

async function removeStored(ctx: Ctx, stored: StoredFeedFile[]) {
  for (const file of stored) await ctx.storage.remove(file.row.storageKey).catch(() => {});
}

/** The project with the entry's central code, if there is one: the docked row is linked to it. */
async function projectWithCode(db: Queryable, centralCode: string | undefined): Promise<number | null> {
  if (!centralCode) return null;
  const [row] = await db
    .select({ pkid: projects.pkid })
    .from(projects)
    .where(eq(projects.centralCode, centralCode))
    .orderBy(asc(projects.pkid))
    .limit(1);
  return row?.pkid ?? null;
}

/**
 * Reads the provider's feed and stores what is new or changed. Entries that fail their checks are
 * counted (and logged) and left out; the others go in. Throws DockingFeedError when the feed cannot
 * be read at all (the job records the failure).
 */
export async function importDockedProjects(ctx: Ctx, now: Date): Promise<ImportSummary> {
  const provider = dockingProviderFor(ctx.config.docking);
  const documents = await provider.fetchFeed();
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, failed: 0 };
  const seen = new Set<string>();
  for (const raw of documents.flatMap((d) => d.projects)) {
    const parsed = feedProjectSchema.safeParse(raw);
    if (!parsed.success) {
      summary.failed++;
      ctx.logger.warn(
        {
          platformProjectId: (raw as { platformProjectId?: unknown } | null)?.platformProjectId,
          issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        },
        'docking feed entry refused',
      );
      continue;
    }
    const entry = parsed.data;
    // The same id twice in one feed: the first one counts.
    if (seen.has(entry.platformProjectId)) continue;
    seen.add(entry.platformProjectId);
    try {
      summary[await importEntry(ctx, provider, entry, now)]++;
    } catch (error) {
      summary.failed++;
      ctx.logger.warn(
        { platformProjectId: entry.platformProjectId, err: error },
        'docking feed entry not imported',
      );
    }
  }
  return summary;
}

/** Another instance imported the entry a moment ago: its import stands. */
class AlreadyImported extends Error {}

/** One entry to write: where it came from, the entry and its hash, its stored files, the clock. */
interface EntryWrite {
  provider: DockingProvider;
  entry: FeedProject;
  hash: string;
  stored: StoredFeedFile[];
  now: Date;
}

async function importEntry(
  ctx: Ctx,
  provider: DockingProvider,
  entry: FeedProject,
  now: Date,
): Promise<'added' | 'updated' | 'unchanged'> {
  const hash = hashOf(entry);
  const [existing] = await ctx.db
    .select({ pkid: dp.pkid, payloadHash: dp.payloadHash, deletedAt: dp.deletedAt })
    .from(dp)
    .where(eq(dp.platformProjectId, entry.platformProjectId));
  if (existing && (existing.payloadHash === hash || existing.deletedAt)) return 'unchanged';
  const stored = await storeFiles(ctx, provider, entry);
  const write: EntryWrite = { provider, entry, hash, stored, now };
  try {
    return await ctx.db.transaction(async (tx) => {
      const linked = await projectWithCode(tx, entry.centralCode);
      const dockedId = existing
        ? await updateEntry(tx, write, existing.pkid, linked)
        : await insertEntry(tx, write, linked);
      await attachFiles(tx, dockedId, write);
      return existing ? 'updated' : 'added';
    });
  } catch (error) {
    await removeStored(ctx, stored);
    if (error instanceof AlreadyImported) return 'unchanged';
    throw error;
  }
}

/** A new docked row, linked to the project with its central code if one exists. */
async function insertEntry(tx: Queryable, write: EntryWrite, linked: number | null): Promise<number> {
  const [created] = await tx
    .insert(dp)
    .values({
      platformProjectId: write.entry.platformProjectId,
      source: write.provider.source,
      ...columnsOf(write.entry),
      payloadHash: write.hash,
      projectId: linked,
      importedAt: linked ? write.now : null,
      createdAt: write.now,
      updatedAt: write.now,
    })
    .onConflictDoNothing({ target: dp.platformProjectId })
    .returning({ pkid: dp.pkid });
  if (!created) throw new AlreadyImported();
  return created.pkid;
}

/** The changed entry over its row (linked now if it was not); its new files replace those of their type. */
async function updateEntry(
  tx: Queryable,
  { provider, entry, hash, stored, now }: EntryWrite,
  pkid: number,
  linked: number | null,
): Promise<number> {
  const [updated] = await tx
    .update(dp)
    .set({ source: provider.source, ...columnsOf(entry), payloadHash: hash, updatedAt: now })
    .where(and(eq(dp.pkid, pkid), isNull(dp.deletedAt), sql`${dp.payloadHash} <> ${hash}`))
    .returning({ pkid: dp.pkid, projectId: dp.projectId });
  if (!updated) throw new AlreadyImported();
  if (updated.projectId === null && linked !== null)
    await tx.update(dp).set({ projectId: linked, importedAt: now }).where(eq(dp.pkid, updated.pkid));
  if (stored.length > 0)
    await tx.delete(dockedProjectFiles).where(
      and(
        eq(dockedProjectFiles.dockedId, updated.pkid),
        inArray(
          dockedProjectFiles.type,
          stored.map((f) => f.type),
        ),
      ),
    );
  return updated.pkid;
}

/** The stored files as rows of `files`, attached to the docked row. */
async function attachFiles(tx: Queryable, dockedId: number, { stored, now }: EntryWrite): Promise<void> {
  for (const file of stored) {
    const [row] = await tx.insert(files).values(file.row).returning({ id: files.id });
    if (!row) throw new Error('files insert returned nothing');
    await tx.insert(dockedProjectFiles).values({ dockedId, type: file.type, fileId: row.id, createdAt: now });
  }
}
