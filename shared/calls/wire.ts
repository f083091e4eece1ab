/**
 * Building blocks of output schemas: how values look on the wire (JSON). Dates travel as ISO 8601
 * strings; ids are positive integers.
 */
import { z } from 'zod';
import type { StatusEntry, StatusTable } from '@shared/domain/statuses';

/** An ISO 8601 date-time string ('2026-11-24T06:30:00.000Z'). */
export const dateTime = z.string().describe('ISO 8601 时间');
/** A database id. */
export const id = z.number().int().positive();
/** A nullable text column. */
export const optionalText = z.string().nullable();
/**
 * A to-do's service deadline (server/modules/deadlines): when it falls due and whether it is past.
 * Every to-do list carries both; optional so the done lists that share a row schema may leave them out.
 */
export const deadlineFields = {
  dueAt: dateTime.nullable().optional().describe('办理期限（此时刻起超期）'),
  overdue: z.boolean().optional().describe('是否已超期'),
};

/** A reviewers' queue row: its deadline and the reviewer holding it (null while in the pool). */
export const queueFields = {
  ...deadlineFields,
  holderName: z.string().nullable().optional().describe('领取或被转办的审核人员（未领取为空）'),
};

/** A stored file of a subject with its kind, described by the kind table ('1 营业执照，2 其他附件'). */
export const attachmentSchema = (kinds: StatusTable<StatusEntry<number>>) =>
  z.object({
    fileId: z.uuid(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().nonnegative(),
    kind: z
      .number()
      .int()
      .describe(kinds.entries.map((kind) => `${kind.value} ${kind.label}`).join('，')),
  });
