/**
 * The metadata records' hash chain (docs/electronics.md): every record's hash is the SHA-256 of the
 * previous record's hash and this record's canonical content, in record_id order. Appending takes one
 * lock so two appenders never read the same tail; verifying recomputes the chain and names the first
 * record that no longer matches what was written.
 */
import { createHash } from 'node:crypto';
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { archiveCases, metadataRecords } from '@server/db/schema';
import { canonicalJson, type Classification, type MetadataKind } from '@shared/domain/electronics';

const r = metadataRecords;

/** What a record says and the chain covers: everything but its id, its hash and the link. */
export interface RecordContent {
  caseId: number;
  kind: MetadataKind;
  subjectKey: string;
  version: number;
  classification: Classification;
  fileId: string | null;
  content: Record<string, string | number | null>;
  createdBy: number | null;
  createdByName: string;
  createdAt: Date;
}

/** SHA-256 (hex) of the previous hash and the record's canonical content. */
export function chainHash(previousHash: string | null, record: RecordContent): string {
  const canonical = canonicalJson({ ...record, createdAt: record.createdAt.toISOString() });
  return createHash('sha256')
    .update(previousHash ?? '')
    .update('\n')
    .update(canonical)
    .digest('hex');
}

/**
 * Takes the chain's lock until the caller's transaction ends: appenders queue on it, so each reads the
 * tail (or a subject's latest version) only once the one before it committed. Taking it twice in one
 * transaction is harmless.
 */
export async function lockChain(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('metadata_records:chain'))`);
}

/**
 * Appends one record at the chain's end inside the caller's transaction and answers its id and hash.
 * The tail is read under the chain's lock, so each appender sees the one before it (the unique
 * previous_hash index would refuse a fork anyway).
 */
export async function appendRecord(tx: Queryable, record: RecordContent) {
  await lockChain(tx);
  const [tail] = await tx.select({ hash: r.hash }).from(r).orderBy(desc(r.recordId)).limit(1);
  const previousHash = tail?.hash ?? null;
  // Milliseconds only: what is hashed must be what the column gives back.
  const createdAt = new Date(record.createdAt.getTime());
  const hash = chainHash(previousHash, { ...record, createdAt });
  const [row] = await tx
    .insert(r)
    .values({ ...record, createdAt, previousHash, hash })
    .returning({ recordId: r.recordId, hash: r.hash });
  if (!row) throw new Error('metadata record insert returned nothing');
  return row;
}

export interface ChainBreak {
  recordId: number;
  caseNo: string | null;
  subjectKey: string;
  version: number;
  /** content: the record's content no longer gives its hash; link: it no longer follows the one before. */
  reason: 'content' | 'link';
}

export interface ChainVerification {
  /** Records checked before the first break (all of them when the chain holds). */
  verified: number;
  total: number;
  broken: ChainBreak | null;
}

const BATCH = 500;

/** Recomputes the whole chain, batch by batch in record_id order; stops at the first break. */
export async function verifyChain(db: Queryable): Promise<ChainVerification> {
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(r);
  let previousHash: string | null = null;
  let after = 0;
  let verified = 0;
  for (;;) {
    const rows = await db
      .select({ ...recordColumns, caseNo: archiveCases.caseNo })
      .from(r)
      .leftJoin(archiveCases, eq(archiveCases.caseId, r.caseId))
      .where(gt(r.recordId, after))
      .orderBy(asc(r.recordId))
      .limit(BATCH);
    for (const row of rows) {
      const reason =
        row.previousHash !== previousHash
          ? 'link'
          : chainHash(row.previousHash, contentOf(row)) !== row.hash
            ? 'content'
            : null;
      if (reason) {
        const { recordId, caseNo, subjectKey, version } = row;
        return { verified, total, broken: { recordId, caseNo, subjectKey, version, reason } };
      }
      previousHash = row.hash;
      verified += 1;
    }
    if (rows.length < BATCH) return { verified, total, broken: null };
    after = rows[rows.length - 1]!.recordId;
  }
}

const recordColumns = {
  recordId: r.recordId,
  caseId: r.caseId,
  kind: r.kind,
  subjectKey: r.subjectKey,
  version: r.version,
  classification: r.classification,
  fileId: r.fileId,
  content: r.content,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  createdAt: r.createdAt,
  previousHash: r.previousHash,
  hash: r.hash,
};

function contentOf(row: {
  [K in keyof RecordContent]: K extends 'kind' | 'classification' ? number : RecordContent[K];
}): RecordContent {
  return {
    caseId: row.caseId,
    kind: row.kind as MetadataKind,
    subjectKey: row.subjectKey,
    version: row.version,
    classification: row.classification as Classification,
    fileId: row.fileId,
    content: row.content,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt,
  };
}
