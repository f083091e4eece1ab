/**
 * A registration under review, once for every registrant (an agency's application, a construction
 * unit's verification): an account keeps one registrant row (its `user_id`), saves it as a draft with
 * its attachments and submits it; reviewers decide it through the review workflow, whose hook for the
 * kind (`mirrorRegistration`) mirrors the status into the row and stamps the submission and decision
 * times; a rejected registration is edited and submitted again. While pending or approved it is
 * locked (an approved registrant changes through a change request, change-requests.ts).
 *
 * The engine imports no domain: a domain describes its registrant once with `defineRegistration` (its
 * two tables, shaped by server/db/schema/registration.ts, and their key properties; the attachment
 * rules of shared/validation/registration.ts; the column no two registrants share; the lock messages)
 * and keeps what is its own: the fields, who may see a registrant, the record it answers. A third
 * registrant, e.g. the result-sharing departments, is a description, a hook and a call:
 *
 * ```ts
 * // server/modules/results/registration.ts
 * export const departmentRegistration = defineRegistration({
 *   subjectType: auditSubject.code.sharingDepartment,
 *   table: sharingDepartments, // ...registrationColumns(), registrationConstraints(…)
 *   id: 'departmentId',
 *   attachments: { table: sharingDepartmentAttachments, owner: 'departmentId' }, // attachmentTable(…)
 *   files: departmentFiles, // registrationFiles(departmentAttachmentKind, { licence: m.licenceRequired })
 *   unique: { column: sharingDepartments.creditCode, field: 'creditCode', message: m.creditCodeTaken },
 *   locked: { pending: m.pendingLocked, approved: m.approvedLocked },
 * });
 * // server/modules/results/review-hooks.ts
 * [auditSubject.code.sharingDepartment]: mirrorRegistration(departmentRegistration),
 * // server/modules/results/service.ts, updateSelf; its input is
 * // registrationSchema(departmentFieldsSchema, departmentFiles, m) (shared/validation/registration.ts)
 * const id = await saveRegistration(ctx, departmentRegistration, user, input, {
 *   name: input.name,
 *   creditCode: input.creditCode,
 * });
 * ```
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import type { ReviewItemSource, ReviewItemSources } from '@server/db/review-items';
import { files } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import { writeDroppingPages, type PageCacheTag } from '@server/lib/page-cache';
import type { SessionUser } from '@server/modules/identity';
import { checkUploadedFile, storeUploadedFile } from '@server/storage/uploads';
import { auditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { documentExtensions } from '@shared/validation/upload';
import type { RegistrationFiles } from '@shared/validation/registration';
import {
  applyOnApproval,
  changeItems,
  type ChangeRequestTable,
  type ChangeStep,
  type ChangeTable,
} from './change-tables';
import { decisionStamps, requireSubjectRow, type ReviewHook, type ReviewHooks } from './hooks';
import { submitForReview } from './decide';
import type { ReviewTask } from './lists';
import { doneRowsOf, queueOf, todoRowsOf, type QueueInput, type ReviewSubjects } from './todo-rows';

type IdColumn = AnyPgColumn<{ data: number; notNull: true }>;

/** A registrant table (registrationColumns) whose key is the property `K`. */
type RegistrantTable<K extends string> = PgTable &
  Record<K, IdColumn> &
  Record<'userId' | 'auditStatus' | 'submittedAt' | 'auditedAt' | 'createdAt' | 'updatedAt', PgColumn>;

/** An attachments table (attachmentTable) whose property `O` holds the registrant's key. */
type AttachmentTable<O extends string> = PgTable &
  Record<O | 'pkid' | 'kind', IdColumn> &
  Record<'fileId', AnyPgColumn<{ data: string; notNull: true }>>;

/** The rules of a kind of registrant. */
interface RegistrationRules {
  /** The review kind (auditSubject) of its registrations. */
  subjectType: AuditSubject;
  /** The attachment kinds (a kind's key is its upload field) and the ones a submission needs. */
  files: RegistrationFiles;
  /** A column no two registrants share (the credit code), the input field carrying it, the refusal. */
  unique?: { column: PgColumn; field: string; message: string };
  /** Why a pending or an approved registration cannot be edited (409). */
  locked: { pending: string; approved: string };
  /** Hall pages that count registrants, dropped when one is created. */
  pagesOnCreate?: readonly PageCacheTag[];
}

/** How a domain describes its registrant: its rules, and its tables by their properties. */
export interface RegistrationSpec<
  T extends RegistrantTable<K>,
  K extends string,
  O extends string,
> extends RegistrationRules {
  table: T;
  /** The property of the table's key. */
  id: K;
  /** The attachments table and its property holding the registrant's key. */
  attachments: { table: AttachmentTable<O>; owner: O };
}

/** A kind of registrant as the helpers use it: its rules, with its tables' columns looked up. */
export interface Registration<T extends PgTable = PgTable> extends RegistrationRules {
  table: T;
  columns: {
    id: IdColumn;
    userId: PgColumn;
    auditStatus: PgColumn;
    submittedAt: PgColumn;
    auditedAt: PgColumn;
    updatedAt: PgColumn;
  };
  attachments: { table: AttachmentTable<never>; owner: IdColumn; ownerKey: string };
}

/** Names a kind of registrant once; the types check its properties against its tables. */
export function defineRegistration<T extends RegistrantTable<K>, K extends string, O extends string>(
  spec: RegistrationSpec<T, K, O>,
): Registration<T> {
  const { table, id, attachments } = spec;
  return {
    ...spec,
    columns: {
      id: table[id],
      userId: table.userId,
      auditStatus: table.auditStatus,
      submittedAt: table.submittedAt,
      auditedAt: table.auditedAt,
      updatedAt: table.updatedAt,
    },
    attachments: {
      table: attachments.table,
      owner: attachments.table[attachments.owner],
      ownerKey: attachments.owner,
    },
  };
}

/** What updateSelf sends beside the fields: save or submit, a file per kind's key, files to remove. */
export interface RegistrationInput {
  action: 'save' | 'submit';
  removeFileIds?: string[] | undefined;
  [upload: string]: unknown;
}

/** An attachment with its stored file's name, type and size. */
export interface RegisteredFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  kind: number;
}

/** The registrant of an account, or null before it first saved one. */
export async function ownRegistrantId(
  db: Queryable,
  { table, columns }: Registration,
  userId: number,
): Promise<number | null> {
  const [row] = await db.select({ id: columns.id }).from(table).where(eq(columns.userId, userId));
  return row?.id ?? null;
}

/** A registrant's attachments, by kind then upload order. */
export async function registeredFiles(
  db: Queryable,
  { attachments: { table, owner } }: Registration,
  registrantId: number,
): Promise<RegisteredFile[]> {
  return db
    .select({
      fileId: table.fileId,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      kind: table.kind,
    })
    .from(table)
    .innerJoin(files, eq(files.id, table.fileId))
    .where(eq(owner, registrantId))
    .orderBy(asc(table.kind), asc(table.pkid));
}

/** A registrant's attachment as a file to send, with the registrant it belongs to; null if none. */
export async function registeredFile(
  db: Queryable,
  { attachments: { table, owner } }: Registration,
  fileId: string,
): Promise<(FileToSend & { registrantId: number }) | null> {
  const [row] = await db
    .select({ ...fileToSendColumns, registrantId: owner })
    .from(table)
    .innerJoin(files, eq(files.id, table.fileId))
    .where(eq(table.fileId, fileId))
    .limit(1);
  return row ?? null;
}

/** The input's uploads with their kinds, in the kinds' order. */
function uploadsOf({ files: rules }: Registration, input: RegistrationInput) {
  return rules.kinds.entries
    .filter((kind) => input[kind.key] !== undefined)
    .map((kind) => ({ field: kind.key, kind: kind.value, file: input[kind.key] }));
}

/**
 * Every refusal before anything is stored, in this order: a locked registration (409), a missing,
 * disguised or disallowed upload, a taken unique value (409), a removal of a file it does not have
 * (404), and, to submit, a required kind neither kept nor uploaded.
 */
async function checkRegistration(
  db: Queryable,
  registration: Registration,
  existingId: number | null,
  input: RegistrationInput,
): Promise<void> {
  const { table, columns, unique, locked } = registration;
  if (existingId !== null) {
    const [current] = await db
      .select({ status: columns.auditStatus })
      .from(table)
      .where(eq(columns.id, existingId));
    if (current?.status === auditStatus.code.pending)
      throw new AppError('conflict', { message: locked.pending });
    if (current?.status === auditStatus.code.approved)
      throw new AppError('conflict', { message: locked.approved });
  }
  const uploads = uploadsOf(registration, input);
  for (const { field, file } of uploads)
    await checkUploadedFile(file, documentExtensions, { field, contentMustMatch: true });
  if (unique) {
    const [taken] = await db
      .select({ id: columns.id })
      .from(table)
      .where(
        and(
          eq(unique.column, input[unique.field]),
          existingId === null ? undefined : ne(columns.id, existingId),
        ),
      );
    if (taken) throw new AppError('conflict', { message: unique.message, field: unique.field });
  }
  const existing = existingId === null ? [] : await registeredFiles(db, registration, existingId);
  const removing = new Set(input.removeFileIds ?? []);
  for (const fileId of removing)
    if (!existing.some((file) => file.fileId === fileId))
      throw new AppError('not_found', { message: '要删除的附件不存在' });
  if (input.action !== 'submit') return;
  const kept = existing.filter((file) => !removing.has(file.fileId)).map((file) => file.kind);
  const adding = uploads.map((upload) => upload.kind);
  for (const kind of registration.files.kinds.entries) {
    const message = registration.files.required[kind.key];
    if (message && !kept.includes(kind.value) && !adding.includes(kind.value))
      throw new AppError('invalid_input', { message, field: kind.key });
  }
}

/**
 * updateSelf: saves the account's registration (creating its registrant the first time) with the
 * domain's `fields` (columns of its table), adds the uploads and drops the removed files, and, with
 * action=submit, sends it to review, all in one transaction. Every check runs before anything is
 * stored, so a refusal (a locked state, a missing or disguised attachment, a taken unique value)
 * changes nothing. Resubmitting after a rejection is the same call. Returns the registrant's id.
 */
export async function saveRegistration<T extends PgTable>(
  ctx: Pick<AppContext, 'db' | 'storage' | 'pageCache' | 'services'>,
  registration: Registration<T>,
  user: SessionUser,
  input: RegistrationInput,
  fields: Partial<T['$inferInsert']>,
): Promise<number> {
  const { subjectType, attachments } = registration;
  const existingId = await ownRegistrantId(ctx.db, registration, user.pkid);
  await checkRegistration(ctx.db, registration, existingId, input);
  const stored: { kind: number; fileId: string }[] = [];
  for (const { field, kind, file } of uploadsOf(registration, input)) {
    const { fileId } = await storeUploadedFile(ctx, file, documentExtensions, user.pkid, { field });
    stored.push({ kind, fileId });
  }
  const removing = [...new Set(input.removeFileIds ?? [])];
  return writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = ctx.services.now();
    let id = existingId;
    if (id === null) {
      id = await createRegistrant(tx, registration, user.pkid, fields, now);
      dropPages(registration.pagesOnCreate ?? []);
    } else await updateRegistrant(tx, registration, id, fields, now);
    if (removing.length > 0)
      await tx
        .delete(attachments.table)
        .where(and(eq(attachments.owner, id), inArray(attachments.table.fileId, removing)));
    if (stored.length > 0)
      await tx
        .insert(attachments.table)
        .values(stored.map((file) => ({ ...file, [attachments.ownerKey]: id })));
    await submitForReview(ctx, tx, user, { subjectType, subjectId: id }, input.action);
    return id;
  });
}

async function createRegistrant(
  tx: Queryable,
  { table, columns }: Registration,
  userId: number,
  fields: object,
  now: Date,
): Promise<number> {
  const [created] = await tx
    .insert(table)
    .values({ ...fields, userId, auditStatus: auditStatus.code.draft, createdAt: now, updatedAt: now })
    .returning({ id: columns.id });
  if (!created) throw new Error('registrant insert returned nothing');
  return created.id;
}

async function updateRegistrant(
  tx: Queryable,
  { table, columns }: Registration,
  registrantId: number,
  fields: object,
  now: Date,
): Promise<void> {
  await tx
    .update(table)
    .set({ ...fields, updatedAt: now })
    .where(eq(columns.id, registrantId));
}

/**
 * The kind's review hook: mirrors every change of status into the registrant's row (the hall and the
 * lists read it) with submitted_at on a submission and audited_at on a decision, in the decision's
 * transaction; a registrant that is gone undoes the decision.
 */
export function mirrorRegistration({ table, columns }: Registration): ReviewHook {
  return async (hook) => {
    if (hook.from === hook.to) return;
    requireSubjectRow(
      await hook.tx
        .update(table)
        .set({ auditStatus: hook.to, updatedAt: hook.at, ...decisionStamps(hook) })
        .where(eq(columns.id, hook.subjectId))
        .returning({ id: columns.id }),
    );
  };
}

/**
 * A kind of registrant's rows as review items (server/db/review-items.ts): the account applies; submitted
 * and decided when last stamped so, or last updated before either.
 */
export function registrationItems({ table, columns }: Registration): ReviewItemSource {
  return {
    table: table as ReviewItemSource['table'],
    id: columns.id,
    applicant: columns.userId,
    submitted: sql`coalesce(${columns.submittedAt}, ${columns.updatedAt})`,
    decided: sql`coalesce(${columns.auditedAt}, ${columns.updatedAt})`,
  };
}

/**
 * A registrant's two review kinds, as its domain hands them to server/review-hooks.ts: its registration
 * (mirrored into its row; a review item named by `name`) and its change requests (`changes`, whose
 * approval runs the domain's `apply`).
 */
export function registrantReview<T extends ChangeRequestTable>(
  registration: Registration,
  name: AnyPgColumn,
  changes: ChangeTable<T>,
  apply: ChangeStep<T>,
): { items: ReviewItemSources; hooks: ReviewHooks } {
  return {
    items: {
      [registration.subjectType]: { ...registrationItems(registration), name },
      [changes.subjectType]: changeItems(changes),
    },
    hooks: {
      [registration.subjectType]: mirrorRegistration(registration),
      [changes.subjectType]: applyOnApproval(changes, apply),
    },
  };
}

/** What a registration's to-do and done rows show of its review task beside the registrant. */
const registrationTask = (task: ReviewTask) => ({
  auditStatus: task.status,
  applicantName: task.applicantName,
  submittedAt: task.submittedAt,
  version: task.version,
});

type Paging = { page: number; rows: number };

/**
 * A kind of registrant's to-do and done lists, each row its registrant's list columns (`subjects`) with
 * its task's status, applicant, submission and version: the to-do (oldest submission first) adds the
 * deadline, the done list (newest decision first) how and when the user decided.
 */
export function registrationLists<S>(subjects: ReviewSubjects<S>) {
  return {
    todo: (db: Queryable, user: SessionUser, query: Paging & QueueInput) =>
      todoRowsOf(db, user, subjects, query, (subject, task) => ({
        ...subject,
        ...registrationTask(task),
        ...queueOf(task),
      })),
    done: (db: Queryable, user: SessionUser, query: Paging) =>
      doneRowsOf(db, user, subjects, query, (subject, task) => ({
        ...subject,
        ...registrationTask(task),
        decidedAs: task.decidedAs,
        decidedOn: task.decidedOn,
      })),
  };
}
