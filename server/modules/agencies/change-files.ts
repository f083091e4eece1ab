/**
 * Attachments of an agency change request (agentChange/updateSelfChange, multipart). The change
 * records the agency's attachments when it was asked for (`beforeFiles`) and the set it puts in force
 * (`dataFiles`): a licence or qualification certificate sent replaces the one there, other files add
 * up, removed ones go. The current attachments stay in force until approval (applyOrgChange in
 * review-hooks.ts replaces them). Kept apart from change-service.ts so that file stays
 * about the change itself.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrgAttachments } from '@server/db/schema';
import {
  checkAttachmentUploads,
  describeAttachments,
  sentAttachmentKinds,
  storeAttachmentUploads,
} from '@server/storage/attachments';
import type { AgencyAttachment } from '@shared/calls/agencies';
import { agencyAttachmentKind, requiredAttachmentKinds } from '@shared/domain/agencies';
import type { AttachmentRef } from '@shared/domain/staff';
import { AppError } from '@shared/errors/app-error';
import { agencyMessages as m } from '@shared/validation/agencies';

const kinds = agencyAttachmentKind.code;
const uploadFields = [
  ['licence', kinds.licence],
  ['qualification', kinds.qualification],
  ['other', kinds.other],
] as const;

type ChangeFilesInput = {
  licence?: File | undefined;
  qualification?: File | undefined;
  other?: File | undefined;
  removeFileIds?: string[] | undefined;
};

/** The agency's attachments in force. */
export async function orgAttachmentRefs(db: Queryable, organizationId: number): Promise<AttachmentRef[]> {
  return db
    .select({ kind: agentOrgAttachments.kind, fileId: agentOrgAttachments.fileId })
    .from(agentOrgAttachments)
    .where(eq(agentOrgAttachments.organizationId, organizationId))
    .orderBy(agentOrgAttachments.kind, agentOrgAttachments.pkid);
}

/**
 * Checks the files sent and the removals against `base` (the open draft's set, or the attachments in
 * force), then stores the files. Every refusal comes before anything is stored.
 */
export async function changeFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  userId: number,
  base: readonly AttachmentRef[],
  input: ChangeFilesInput,
): Promise<AttachmentRef[]> {
  await checkAttachmentUploads(input, uploadFields);
  const removing = new Set(input.removeFileIds ?? []);
  for (const fileId of removing)
    if (!base.some((file) => file.fileId === fileId))
      throw new AppError('not_found', { message: '要删除的附件不存在' });
  const sent = sentAttachmentKinds(input, uploadFields);
  const kept = base.filter(
    (file) => !removing.has(file.fileId) && (file.kind === kinds.other || !sent.includes(file.kind)),
  );
  const present = [...kept.map((file) => file.kind), ...sent];
  for (const kind of requiredAttachmentKinds)
    if (!present.includes(kind))
      throw new AppError('invalid_input', {
        message: kind === kinds.licence ? m.licenceRequired : m.qualificationRequired,
        field: kind === kinds.licence ? 'licence' : 'qualification',
      });
  const stored = await storeAttachmentUploads(ctx, input, uploadFields, userId);
  // By kind, as the pages list them; within a kind, the order they came in.
  return [...kept, ...stored].sort((a, b) => a.kind - b.kind);
}

/** References with their names, types and sizes, in the order given. */
export async function describeOrgFiles(
  db: Queryable,
  refs: readonly AttachmentRef[],
): Promise<AgencyAttachment[]> {
  return describeAttachments(db, refs);
}
