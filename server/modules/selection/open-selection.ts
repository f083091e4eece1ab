/**
 * Opening a demand's selection (release calls this in its transaction, or the owner's first choice of
 * a method): the method, the draw's secret salt and its public commitment, and for a price comparison
 * the invited agencies and the deadline.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@server/db/database';
import { demandSelections } from '@server/db/schema';
import { DEFAULT_QUOTE_DAYS, selectionMethodLabels, type SelectionMethod } from '@shared/domain/selection';
import { AppError } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import {
  demandInfo,
  eligibleAgencyIds,
  requireReleased,
  selectionOf,
  type DemandInfo,
  type Selection,
  type SelectionActor,
} from './demand';
import { logEvent, tellAgencies } from './tell';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hex sha256 of a text: the draw's commitment and hash. */
export const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** 400 when SELECTION_METHODS does not offer `method`. */
export function assertAllowed(method: SelectionMethod, allowed: readonly SelectionMethod[]): void {
  if (!allowed.includes(method)) {
    throw new AppError('invalid_input', {
      message: `本系统未开放“${selectionMethodLabels[method]}”方式，请选择：${allowed.map((m) => selectionMethodLabels[m]).join('、')}`,
      field: 'method',
    });
  }
}

/** A quote deadline lies after now and at most 90 days ahead (400 otherwise). */
export function checkDeadline(deadline: Date, now: Date): void {
  if (deadline.getTime() <= now.getTime()) {
    throw new AppError('invalid_input', { message: '报价截止时间必须晚于当前时间', field: 'quoteDeadline' });
  }
  if (deadline.getTime() > now.getTime() + 90 * DAY_MS) {
    throw new AppError('invalid_input', { message: '报价截止时间不能超过 90 天', field: 'quoteDeadline' });
  }
}

/**
 * What a method brings to the selection row: for a price comparison, quoting opens (the eligible
 * agencies are invited and told, the deadline checked; default DEFAULT_QUOTE_DAYS after `now`);
 * any other method invites nobody.
 */
export async function quotingFor(
  tx: Queryable,
  demand: DemandInfo,
  method: SelectionMethod,
  deadline: Date | undefined,
  now: Date,
): Promise<{ invited: number[] | null; quoteDeadline: Date | null }> {
  if (method !== 'price') return { invited: null, quoteDeadline: null };
  const quoteDeadline = deadline ?? new Date(now.getTime() + DEFAULT_QUOTE_DAYS * DAY_MS);
  checkDeadline(quoteDeadline, now);
  const invited = await eligibleAgencyIds(tx, demand.demandId, 'price');
  if (invited.length === 0) {
    throw new AppError('conflict', { message: '没有符合条件的中介机构可以邀请报价' });
  }
  await tellAgencies(
    tx,
    invited,
    `您被邀请参与项目“${demand.projectName}”测绘需求的比选报价，请于 ${formatDateTime(quoteDeadline)} 前报价`,
    now,
  );
  return { invited, quoteDeadline };
}

/**
 * The commitment is the draw's: a draw publishes it, a price comparison too (a tie is drawn); a direct
 * choice draws nothing, so its log does not speak of one (issue 21).
 */
function commitmentNote(method: SelectionMethod, commitment: string): string {
  if (method === 'draw') return `（随机抽取承诺值 ${commitment}）`;
  if (method === 'price') return `（报价相同时随机抽取，承诺值 ${commitment}）`;
  return '';
}

/** What openSelection needs: the demand, the method and who chooses it. */
export interface OpenSelectionInput {
  demandId: number;
  method: SelectionMethod;
  actor: SelectionActor;
  /** Price comparison: when quoting ends; default DEFAULT_QUOTE_DAYS after `now`. */
  quoteDeadline?: Date | undefined;
  /** The product's clock (ctx.services.now()). */
  now: Date;
  /** SELECTION_METHODS (ctx.config.selectionMethods); default all three. */
  allowedMethods?: readonly SelectionMethod[];
}

/**
 * Creates the demand's selection record in the caller's transaction: the method, a secret random
 * salt (32 bytes, hex) and its public commitment sha256hex(salt); for a price comparison the invited
 * agencies (told by message) and the deadline. A demand has one selection: a second call is a 409.
 */
export async function openSelection(tx: Queryable, input: OpenSelectionInput): Promise<Selection> {
  const now = input.now;
  assertAllowed(input.method, input.allowedMethods ?? ['direct', 'draw', 'price']);
  const demand = await demandInfo(tx, input.demandId, true);
  requireReleased(demand);
  if (await selectionOf(tx, input.demandId)) {
    throw new AppError('conflict', { message: '该需求已确定选取方式' });
  }
  const salt = randomBytes(32).toString('hex');
  const commitment = sha256hex(salt);
  const { invited, quoteDeadline } = await quotingFor(tx, demand, input.method, input.quoteDeadline, now);
  const [row] = await tx
    .insert(demandSelections)
    .values({
      demandId: input.demandId,
      method: input.method,
      state: input.method === 'price' ? 'quoting' : 'open',
      commitment,
      salt,
      invited,
      quoteDeadline,
      openedBy: input.actor.pkid,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', { message: '该需求已确定选取方式' });
  await logEvent(
    tx,
    demand,
    `确定中介机构选取方式：${selectionMethodLabels[input.method]}${commitmentNote(input.method, commitment)}`,
    input.actor,
    now,
  );
  return row;
}
