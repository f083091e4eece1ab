/**
 * The public side of surveying agencies (spec section 2 orgselect/orgdetail, section 7 agentorg/query):
 * only agencies whose audit passed are ever shown, with their credit flags. The review statistics of
 * applications (getOrgPassRate) are in pass-rate.ts.
 */
import {
  and,
  arrayContains,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { agencySelectableCondition } from '@server/modules/credit';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import {
  agentOrganizations,
  agentStaff,
  districts,
  projectAuthorizations,
  projects,
} from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import { agencyFigures } from './figures';
import type { CreditGrade } from '@shared/domain/credit-score';
import { auditStatus, authorizationState, creditFlagsOf, type CreditFlag } from '@shared/domain/statuses';
import type { CreditFilter } from '@shared/validation/lists';

export interface AgencyListQuery {
  orgName?: string;
  districtCode?: string;
  /** A survey item the business scope must include. */
  itemId?: number;
  credit?: CreditFilter;
  qualificationGrade?: number;
  page: number;
  rows: number;
}

export interface AgencySummary {
  organizationId: number;
  orgName: string;
  credential: string | null;
  districtCode: string | null;
  districtName: string | null;
  qualificationGrade: number | null;
  businessScope: number[];
  legalPersonName: string | null;
  contactPhone: string | null;
  creditFlags: CreditFlag[];
  creditGrade: CreditGrade;
}

export interface DoneProject {
  pkid: number;
  projectName: string;
  projectNo: string;
  districtName: string | null;
  status: number;
  completedAt: Date | null;
}

export interface PassRate {
  organizationId: number;
  orgName: string;
  /** Result items adopted. */
  adopted: number;
  /** Result items decided (adopted or returned). */
  decided: number;
  /** adopted / decided, 0..1; null while nothing was decided. */
  passRate: number | null;
  /** 在办项目: open authorizations on projects in progress. */
  workload: number;
}

export interface AgencyDetail extends AgencySummary {
  registrationOrgan: string | null;
  qualificationCertNo: string | null;
  qualificationValidUntil: string | null;
  address: string | null;
  contactName: string | null;
  email: string | null;
  employeeCount: number | null;
  /** Approved staff on record. */
  staffCount: number;
  establishedOn: string | null;
  introduction: string | null;
  lostCreditReason: string | null;
  unqualifiedReason: string | null;
  blacklistReason: string | null;
  blacklistStart: string | null;
  blacklistEnd: string | null;
  passRate: PassRate;
  projectsDone: number;
  recentProjects: DoneProject[];
}

const approved = eq(agentOrganizations.auditStatus, auditStatus.code.approved);
const doneStatuses = [6, 7];

function creditCondition(credit: CreditFilter): SQL {
  const o = agentOrganizations;
  switch (credit) {
    case 'good':
      // 良好 is exactly "may be chosen for a new demand": the one definition in credit/flags.ts.
      return agencySelectableCondition();
    case 'lostCredit':
      return eq(o.isLostCredit, true);
    case 'unqualified':
      return eq(o.isUnqualified, true);
    case 'blacklisted':
      return eq(o.isBlacklisted, true);
  }
}

const summaryColumns = {
  organizationId: agentOrganizations.organizationId,
  orgName: agentOrganizations.orgName,
  credential: agentOrganizations.credential,
  districtCode: agentOrganizations.districtCode,
  districtName: districts.districtName,
  qualificationGrade: agentOrganizations.qualificationGrade,
  businessScope: agentOrganizations.businessScope,
  legalPersonName: agentOrganizations.legalPersonName,
  contactPhone: agentOrganizations.contactPhone,
  isLostCredit: agentOrganizations.isLostCredit,
  isUnqualified: agentOrganizations.isUnqualified,
  isBlacklisted: agentOrganizations.isBlacklisted,
  creditGrade: agentOrganizations.creditGrade,
};

type SummaryRow = Omit<AgencySummary, 'creditFlags' | 'creditGrade'> & {
  isLostCredit: boolean;
  isUnqualified: boolean;
  isBlacklisted: boolean;
  creditGrade: string;
};

function toSummary(row: SummaryRow): AgencySummary {
  const { isLostCredit, isUnqualified, isBlacklisted, creditGrade, ...rest } = row;
  return {
    ...rest,
    creditFlags: creditFlagsOf({ isLostCredit, isUnqualified, isBlacklisted }),
    creditGrade: creditGrade as CreditGrade,
  };
}

/** The directory's filters (agentorg/query and its export agentorg/exportExcel): approved agencies only. */
export function directoryConditions(query: Omit<AgencyListQuery, 'page' | 'rows'>): SQL {
  const conditions: SQL[] = [approved];
  const name = query.orgName?.trim();
  if (name) conditions.push(ilike(agentOrganizations.orgName, containsPattern(name)));
  if (query.districtCode) conditions.push(eq(agentOrganizations.districtCode, query.districtCode));
  if (query.itemId !== undefined)
    conditions.push(arrayContains(agentOrganizations.businessScope, [query.itemId]));
  if (query.credit) conditions.push(creditCondition(query.credit));
  if (query.qualificationGrade !== undefined)
    conditions.push(eq(agentOrganizations.qualificationGrade, query.qualificationGrade));
  return and(...conditions) as SQL;
}

export async function listPublicAgencies(
  db: Database,
  query: AgencyListQuery,
): Promise<{ rows: AgencySummary[]; total: number }> {
  const where = directoryConditions(query);
  const rows = await pageOf(
    db
      .select(summaryColumns)
      .from(agentOrganizations)
      .leftJoin(districts, eq(districts.districtCode, agentOrganizations.districtCode))
      .where(where)
      .orderBy(asc(agentOrganizations.orgName), asc(agentOrganizations.organizationId))
      .$dynamic(),
    query,
  );
  const [counted] = await db.select({ total: count() }).from(agentOrganizations).where(where);
  return { rows: rows.map(toSummary), total: counted?.total ?? 0 };
}

/** The most recently approved agencies (home page, getNewAgentOrganization). */
export async function newestAgencies(db: Database, limit: number): Promise<AgencySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(agentOrganizations)
    .leftJoin(districts, eq(districts.districtCode, agentOrganizations.districtCode))
    .where(approved)
    .orderBy(sql`${agentOrganizations.auditedAt} desc nulls last`, desc(agentOrganizations.organizationId))
    .limit(limit);
  return rows.map(toSummary);
}

/** Accepted authorizations of the agency: the demands it works on. */
function acceptedBy(organizationId: number): SQL {
  return and(
    eq(projectAuthorizations.organizationId, organizationId),
    eq(projectAuthorizations.state, authorizationState.code.accepted),
  ) as SQL;
}

/** The pass rate the hall shows: agencyFigures, the same the selection page shows. */
async function passRateOf(db: Database, organizationId: number, orgName: string): Promise<PassRate> {
  const figures = (await agencyFigures(db, [organizationId])).get(organizationId);
  return {
    organizationId,
    orgName,
    adopted: figures?.adopted ?? 0,
    decided: figures?.decided ?? 0,
    passRate: figures?.passRate ?? null,
    workload: figures?.workload ?? 0,
  };
}

/** Everything the public detail page shows; not_found unless the agency's audit passed. */
export async function getPublicAgency(db: Database, organizationId: number): Promise<AgencyDetail> {
  const o = agentOrganizations;
  const [row] = await db
    .select({
      ...summaryColumns,
      registrationOrgan: o.registrationOrgan,
      qualificationCertNo: o.qualificationCertNo,
      qualificationValidUntil: o.qualificationValidUntil,
      address: o.address,
      contactName: o.contactName,
      email: o.email,
      employeeCount: o.employeeCount,
      establishedOn: o.establishedOn,
      introduction: o.introduction,
      lostCreditReason: o.lostCreditReason,
      unqualifiedReason: o.unqualifiedReason,
      blacklistReason: o.blacklistReason,
      blacklistStart: o.blacklistStart,
      blacklistEnd: o.blacklistEnd,
    })
    .from(o)
    .leftJoin(districts, eq(districts.districtCode, o.districtCode))
    .where(and(approved, eq(o.organizationId, organizationId)));
  if (!row) throw new AppError('not_found', { message: '该中介机构不存在或未通过审核' });
  const { isLostCredit, isUnqualified, isBlacklisted, ...fields } = row;

  const staffCount = await db.$count(
    agentStaff,
    and(eq(agentStaff.organizationId, organizationId), eq(agentStaff.auditStatus, auditStatus.code.approved)),
  );
  const doneWhere = and(acceptedBy(organizationId), inArray(projects.status, doneStatuses));
  const [done] = await db
    .select({ total: countDistinct(projects.pkid) })
    .from(projects)
    .innerJoin(projectAuthorizations, eq(projectAuthorizations.projectId, projects.pkid))
    .where(doneWhere);
  const recentProjects = await db
    .selectDistinctOn([projects.completedAt, projects.pkid], {
      pkid: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      districtName: districts.districtName,
      status: projects.status,
      completedAt: projects.completedAt,
    })
    .from(projects)
    .innerJoin(projectAuthorizations, eq(projectAuthorizations.projectId, projects.pkid))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(doneWhere)
    .orderBy(sql`${projects.completedAt} desc nulls last`, desc(projects.pkid))
    .limit(10);

  return {
    ...fields,
    creditFlags: creditFlagsOf({ isLostCredit, isUnqualified, isBlacklisted }),
    creditGrade: fields.creditGrade as CreditGrade,
    staffCount,
    passRate: await passRateOf(db, organizationId, row.orgName),
    projectsDone: done?.total ?? 0,
    recentProjects,
  };
}
