/**
 * The input of a registration under review (an agency's application, a construction unit's
 * verification: their updateSelf calls): the registrant's own fields, save (a draft) or submit, a new
 * file per attachment kind, and the files to remove. The server (server/modules/review/registration.ts)
 * and the console's form (console/components/registration) read the attachment rules from the same
 * `RegistrationFiles`.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import type { StatusEntry, StatusTable } from '@shared/domain/statuses';
import { commaSeparated } from './text';
import { fileField } from './file-field';

/**
 * The attachments of a registration: the kinds (a kind's key is its upload field) and the kinds a
 * submission needs, each with the message that asks for it.
 */
export interface RegistrationFiles<E extends StatusEntry<number> = StatusEntry<number>> {
  kinds: StatusTable<E>;
  required: Partial<Record<E['key'], string>>;
}

/** The attachment rules of a registration, from its kinds and the messages of the required ones. */
export function registrationFiles<E extends StatusEntry<number>>(
  kinds: StatusTable<E>,
  required: Partial<Record<E['key'], string>>,
): RegistrationFiles<E> {
  return { kinds, required };
}

/** Attachment file ids to remove: an array, or comma separated as a form field carries them. */
export const removeFileIdsField = z.preprocess(
  commaSeparated,
  z.array(z.uuid('请提供正确的文件编号')).max(20).optional(),
);

/** One optional file field per attachment kind, named by the kind's key. */
function uploadFields<E extends StatusEntry<number>>(files: RegistrationFiles<E>) {
  const field = fileField.optional();
  return Object.fromEntries(files.kinds.entries.map((kind) => [kind.key, field])) as Record<
    E['key'],
    typeof field
  >;
}

/**
 * updateSelf (multipart): the fields, `action` save (draft) or submit, the new attachments, and the
 * attachments to remove (`removeFileIds`).
 */
export function registrationSchema<Shape extends z.ZodRawShape, E extends StatusEntry<number>>(
  fields: z.ZodObject<Shape>,
  files: RegistrationFiles<E>,
  messages: { actionInvalid: string },
) {
  return fields.extend({
    action: z.enum(['save', 'submit'], messages.actionInvalid).default('save'),
    ...uploadFields(files),
    removeFileIds: removeFileIdsField,
  });
}
