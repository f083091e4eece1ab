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
