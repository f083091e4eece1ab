/**
 * Kinded attachments of a form (an agency's licence and certificates, a person's ID card copy and
 * certificate): each form field stores one kind. Checked all before any is stored, so a refusal
 * leaves nothing behind; described back with the stored files' names, types and sizes.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { files } from '@server/db/schema';
import type { AttachmentRef } from '@shared/domain/staff';
import { documentExtensions } from '@shared/validation/upload';
import { checkUploadedFile, storeUploadedFile, type StoredUpload } from './uploads';

/** The form fields and the kind each one stores. */
export type AttachmentFields<F extends string> = readonly (readonly [F, number])[];

/** Checks every file sent (the upload rules, content against the extension) before anything is stored. */
export async function checkAttachmentUploads<F extends string>(
  input: { readonly [K in F]?: unknown },
  fields: AttachmentFields<F>,
): Promise<void> {
  for (const [field] of fields)
    if (input[field] !== undefined)
      await checkUploadedFile(input[field], documentExtensions, { field, contentMustMatch: true });
}

/** The kinds of the files sent with the form. */
export function sentAttachmentKinds<F extends string>(
  input: { readonly [K in F]?: unknown },
  fields: AttachmentFields<F>,
): number[] {
  return fields.filter(([field]) => input[field] !== undefined).map(([, kind]) => kind);
}

/** Stores the files sent (after checkAttachmentUploads) and returns them as references. */
export async function storeAttachmentUploads<F extends string>(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  input: { readonly [K in F]?: unknown },
  fields: AttachmentFields<F>,
  userId: number,
): Promise<AttachmentRef[]> {
  const stored: AttachmentRef[] = [];
  for (const [field, kind] of fields) {
    if (input[field] === undefined) continue;
    const file = await storeUploadedFile(ctx, input[field], documentExtensions, userId, { field });
    stored.push({ kind, fileId: file.fileId });
  }
  return stored;
}

/** References with the stored files' names, types and sizes, in the order given (missing ones left out). */
export async function describeAttachments(
  db: Queryable,
  refs: readonly AttachmentRef[],
): Promise<(StoredUpload & { kind: number })[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(files)
    .where(
      inArray(
        files.id,
        refs.map((file) => file.fileId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.fileId, row]));
  return refs.flatMap((ref) => {
    const row = byId.get(ref.fileId);
    return row ? [{ ...row, kind: ref.kind }] : [];
  });
}
