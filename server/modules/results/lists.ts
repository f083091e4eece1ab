/**
 * The lists and pages of results: the parties' projects (projectAccept/queryBySelf, the agency's
 * to-do), the acceptance auditors' queue and done list (over the review engine's tasks), one project's
 * results (projectAccept/query, actAccept/queryProjectByPkid, catalogAccept/findFruitAcceptList), its
 * acceptance records and its progress (project/log/updateUploadProcess).
 */
import { and, asc, desc, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { containsAny } from '@server/db/contains-pattern';
import { pageOf } from '@server/db/page-of';
import {
  agentStaff,
  projectAuthorizations,
  projectResults,
  projects,
  reviewItems,
  stages,
  projectDemands,
  surveyCaseStaff,
  surveyCases,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf, logsOf, ownUnitOf } from '@server/modules/projects';
import {
  doneRowsOf,
  listReviewRecords,
  queueOf,
  reviewStateOrNull,
  todoRowsOf,
  type QueueInput,
  type ReviewSubjects,
} from '@server/modules/review';
import type { ResultItem, ResultProject, ResultProjectRow, UploadProgress } from '@shared/calls/results';
import {
  auditStatus,
  auditSubject,
  authorizationState,
  projectStatus,
  resultAcceptance,
} from '@shared/domain/statuses';
import { roles } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m } from '@shared/validation/results';
import {
  ensureResultItems,
  loadRef,
  mayWrite,
  resultItemsOf,
  resultProjectFor,
  type ResultProjectRef,
} from './project';
import { acceptanceOf, closedReason, submissionOf } from './submission';

const RESULT = auditSubject.code.result;
const p = projects;
const a = projectAuthorizations;
const S = projectStatus.code;
const A = resultAcceptance.code;

/**
 * The acceptance review status of the row's project, for the lists' conditions (their queries join
 * projects to authorizations, so the project's column is named with its table).
 */
const acceptance = sql<number | null>`(select ${reviewItems.status} from ${reviewItems}
  where ${reviewItems.subjectType} = ${RESULT} and ${reviewItems.subjectId} = ${p.pkid})`;

/** Projects with results to see: from 合同已备案 on, not terminated. */
const withResults = inArray(p.status, [
  S.contractFiled,
  S.surveying,
  S.resultSubmitted,
  S.accepted,
  S.completed,
]);

/** The user's own projects of results: the agency's (its account, or staff named on it), the owner's. */
async function ownProjects(db: Queryable, user: SessionUser): Promise<SQL> {
  const parts: SQL[] = [];
  const org = await agencyAccountOf(db, user);
  if (org !== null) parts.push(eq(a.organizationId, org));
  if (user.roleIds.includes(roles.staff.id)) {
    const [staff] = await db
      .select({ staffId: agentStaff.staffId, organizationId: agentStaff.organizationId })
      .from(agentStaff)
      .where(eq(agentStaff.userId, user.pkid));
    if (staff) {
      const named = db
        .select({ one: sql`1` })
        .from(surveyCaseStaff)
        .innerJoin(surveyCases, eq(surveyCases.caseId, surveyCaseStaff.caseId));
      parts.push(
        and(
          eq(a.organizationId, staff.organizationId),
          or(
            notExists(named.where(eq(surveyCases.authorizationId, a.pkid))),
            exists(
              db
                .select({ one: sql`1` })
                .from(surveyCaseStaff)
                .innerJoin(surveyCases, eq(surveyCases.caseId, surveyCaseStaff.caseId))
                .where(
                  and(eq(surveyCases.authorizationId, a.pkid), eq(surveyCaseStaff.staffId, staff.staffId)),
                ),
            ),
          ),
        )!,
      );
    }
  }
  const unit = await ownUnitOf(db, user);
  if (unit !== null) parts.push(eq(p.constructionId, unit));
  if (user.isAdmin) return sql`true`;
  return parts.length === 0 ? sql`false` : or(...parts)!;
}

/** The rows of the given projects (in the given order), their items created first. */
export async function rowsOf(db: Database, projectIds: readonly number[]): Promise<ResultProjectRow[]> {
  if (projectIds.length === 0) return [];
  const refs = (await Promise.all(projectIds.map((id) => loadRef(db, id)))).filter((ref) => ref !== null);
  await db.transaction(async (tx) => {
    for (const ref of refs) await ensureResultItems(tx, ref);
  });
  const r = projectResults;
  const counts = await db
    .select({
      projectId: r.projectId,
      total: sql<number>`count(*)::int`,
      required: sql<number>`count(*) filter (where e.required)::int`,
      uploaded: sql<number>`count(*) filter (where exists (select 1 from project_result_files f where f.result_id = ${r.resultId} and not f.by_auditor))::int`,
      adopted: sql<number>`count(*) filter (where ${r.status} = ${A.adopted})::int`,
      rejected: sql<number>`count(*) filter (where ${r.status} = ${A.rejected})::int`,
    })
    .from(r)
    .innerJoin(sql`result_catalogue_entries e`, sql`e.entry_id = ${r.entryId}`)
    .where(inArray(r.projectId, [...projectIds]))
    .groupBy(r.projectId);
  const heads = await db
    .select({ projectId: p.pkid, updatedAt: p.updatedAt, acceptance: reviewItems.status })
    .from(p)
    .leftJoin(reviewItems, and(eq(reviewItems.subjectType, RESULT), eq(reviewItems.subjectId, p.pkid)))
    .where(inArray(p.pkid, [...projectIds]));
  return refs.map((ref) => {
    const count = counts.find((row) => row.projectId === ref.projectId);
    const head = heads.find((row) => row.projectId === ref.projectId);
    return {
      projectId: ref.projectId,
      projectName: ref.projectName,
      projectNo: ref.projectNo,
      status: ref.status,
      constructionName: ref.constructionName,
      orgName: ref.orgName,
      total: count?.total ?? 0,
      required: count?.required ?? 0,
      uploaded: count?.uploaded ?? 0,
      adopted: count?.adopted ?? 0,
      rejected: count?.rejected ?? 0,
      acceptance: head?.acceptance ?? null,
      updatedAt: (head?.updatedAt ?? new Date()).toISOString(),
    };
  });
}

/** A page of the user's projects matching `where`, newest change first. */
async function pageOfProjects(
  db: Database,
  user: SessionUser,
  input: { page: number; rows: number; keyword?: string | undefined },
  where: SQL | undefined,
) {
  const scope = and(
    eq(a.state, authorizationState.code.accepted),
    withResults,
    await ownProjects(db, user),
    where,
    input.keyword ? containsAny(input.keyword, p.projectName, p.projectNo) : undefined,
  );
  const ids = db
    .selectDistinct({ pkid: p.pkid, updatedAt: p.updatedAt })
    .from(p)
    .innerJoin(a, eq(a.projectId, p.pkid))
    .where(scope)
    .orderBy(desc(p.updatedAt), desc(p.pkid))
    .$dynamic();
  const [page, [total]] = await Promise.all([
    pageOf(ids, input),
    db
      .select({ n: sql<number>`count(distinct ${p.pkid})::int` })
      .from(p)
      .innerJoin(a, eq(a.projectId, p.pkid))
      .where(scope),
  ]);
  return {
    rows: await rowsOf(
      db,
      page.map((row) => row.pkid),
    ),
    total: total?.n ?? 0,
  };
}

/** projectAccept/queryBySelf: the user's projects with results (agency, staff, owner). */
export function listOwnResultProjects(
  db: Database,
  user: SessionUser,
  input: { page: number; rows: number; keyword?: string | undefined },
) {
  return pageOfProjects(db, user, input, undefined);
}

/** What waits for the agency: projects in 3 or 4 (results to upload and submit), or returned in 5. */
export const resultTodoCondition = or(
  inArray(p.status, [S.contractFiled, S.surveying]),
  and(eq(p.status, S.resultSubmitted), sql`${acceptance} = ${auditStatus.code.rejected}`),
);

/** projectAccept/toDoList. */
export function listResultTodo(
  db: Database,
  user: SessionUser,
  input: { page: number; rows: number; keyword?: string | undefined },
) {
  return pageOfProjects(db, user, input, resultTodoCondition);
}

/** The projects under acceptance as the review engine's subjects (the auditors' queue and done list). */
const acceptanceSubjects = (db: Database): ReviewSubjects<ResultProjectRow> => ({
  subjectType: RESULT,
  rowsOf: (_db, ids) => rowsOf(db, ids),
  idOf: (row) => row.projectId,
  search: (inner, keyword) =>
    inner
      .select({ id: p.pkid })
      .from(p)
      .where(containsAny(keyword, p.projectName, p.projectNo)),
});

/** actAccept/queryBySelf: the acceptance auditor's queue. */
export function listAcceptanceTodo(
  db: Database,
  user: SessionUser,
  input: { page: number; rows: number } & QueueInput,
) {
  return todoRowsOf(db, user, acceptanceSubjects(db), input, (row, task) => ({
    ...row,
    submittedAt: task.submittedAt?.toISOString() ?? null,
    ...queueOf(task),
    dueAt: task.dueAt?.toISOString() ?? null,
  }));
}

/** actAccept/queryDoneBySelf: projects whose acceptance the auditor last decided or transferred. */
export function listAcceptanceDone(db: Database, user: SessionUser, input: { page: number; rows: number }) {
  return doneRowsOf(db, user, acceptanceSubjects(db), input, (row, task) => ({
    ...row,
    decidedAt: task.decidedOn.toISOString(),
    decisionLabel: task.decidedAs,
  }));
}

/** One project's results for `user`: items created first (the catalogue fixed lazily if need be). */
async function itemsFor(db: Database, user: SessionUser, projectId: number) {
  const ref = await resultProjectFor(db, user, projectId, 'read');
  await db.transaction((tx) => ensureResultItems(tx, ref));
  return { ref, items: await resultItemsOf(db, ref) };
}

/** projectAccept/query and actAccept/queryProjectByPkid: the whole page of one project's results. */
export async function getResultProject(
  db: Database,
  user: SessionUser,
  projectId: number,
): Promise<ResultProject> {
  const { ref, items } = await itemsFor(db, user, projectId);
  const [row] = await rowsOf(db, [projectId]);
  if (!row) throw new AppError('not_found', { message: m.projectNotFound });
  const review = await acceptanceOf(db, projectId);
  const canEdit = closedReason(ref.status, review) === null && (await mayWrite(db, user, ref));
  const { toSubmit, missing } = submissionOf(items);
  const stageNames = await stageNamesOf(db, ref);
  return {
    ...row,
    stageNames,
    items,
    canEdit,
    canSubmit: canEdit && missing.length === 0 && toSubmit.length > 0,
    review: await reviewStateOrNull(db, user, RESULT, projectId),
    records: review ? await records(db, projectId) : [],
  };
}

async function stageNamesOf(db: Queryable, ref: ResultProjectRef): Promise<string[]> {
  if (ref.demandIds.length === 0) return [];
  const rows = await db
    .select({ name: stages.name })
    .from(projectDemands)
    .innerJoin(stages, eq(stages.stageId, projectDemands.stageId))
    .where(inArray(projectDemands.pkid, ref.demandIds))
    .orderBy(asc(stages.orderIndex));
  return rows.map((row) => row.name);
}

async function records(db: Queryable, projectId: number) {
  const rows = await listReviewRecords(db, RESULT, projectId);
  return rows.map((row) => ({ ...row, auditedAt: row.auditedAt.toISOString() }));
}

/** actAccept/queryApproveMessages: the acceptance's records (submitted, adopted, returned, transferred). */
export async function acceptanceRecords(db: Database, user: SessionUser, projectId: number) {
  await resultProjectFor(db, user, projectId, 'read');
  return records(db, projectId);
}

/** catalogAccept/findFruitAcceptList: the project's fixed catalogue, each entry with its state. */
export async function projectCatalogue(
  db: Database,
  user: SessionUser,
  projectId: number,
): Promise<ResultItem[]> {
  return (await itemsFor(db, user, projectId)).items;
}

/**
 * project/log/updateUploadProcess?projectId&projectNo: the progress of the project's results (items,
 * uploaded, submitted, adopted, returned; the share of required items adopted) and its log. It only
 * reports: uploading and submitting move the project (submission.ts).
 */
export async function uploadProgress(
  db: Database,
  user: SessionUser,
  input: { projectId: number; projectNo: string },
): Promise<UploadProgress> {
  const { ref, items } = await itemsFor(db, user, input.projectId);
  if (ref.projectNo !== input.projectNo)
    throw new AppError('invalid_input', { message: '项目编号与项目不符', field: 'projectNo' });
  const required = items.filter((item) => item.required);
  const adoptedRequired = required.filter((item) => item.status === A.adopted).length;
  const logs = await logsOf(db, ref.projectId);
  return {
    projectId: ref.projectId,
    projectNo: ref.projectNo,
    status: ref.status,
    total: items.length,
    required: required.length,
    uploaded: items.filter((item) => item.files.some((file) => !file.byAuditor)).length,
    submitted: items.filter((item) => item.status === A.submitted).length,
    adopted: items.filter((item) => item.status === A.adopted).length,
    rejected: items.filter((item) => item.status === A.rejected).length,
    percent: required.length === 0 ? 0 : Math.round((adoptedRequired / required.length) * 100),
    logs: logs.map((log) => ({ ...log, createdAt: log.createdAt.toISOString() })),
  };
}
