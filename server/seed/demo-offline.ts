/**
 * Demo offline projects and survey cases (issue 13, offline-and-cases slice), written after the
 * projects in the seed's transaction (they read the seeded rows, so they are not part of the demo
 * digest):
 * - agency01's offline projects in every review state: approved (counted in the statistics), pending
 *   (auditor01's queue), rejected with an opinion (agency01 fixes it), and a draft; one approved of
 *   another agency. Each carries a stored demo document; the review items come from the backfill.
 * - cases for every agency's accepted authorizations on projects 测绘中 or past it (CaseDetail, the
 *   办件 column of 我的办件), staffed with its approved staff; status-3 projects stay without one, so
 *   agency01's to-do offers 新建办件.
 */
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { roles } from '@shared/domain/roles';
import { AGENCY_ORG_ID, chinaDate, DAY, ids } from './demo-context';

export async function seedDemoOffline(t: Queryable, now: Date): Promise<number> {
  const [file] = await t
    .select({ id: schema.files.id })
    .from(schema.files)
    .orderBy(asc(schema.files.createdAt))
    .limit(1);
  const listed = await t
    .select({ code: schema.districts.districtCode })
    .from(schema.districts)
    .orderBy(asc(schema.districts.orderIndex), asc(schema.districts.districtCode));
  const districtCodes = listed.map((d) => d.code).filter((code) => code.length === 7 || code.length === 11);
  const [auditor] = await t
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.pkid, ids.auditor));
  const [other] = await t
    .select({
      organizationId: schema.agentOrganizations.organizationId,
      userId: schema.agentOrganizations.userId,
    })
    .from(schema.agentOrganizations)
    .where(
      and(
        eq(schema.agentOrganizations.auditStatus, 2),
        ne(schema.agentOrganizations.organizationId, AGENCY_ORG_ID),
        isNotNull(schema.agentOrganizations.userId),
      ),
    )
    .orderBy(asc(schema.agentOrganizations.organizationId))
    .limit(1);
  if (!file || districtCodes.length === 0 || !auditor) return 0;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const district = (i: number) => districtCodes[i % districtCodes.length]!;
  const entries = [
    {
      projectName: '云州市第一人民医院门诊楼',
      constructionName: '云州市第一人民医院',
      stageId: 4,
      itemIds: [401, 402, 405],
      surveyedOn: chinaDate(at(120)),
      auditStatus: 2,
      opinion: null as string | null,
      days: 100,
      org: AGENCY_ORG_ID,
      by: ids.agency,
    },
    {
      projectName: '滨江路综合管廊一期',
      constructionName: '云州城市建设投资集团有限公司',
      stageId: 4,
      itemIds: [403],
      surveyedOn: chinaDate(at(40)),
      auditStatus: 1,
      opinion: null,
      days: 3,
      org: AGENCY_ORG_ID,
      by: ids.agency,
    },
    {
      projectName: '青石镇中心小学教学楼',
      constructionName: '云州市青石镇人民政府',
      stageId: 2,
      itemIds: [201, 202],
      surveyedOn: chinaDate(at(60)),
      auditStatus: 3,
      opinion: '缺少规划放线测量成果图，请补充后重新提交',
      days: 10,
      org: AGENCY_ORG_ID,
      by: ids.agency,
    },
    {
      projectName: '城东污水处理厂扩建',
      constructionName: '云州水务集团有限公司',
      stageId: 1,
      itemIds: [101],
      surveyedOn: chinaDate(at(20)),
      auditStatus: 0,
      opinion: null,
      days: 1,
      org: AGENCY_ORG_ID,
      by: ids.agency,
    },
    ...(other?.userId
      ? [
          {
            projectName: '云州高新区创业园三期',
            constructionName: '云州高新技术产业开发区管理委员会',
            stageId: 3,
            itemIds: [301, 302],
            surveyedOn: chinaDate(at(200)),
            auditStatus: 2,
            opinion: null,
            days: 150,
            org: other.organizationId,
            by: other.userId,
          },
        ]
      : []),
  ];
  let offline = 0;
  for (const [i, entry] of entries.entries()) {
    const createdAt = at(entry.days);
    const decidedAt = new Date(createdAt.getTime() + 2 * DAY);
    const decided = entry.auditStatus === 2 || entry.auditStatus === 3;
    const [row] = await t
      .insert(schema.projectOfflines)
      .values({
        projectName: entry.projectName,
        projectNo: null,
        constructionName: entry.constructionName,
        districtCode: district(i),
        stageId: entry.stageId,
        itemIds: entry.itemIds,
        organizationId: entry.org,
        surveyedOn: entry.surveyedOn,
        auditStatus: entry.auditStatus,
        createdBy: entry.by,
        auditedAt: decided ? decidedAt : null,
        createdAt,
        updatedAt: decided ? decidedAt : createdAt,
      })
      .returning({ pkid: schema.projectOfflines.pkid });
    if (!row) continue;
    offline++;
    await t.insert(schema.projectOfflineFiles).values({ offlineId: row.pkid, fileId: file.id, createdAt });
    if (entry.auditStatus === 0) continue;
    const [applicant] = await t
      .select({ username: schema.users.username })
      .from(schema.users)
      .where(eq(schema.users.pkid, entry.by));
    await t.insert(schema.auditRecords).values({
      subjectType: 'project_offline',
      subjectId: row.pkid,
      decision: 1,
      auditorId: entry.by,
      auditorName: applicant?.username ?? null,
      roleId: roles.agency.id,
      fromStatus: 0,
      toStatus: 1,
      auditedAt: createdAt,
    });
    if (decided)
      await t.insert(schema.auditRecords).values({
        subjectType: 'project_offline',
        subjectId: row.pkid,
        decision: entry.auditStatus,
        opinion: entry.opinion,
        auditorId: ids.auditor,
        auditorName: auditor.username,
        roleId: roles.auditor.id,
        fromStatus: 1,
        toStatus: entry.auditStatus,
        auditedAt: decidedAt,
      });
  }

  return offline;
}

/**
 * A case for every accepted commission of a project under survey or past it (status 4 to 7: a case
 * opens the survey), staffed with the agency's approved staff, as the agency would have opened it.
 * Runs after every seed that moves projects on (the certificates carry some from 3 to 7).
 */
export async function seedDemoCases(t: Queryable, now: Date): Promise<number> {
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const approvedStaff = await t
    .select({ staffId: schema.agentStaff.staffId, organizationId: schema.agentStaff.organizationId })
    .from(schema.agentStaff)
    .where(eq(schema.agentStaff.auditStatus, 2))
    .orderBy(asc(schema.agentStaff.staffId));
  const staffOf = new Map<number, number[]>();
  for (const row of approvedStaff)
    staffOf.set(row.organizationId, [...(staffOf.get(row.organizationId) ?? []), row.staffId]);
  const a = schema.projectAuthorizations;
  const underWay = (
    await t
      .select({
        authorizationId: a.pkid,
        projectId: a.projectId,
        demandId: a.demandId,
        organizationId: a.organizationId,
        openedBy: schema.agentOrganizations.userId,
        projectNo: schema.projects.projectNo,
        respondedAt: a.respondedAt,
      })
      .from(a)
      .innerJoin(schema.projects, eq(schema.projects.pkid, a.projectId))
      .innerJoin(schema.agentOrganizations, eq(schema.agentOrganizations.organizationId, a.organizationId))
      .where(and(eq(a.state, 1), inArray(schema.projects.status, [4, 5, 6, 7])))
      .orderBy(asc(a.pkid))
  ).filter((row) => staffOf.has(row.organizationId));
  // In slices: the 100,000-project bench set has tens of thousands (a statement takes 65,535 values).
  let cases = 0;
  for (let from = 0; from < underWay.length; from += 1000) {
    const slice = underWay.slice(from, from + 1000);
    const created = await t
      .insert(schema.surveyCases)
      .values(
        slice.map((row) => {
          const opened = new Date((row.respondedAt ?? at(30)).getTime() + 5 * DAY);
          return {
            caseNo: `BJ-${row.projectNo}-${row.authorizationId}`,
            projectId: row.projectId,
            demandId: row.demandId,
            authorizationId: row.authorizationId,
            organizationId: row.organizationId,
            plannedStart: chinaDate(opened),
            plannedEnd: chinaDate(new Date(opened.getTime() + 20 * DAY)),
            createdBy: row.openedBy,
            createdAt: opened,
            updatedAt: opened,
          };
        }),
      )
      .returning({
        caseId: schema.surveyCases.caseId,
        demandId: schema.surveyCases.demandId,
        organizationId: schema.surveyCases.organizationId,
      });
    const items = await t
      .select({ demandId: schema.projectStageItems.demandId, itemId: schema.projectStageItems.itemId })
      .from(schema.projectStageItems)
      .where(inArray(schema.projectStageItems.demandId, [...new Set(slice.map((row) => row.demandId))]));
    const itemsOf = new Map<number, number[]>();
    for (const row of items) itemsOf.set(row.demandId, [...(itemsOf.get(row.demandId) ?? []), row.itemId]);
    // Each item of the demand to one of the agency's staff, in turn.
    const assignments = created.flatMap((opened, i) => {
      const staff = staffOf.get(opened.organizationId)!;
      return (itemsOf.get(opened.demandId) ?? []).map((itemId, j) => ({
        caseId: opened.caseId,
        itemId,
        staffId: staff[(from + i + j) % staff.length]!,
      }));
    });
    for (let next = 0; next < assignments.length; next += 1000)
      await t.insert(schema.surveyCaseStaff).values(assignments.slice(next, next + 1000));
    cases += created.length;
  }
  return cases;
}
