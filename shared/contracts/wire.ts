/**
 * Building blocks of output schemas: how values look on the wire (JSON). Dates travel as ISO 8601
 * strings; ids are positive integers.
 */
import { z } from 'zod';

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
