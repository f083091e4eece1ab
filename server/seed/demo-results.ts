/**
 * Demo survey results (issue 22), written after the cases in the seed's transaction (they read the
 * seeded projects, so they are not part of the demo digest). Every project's catalogue is fixed from
 * the current (default) version and its result items created; then, with the first stored demo
 * document as every file:
 * - 测绘中 (4): agency01's projects have their first item uploaded, not yet submitted (its to-do);
 * - 成果已提交 (5): agency01's first one was returned (its report adopted, its drawing rejected with
 *   an opinion: the agency's to-do 修改退回的测绘成果); the others wait for the acceptance auditors
 *   (auditor01's queue), every required item submitted;
 * - 已验收 (6) and 已办结 (7): every required item adopted (so the completed projects' lists show results).
 * The acceptance's review items and records are written as the workflow would (kind `result`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { prepareResultItems } from '@server/modules/results';
import { roles } from '@shared/domain/roles';
import { AGENCY_ORG_ID, DAY, ids } from './demo-context';
import { departmentIds } from './reference';

/** How many projects of each state get results (the lists need a few, not thousands). */
const PER_STATUS = 8;
/** How many more projects of each state in district01's district (beyond those chosen above). */
const PER_DISTRICT = 3;
const RETURN_OPINION = '成果图比例尺与技术设计书不符，请修改后重新提交';

/** The stored file every demo result item holds: the first stored demo document. */
export type DemoResultFile = { id: string; name: string; size: number; sha256: string };

export async function firstDemoFile(t: Queryable): Promise<DemoResultFile | undefined> {
  const [file] = await t
    .select({
      id: schema.files.id,
      name: schema.files.originalName,
      size: schema.files.size,
      sha256: schema.files.sha256,
    })
    .from(schema.files)
    .orderBy(asc(schema.files.createdAt))
    .limit(1);
  return file;
}

export async function seedDemoResults(t: Queryable, now: Date): Promise<number> {
  const file = await firstDemoFile(t);
  const [auditor] = await t
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.pkid, ids.auditor));
  if (!file || !auditor) return 0;
  const a = schema.projectAuthorizations;
  const candidates = await t
    .select({
      projectId: a.projectId,
      status: schema.projects.status,
      org: a.organizationId,
      districtCode: schema.projects.districtCode,
    })
    .from(a)
    .innerJoin(schema.projects, eq(schema.projects.pkid, a.projectId))
    .where(and(eq(a.state, 1), inArray(schema.projects.status, [4, 5, 6, 7])))
    .orderBy(asc(a.projectId));
  // agency01's own first (its lists and to-dos), then others up to PER_STATUS per state.
  const chosen: typeof candidates = [];
  for (const status of [4, 5, 6, 7]) {
    const ofStatus = candidates.filter((row) => row.status === status);
    const own = ofStatus.filter((row) => row.org === AGENCY_ORG_ID);
    const rest = status === 4 ? [] : ofStatus.filter((row) => row.org !== AGENCY_ORG_ID);
    chosen.push(...[...own, ...rest].slice(0, Math.max(PER_STATUS, own.length)));
  }
  // district01's sub-office sees its district's submitted results: a few of each state there too.
  const [office] = await t
    .select({ code: schema.departments.districtCode })
    .from(schema.departments)
    .where(eq(schema.departments.pkid, departmentIds.district));
  for (const status of [5, 6]) {
    const more = candidates.filter(
      (row) =>
        row.status === status &&
        row.districtCode === office?.code &&
        !chosen.some((one) => one.projectId === row.projectId),
    );
    chosen.push(...more.slice(0, PER_DISTRICT));
  }
  let returnedOne = false;
  let written = 0;
  for (const [i, row] of chosen.entries()) {
    const submittedAt = new Date(now.getTime() - (3 + (i % 5)) * DAY);
    const mayReturn = row.org === AGENCY_ORG_ID && !returnedOne;
    const outcome = await writeProjectResults(t, { file, auditorName: auditor.username }, row, {
      submittedAt,
      mayReturn,
    });
    if (outcome === 'returned') returnedOne = true;
    if (outcome !== 'none') written++;
  }
  return written;
}

/**
 * One project's demo results as its status says (4: the first item uploaded; 5: submitted, or returned
 * when `mayReturn`; 6 and 7: every submitted item adopted), with the acceptance's review item and
 * records. Also used for the projects the certificates' seed takes to 已办结.
 */
export async function writeProjectResults(
  t: Queryable,
  { file, auditorName }: { file: DemoResultFile; auditorName: string },
  row: { projectId: number; status: number; org: number },
  { submittedAt, mayReturn }: { submittedAt: Date; mayReturn: boolean },
): Promise<'none' | 'written' | 'returned'> {
  const ref = await prepareResultItems(t, row.projectId);
  if (!ref) return 'none';
  const items = await t
    .select({
      resultId: schema.projectResults.resultId,
      required: schema.resultCatalogueEntries.required,
    })
    .from(schema.projectResults)
    .innerJoin(
      schema.resultCatalogueEntries,
      eq(schema.resultCatalogueEntries.entryId, schema.projectResults.entryId),
    )
    .where(eq(schema.projectResults.projectId, row.projectId))
    .orderBy(asc(schema.projectResults.resultId));
  if (items.length === 0) return 'none';
  const decidedAt = new Date(submittedAt.getTime() + DAY);
  const applicant = ref.agencyUserId;
  // As the chunked upload leaves them: the item's file and its archive record (folder result:<id>).
  const attach = async (resultIds: number[], at: Date) => {
    if (resultIds.length === 0) return;
    await t
      .insert(schema.projectResultFiles)
      .values(
        resultIds.map((resultId) => ({ resultId, fileId: file.id, createdBy: applicant, createdAt: at })),
      );
    await t.insert(schema.archiveFiles).values(
      resultIds.map((resultId) => ({
        dirid: `result:${resultId}`,
        fileId: file.id,
        fileName: file.name,
        relativePath: file.name,
        uploadType: 0,
        size: file.size,
        sha256: file.sha256,
        identifier: `demo-result-${resultId}`,
        createdBy: applicant,
        createdAt: at,
        updatedAt: at,
      })),
    );
  };
  if (row.status === 4) {
    if (row.org !== AGENCY_ORG_ID) return 'none';
    await attach([items[0]!.resultId], submittedAt);
    return 'written';
  }
  const sent = items.filter((item, k) => item.required || k === 0).map((item) => item.resultId);
  await attach(sent, submittedAt);
  const returned = row.status === 5 && mayReturn && sent.length >= 2;
  const itemStatus = (resultId: number) =>
    row.status >= 6 ? 2 : returned ? (resultId === sent[1] ? 3 : 2) : 1;
  for (const resultId of sent)
    await t
      .update(schema.projectResults)
      .set({
        status: itemStatus(resultId),
        description: '按技术设计书完成测绘，成果经本单位二级检查合格',
        opinion: itemStatus(resultId) === 3 ? RETURN_OPINION : null,
        submittedBy: applicant,
        submittedAt,
        round: 1,
        decidedBy: itemStatus(resultId) >= 2 ? ids.auditor : null,
        decidedAt: itemStatus(resultId) >= 2 ? decidedAt : null,
        updatedAt: itemStatus(resultId) >= 2 ? decidedAt : submittedAt,
      })
      .where(eq(schema.projectResults.resultId, resultId));
  const reviewStatus = row.status >= 6 ? 2 : returned ? 3 : 1;
  await t.insert(schema.reviewItems).values({
    subjectType: 'result',
    subjectId: row.projectId,
    status: reviewStatus,
    applicantId: applicant,
    version: reviewStatus === 1 ? 1 : 2,
    submittedAt,
    decidedAt: reviewStatus === 1 ? null : decidedAt,
  });
  const [who] = applicant
    ? await t
        .select({ username: schema.users.username })
        .from(schema.users)
        .where(eq(schema.users.pkid, applicant))
    : [];
  await t.insert(schema.auditRecords).values({
    subjectType: 'result',
    subjectId: row.projectId,
    decision: 1,
    auditorId: applicant,
    auditorName: who?.username ?? null,
    roleId: roles.agency.id,
    fromStatus: 0,
    toStatus: 1,
    auditedAt: submittedAt,
  });
  if (reviewStatus !== 1)
    await t.insert(schema.auditRecords).values({
      subjectType: 'result',
      subjectId: row.projectId,
      decision: reviewStatus,
      opinion: reviewStatus === 3 ? RETURN_OPINION : null,
      auditorId: ids.auditor,
      auditorName,
      roleId: roles.auditor.id,
      fromStatus: 1,
      toStatus: reviewStatus,
      auditedAt: decidedAt,
    });
  return returned ? 'returned' : 'written';
}
