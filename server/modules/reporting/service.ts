/**
 * Results reporting (issue 25, docs/reporting.md): an outbox of reports to the provincial platform.
 * Issuing a certificate queues its report in the same transaction (`queueResultsReport`), so a report
 * exists exactly when the certificate does. The `results-report` job delivers the due ones through the
 * configured provider: a report is claimed by moving its next attempt forward first (two instances never
 * send the same one at once), then sent; a refusal waits REPORT_RETRY_DELAYS_MS before the next try and,
 * after the last, the report is marked failed with the reason. An administrator (or the authority) may
 * send a failed or sent report again, which queues it afresh.
 */
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { resultsReports } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { containsPattern } from '@server/db/contains-pattern';
import {
  REPORT_MAX_ATTEMPTS,
  REPORT_RETRY_DELAYS_MS,
  RESULTS_REPORT_FORMAT,
  reportState,
} from '@shared/domain/reporting';
import { AppError } from '@shared/errors/app-error';
import type { ReportListQuery } from '@shared/validation/reporting';
import { reportingMessages as m } from '@shared/validation/reporting';
import { reportProviderFor, type ReportDocument } from './provider';

const r = resultsReports;

/** The job that delivers the outbox (server/jobs.ts). */
export const RESULTS_REPORT_JOB = 'results-report';

/** How many reports one run takes. */
const BATCH = 20;
/** How long a claimed report is held before another run may take it again (a run that died). */
const CLAIM_MS = 60_000;

/** What a certificate's report states: the accepted results and the certificate, as issued. */
export interface ReportFacts {
  certificateId: number;
  certificateNo: string;
  issuedAt: Date;
  projectId: number;
  projectName: string;
  projectNo: string;
  ownerName: string;
  agencyName: string | null;
  itemNames: readonly string[];
  acceptedAt: Date | null;
  sha256: string;
  verifyUrl: string;
}

export function reportDocumentOf(facts: ReportFacts): ReportDocument {
  return {
    format: RESULTS_REPORT_FORMAT,
    certificateNo: facts.certificateNo,
    issuedAt: facts.issuedAt.toISOString(),
    project: { projectNo: facts.projectNo, projectName: facts.projectName, ownerName: facts.ownerName },
    results: {
      agencyName: facts.agencyName,
      itemNames: [...facts.itemNames],
      acceptedAt: facts.acceptedAt?.toISOString() ?? null,
    },
    certificate: { sha256: facts.sha256, verifyUrl: facts.verifyUrl },
  };
}

/**
 * Queues the report of an issued certificate inside the issuing transaction `tx` (the outbox row): due
 * at once; the job's schedule (every minute) picks it up once committed. Once per certificate.
 */
export async function queueResultsReport(tx: Queryable, facts: ReportFacts): Promise<void> {
  await tx
    .insert(r)
    .values({
      certificateId: facts.certificateId,
      projectId: facts.projectId,
      certificateNo: facts.certificateNo,
      projectName: facts.projectName,
      document: reportDocumentOf(facts),
      state: reportState.code.pending,
      nextAttemptAt: facts.issuedAt,
      createdAt: facts.issuedAt,
      updatedAt: facts.issuedAt,
    })
    .onConflictDoNothing();
}

/** Claims the due reports: one more attempt each, held for CLAIM_MS. */
async function claimDue(ctx: AppContext, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ pkid: r.pkid })
      .from(r)
      .where(and(eq(r.state, reportState.code.pending), lte(r.nextAttemptAt, now)))
      .orderBy(asc(r.nextAttemptAt), asc(r.pkid))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(r)
      .set({
        attempts: sql`${r.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
        updatedAt: now,
      })
      .where(
        inArray(
          r.pkid,
          due.map((row) => row.pkid),
        ),
      )
      .returning();
  });
}

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** Delivers the due reports through the configured provider; one run of the job. */
export async function deliverDueReports(ctx: AppContext): Promise<DeliveryRound> {
  const now = ctx.services.now();
  const provider = reportProviderFor(ctx.config.reporting);
  const claimed = await claimDue(ctx, now);
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  for (const report of claimed) {
    try {
      const receipt = await provider.deliver(report.document as ReportDocument);
      const at = ctx.services.now();
      await ctx.db
        .update(r)
        .set({
          state: reportState.code.sent,
          sentAt: at,
          provider: provider.name,
          receipt,
          lastError: null,
          nextAttemptAt: null,
          updatedAt: at,
        })
        .where(eq(r.pkid, report.pkid));
      round.sent++;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = REPORT_RETRY_DELAYS_MS[report.attempts - 1];
      const giveUp = delay === undefined || report.attempts >= REPORT_MAX_ATTEMPTS;
      const at = ctx.services.now();
      await ctx.db
        .update(r)
        .set({
          state: giveUp ? reportState.code.failed : reportState.code.pending,
          provider: provider.name,
          lastError: reason,
          nextAttemptAt: giveUp ? null : new Date(at.getTime() + delay),
          updatedAt: at,
        })
        .where(eq(r.pkid, report.pkid));
      if (giveUp) {
        round.failed++;
        ctx.logger.warn(
          { report: report.certificateNo, reason },
          'results report given up after the last attempt',
        );
      } else round.retrying++;
    }
  }
  return round;
}

const columns = {
  pkid: r.pkid,
  certificateId: r.certificateId,
  certificateNo: r.certificateNo,
  projectId: r.projectId,
  projectName: r.projectName,
  state: r.state,
  attempts: r.attempts,
  lastError: r.lastError,
  lastAttemptAt: r.lastAttemptAt,
  nextAttemptAt: r.nextAttemptAt,
  provider: r.provider,
  receipt: r.receipt,
  sentAt: r.sentAt,
  resentAt: r.resentAt,
  createdAt: r.createdAt,
};

/** The reports, newest first, by state and by certificate number or project name. */
export async function listReports(db: Queryable, query: ReportListQuery) {
  const parts: SQL[] = [];
  if (query.state) parts.push(eq(r.state, query.state));
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    parts.push(or(ilike(r.certificateNo, like), ilike(r.projectName, like))!);
  }
  const where = parts.length > 0 ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.pkid))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, stateName: reportState.label(row.state as never) })),
    total: total?.n ?? 0,
  };
}

/**
 * Sends a report again (a failed one, or a sent one the platform lost): back to pending with its
 * attempts reset, due now, and the job asked to run at once. A report already waiting answers 409.
 */
export async function resendReport(ctx: AppContext, user: SessionUser, pkid: number) {
  const now = ctx.services.now();
  const [updated] = await ctx.db
    .update(r)
    .set({
      state: reportState.code.pending,
      attempts: 0,
      nextAttemptAt: now,
      resentBy: user.pkid,
      resentAt: now,
      updatedAt: now,
    })
    .where(and(eq(r.pkid, pkid), inArray(r.state, [reportState.code.failed, reportState.code.sent])))
    .returning({ pkid: r.pkid, certificateNo: r.certificateNo });
  if (!updated) {
    const [exists] = await ctx.db.select({ pkid: r.pkid }).from(r).where(eq(r.pkid, pkid));
    throw exists
      ? new AppError('conflict', { message: m.alreadyPending })
      : new AppError('not_found', { message: m.notFound });
  }
  void ctx.services.jobs.runNow(RESULTS_REPORT_JOB);
  return updated;
}
