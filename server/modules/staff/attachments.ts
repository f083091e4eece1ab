/**
 * A person's attachments (ID card copy, certificate, other files) under the upload rules of spec
 * section 5. An addition or an edit in place writes them at once; a change of an approved person
 * records the set before and after (agent_staff_changes.before_files / data_files) and only the
 * approval puts the new set in force (applyStaffChange in review-hooks.ts).
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentStaff, agentStaffAttachments, agentStaffChanges, files } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import {
  checkAttachmentUploads,
  describeAttachments,
  sentAttachmentKinds,
  storeAttachmentUploads,
} from '@server/storage/attachments';
import type { StaffAttachment } from '@shared/calls/staff';
import { staffAttachmentKind, type AttachmentRef } from '@shared/domain/staff';
import { AppError } from '@shared/errors/app-error';
import { staffMessages } from '@shared/validation/staff';
import { canSeePerson } from './scope';

const k = staffAttachmentKind.code;

/** The form fields and the kind each one stores. */
export const staffUploadFields = [
  ['idCardFile', k.idCard],
  ['certificateFile', k.certificate],
  ['otherFile', k.other],
] as const;

type UploadInput = {
  idCardFile?: File | undefined;
  certificateFile?: File | undefined;
  otherFile?: File | undefined;
  removeFileIds?: string[] | undefined;
  certificateNo?: string | undefined;
};

/** Checks every file sent (rules and content against the extension) before anything is stored. */
export const checkStaffUploads = (input: UploadInput): Promise<void> =>
  checkAttachmentUploads(input, staffUploadFields);

/** The person's attachments in force. */
export async function staffAttachmentRefs(db: Queryable, staffId: number): Promise<AttachmentRef[]> {
  return db
    .select({ kind: agentStaffAttachments.kind, fileId: agentStaffAttachments.fileId })
    .from(agentStaffAttachments)
    .where(eq(agentStaffAttachments.staffId, staffId))
    .orderBy(agentStaffAttachments.kind, agentStaffAttachments.pkid);
}

/**
 * The set after an edit: the current set without the removed files, and with what was sent. An ID card
 * copy or certificate sent replaces the one there (a person has one of each); other files add up.
 * Refuses a removal of a file that is not the person's, and a set missing a required attachment.
 */
export function nextStaffFiles(
  current: readonly AttachmentRef[],
  input: UploadInput,
  sentKinds: readonly number[],
): AttachmentRef[] {
  const removing = new Set(input.removeFileIds ?? []);
  for (const fileId of removing)
    if (!current.some((file) => file.fileId === fileId))
      throw new AppError('not_found', { message: staffMessages.removeUnknown });
  const kept = current.filter(
    (file) => !removing.has(file.fileId) && (file.kind === k.other || !sentKinds.includes(file.kind)),
  );
  return kept;
}

/** The required attachments: an ID card copy always, a certificate when a certificate number is given. */
export function requireStaffFiles(kinds: readonly number[], certificateNo: string | null | undefined) {
  if (!kinds.includes(k.idCard))
    throw new AppError('invalid_input', { message: staffMessages.idCardFileRequired, field: 'idCardFile' });
  if (certificateNo && !kinds.includes(k.certificate))
    throw new AppError('invalid_input', {
      message: staffMessages.certificateFileRequired,
      field: 'certificateFile',
    });
}

/** The kinds of the files sent with the form. */
export const sentKinds = (input: UploadInput): number[] => sentAttachmentKinds(input, staffUploadFields);

/** Stores the files sent (after checkStaffUploads) and returns them as references. */
export async function storeStaffUploads(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  input: UploadInput,
  userId: number,
): Promise<AttachmentRef[]> {
  return storeAttachmentUploads(ctx, input, staffUploadFields, userId);
}

/** Puts `next` in force as the person's attachments (inside the caller's transaction). */
export async function replaceStaffAttachments(
  tx: Queryable,
  staffId: number,
  next: readonly AttachmentRef[],
) {
  await tx.delete(agentStaffAttachments).where(eq(agentStaffAttachments.staffId, staffId));
  if (next.length > 0)
    await tx
      .insert(agentStaffAttachments)
      .values(next.map((file) => ({ staffId, kind: file.kind, fileId: file.fileId })));
}

/** References with the file names, types and sizes, in the order given. */
export async function describeStaffFiles(
  db: Queryable,
  refs: readonly AttachmentRef[],
): Promise<StaffAttachment[]> {
  return describeAttachments(db, refs);
}

/**
 * A file of a person the user may see: one in force, or one of the person's change requests (before
 * or after). The authority sees every agency's; an agency its own staff's; a staff account its own.
 * Anything else answers 404, so another agency cannot even learn the file exists.
 */
export async function staffAttachmentFile(
  db: Queryable,
  user: SessionUser,
  fileId: string,
): Promise<FileToSend> {
  const ref = JSON.stringify([{ fileId }]);
  const owners = await db
    .select({ staffId: agentStaff.staffId, organizationId: agentStaff.organizationId })
    .from(agentStaff)
    .where(
      or(
        inArray(
          agentStaff.staffId,
          db
            .select({ id: agentStaffAttachments.staffId })
            .from(agentStaffAttachments)
            .where(eq(agentStaffAttachments.fileId, fileId)),
        ),
        inArray(
          agentStaff.staffId,
          db
            .select({ id: agentStaffChanges.staffId })
            .from(agentStaffChanges)
            .where(
              or(
                sql`${agentStaffChanges.dataFiles} @> ${ref}::jsonb`,
                sql`${agentStaffChanges.beforeFiles} @> ${ref}::jsonb`,
              ),
            ),
        ),
      ),
    );
  const notFound = new AppError('not_found', { message: '附件不存在' });
  const owner = owners[0];
  if (!owner) throw notFound;
  if (!(await canSeePerson(db, user, owner.organizationId, owner.staffId))) throw notFound;
  const [file] = await db.select(fileToSendColumns).from(files).where(eq(files.id, fileId));
  if (!file) throw notFound;
  return file;
}
