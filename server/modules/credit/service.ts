/**
 * Credit entries: lists, adding (with evidence files), ending, the person blacklist of a staff member,
 * violation projects and the red list. Every change recomputes the derived flags in its transaction
 * (flags.ts) and drops the hall's agency pages when an agency's flag changed.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, creditEntries, files } from '@server/db/schema';
import { writeDroppingPages } from '@server/lib/page-cache';
import { containsPattern } from '@server/db/contains-pattern';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { checkUploadedFile, storeUploadedFile } from '@server/storage/uploads';
import type {
  BreakProjectRow,
  CreditEntryRow,
  PersonBlacklistDetail,
  ReportProjectRow,
} from '@shared/calls/credit';
import { creditEntryKindLabels, type CreditEntryKind, type CreditEntryStatus } from '@shared/domain/credit';
import { roles } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import type { CreditEndInput, CreditListParams, ReportProjectParams } from '@shared/validation/credit';
import { beijingDate } from '@shared/validation/jobs';
import { documentExtensions, imageExtensions } from '@shared/validation/upload';
import { syncCreditFlags } from './flags';
import { refreshCreditScores } from './score';
import { recordCreditDecision } from './timeline';

type CreditContext = Pick<AppContext, 'db' | 'pageCache' | 'storage' | 'services'>;

const evidenceExtensions = [...new Set([...documentExtensions, ...imageExtensions])];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]) ?? [];
}

interface EntryRecord {
  pkid: number;
  kind: CreditEntryKind;
  organization_id: number | null;
  org_name: string | null;
  legal_person_name: string | null;
  person_name: string | null;
  id_card_no: string | null;
  reason: string;
  project_ids: number[];
  evidence: { fileId: string; fileName: string }[] | string;
  projects: CreditEntryRow['projects'] | string;
  start_date: string;
  end_date: string | null;
  status: CreditEntryStatus;
  decided_by_name: string | null;
  decided_at: Date | string;
  ended_by_name: string | null;
  ended_at: Date | string | null;
  end_reason: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const dayText = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : beijingDate(value);

function toRow(r: EntryRecord): CreditEntryRow {
  return {
    pkid: r.pkid,
    kind: r.kind,
    organizationId: r.organization_id,
    orgName: r.org_name,
    legalPersonName: r.legal_person_name,
    personName: r.person_name,
    idCardNo: r.id_card_no,
    reason: r.reason,
    projectIds: r.project_ids ?? [],
    evidence: typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence,
    projects: typeof r.projects === 'string' ? JSON.parse(r.projects) : r.projects,
    startDate: dayText(r.start_date),
    endDate: r.end_date === null ? null : dayText(r.end_date),
    status: r.status,
    decidedByName: r.decided_by_name,
    decidedAt: iso(r.decided_at),
    endedByName: r.ended_by_name,
    endedAt: r.ended_at === null ? null : iso(r.ended_at),
    endReason: r.end_reason,
  };
}

const entrySelect = sql`
  select e.pkid, e.kind, e.organization_id, o.org_name, o.legal_person_name, e.person_name, e.id_card_no,
    e.reason, e.project_ids, e.start_date::text as start_date, e.end_date::text as end_date, e.status,
    e.decided_at, e.ended_at, e.end_reason, d.username as decided_by_name, x.username as ended_by_name,
    (select coalesce(json_agg(json_build_object('fileId', f.id, 'fileName', f.original_name)
        order by array_position(e.evidence_file_ids, f.id)), '[]'::json)
      from files f where f.id = any(e.evidence_file_ids)) as evidence,
    (select coalesce(json_agg(json_build_object('projectId', p.pkid, 'projectName', p.project_name,
        'projectNo', p.project_no) order by array_position(e.project_ids, p.pkid)), '[]'::json)
      from projects p where p.pkid = any(e.project_ids)) as projects
  from credit_entries e
  left join agent_organizations o on o.organization_id = e.organization_id
  left join users d on d.pkid = e.decided_by
  left join users x on x.pkid = e.ended_by`;

export interface EntryFilter {
  kinds: readonly CreditEntryKind[];
  /** Only this agency's entries (an agency's own list). */
  organizationId?: number;
  /** Statuses a list is limited to; the input's `status` narrows within them. */
  statuses?: readonly CreditEntryStatus[];
}

export async function listCreditEntries(
  db: Queryable,
  filter: EntryFilter,
  input: CreditListParams & { frName?: string | undefined },
): Promise<{ rows: CreditEntryRow[]; total: number }> {
  const where: SQL[] = [
    sql`e.kind in (${sql.join(
      filter.kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  ];
  if (filter.statuses)
    where.push(
      sql`e.status in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.organizationId !== undefined) where.push(sql`e.organization_id = ${filter.organizationId}`);
  if (input.status) where.push(sql`e.status = ${input.status}`);
  if (input.orgName) where.push(sql`o.org_name ilike ${containsPattern(input.orgName)}`);
  if (input.personName) where.push(sql`e.person_name ilike ${containsPattern(input.personName)}`);
  if (input.frName) where.push(sql`o.legal_person_name ilike ${containsPattern(input.frName)}`);
  const condition = sql.join(where, sql` and `);
  const [count] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from credit_entries e left join agent_organizations o on o.organization_id = e.organization_id where ${condition}`,
    ),
  );
  const rows = rowsOf<EntryRecord>(
    await db.execute(
      sql`${entrySelect} where ${condition} order by e.status = 'active' desc, e.start_date desc, e.pkid desc limit ${input.rows} offset ${(input.page - 1) * input.rows}`,
    ),
  );
  return { rows: rows.map(toRow), total: count?.total ?? 0 };
}

async function entryById(db: Queryable, pkid: number): Promise<CreditEntryRow | undefined> {
  const [row] = rowsOf<EntryRecord>(await db.execute(sql`${entrySelect} where e.pkid = ${pkid}`));
  return row ? toRow(row) : undefined;
}

/**
 * Recomputes the flags after a change of `entry`, and its agency's credit score; an agency's flag and
 * grade show in the hall directory.
 */
async function syncAfterChange(
  tx: Queryable,
  dropPages: (tags: readonly ('agencies' | 'statistics')[]) => void,
  entry: { organizationId: number | null; kind: CreditEntryKind },
  now: Date,
  cause: string,
) {
  const today = beijingDate(now);
  const changed = await syncCreditFlags(tx, today);
  const scores =
    entry.organizationId === null
      ? []
      : await refreshCreditScores(tx, {
          scope: { organizationId: entry.organizationId },
          today,
          at: now,
          cause: `${cause}${creditEntryKindLabels[entry.kind]}记录`,
        });
  if (changed.agencies > 0 || scores.length > 0) dropPages(['agencies', 'statistics']);
}

export interface NewEntry {
  organizationId?: number;
  personName?: string;
  idCardNo?: string;
  reason: string;
  startDate: string;
  endDate?: string | undefined;
  projectIds?: number[];
  evidence1?: File | undefined;
  evidence2?: File | undefined;
  evidence3?: File | undefined;
}

const kindNoun = (kind: CreditEntryKind) => creditEntryKindLabels[kind];

/** Refuses an entry for an unknown agency, one already in force, or unknown violation projects. */
async function checkNewEntry(db: Queryable, kind: CreditEntryKind, input: NewEntry, today: string) {
  if (kind !== 'personBlacklist') {
    const [org] = await db
      .select({ auditStatus: agentOrganizations.auditStatus })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, input.organizationId ?? 0));
    if (!org) throw new AppError('not_found', { message: '没有这个机构', field: 'organizationId' });
  }
  const subject =
    kind === 'personBlacklist'
      ? sql`upper(id_card_no) = upper(${input.idCardNo ?? ''})`
      : sql`organization_id = ${input.organizationId ?? 0}`;
  const open = rowsOf(
    await db.execute(
      sql`select 1 from credit_entries where kind = ${kind} and status = 'active' and ${subject} and (end_date is null or end_date >= ${today}::date) limit 1`,
    ),
  );
  if (open.length > 0)
    throw new AppError('conflict', {
      message: kind === 'personBlacklist' ? '该人员已在黑名单中' : `该机构已有生效的${kindNoun(kind)}记录`,
    });
  if (input.projectIds && input.projectIds.length > 0) {
    const found = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from projects where pkid in (${sql.join(
          input.projectIds.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    );
    if ((found[0]?.n ?? 0) !== new Set(input.projectIds).size)
      throw new AppError('invalid_input', { message: '违规项目不存在', field: 'projectIds' });
  }
}

/** Stores the evidence files given (evidence1…3); a refused file answers on its own field. */
async function storeEvidence(ctx: CreditContext, user: SessionUser, input: NewEntry): Promise<string[]> {
  const evidenceFileIds: string[] = [];
  const given = (
    [
      ['evidence1', input.evidence1],
      ['evidence2', input.evidence2],
      ['evidence3', input.evidence3],
    ] as const
  ).filter(([, file]) => file !== undefined);
  // Every file is checked (name, size, content) before any is stored.
  for (const [field, file] of given)
    await checkUploadedFile(file, evidenceExtensions, { field, contentMustMatch: true });
  for (const [field, file] of given) {
    try {
      evidenceFileIds.push((await storeUploadedFile(ctx, file, evidenceExtensions, user.pkid)).fileId);
    } catch (error) {
      if (error instanceof AppError && error.field === 'file')
        throw new AppError(error.code, { message: error.message, field });
      throw error;
    }
  }
  return evidenceFileIds;
}

/** Adds an entry decided by `user`; the flags follow at once when it is in force today. */
export async function addCreditEntry(
  ctx: CreditContext,
  user: SessionUser,
  kind: CreditEntryKind,
  input: NewEntry,
): Promise<CreditEntryRow> {
  const today = beijingDate(ctx.services.now());
  // Everything that can refuse is checked before the evidence is stored.
  await checkNewEntry(ctx.db, kind, input, today);
  const evidenceFileIds = await storeEvidence(ctx, user, input);
  const now = ctx.services.now();
  const decided = {
    kind,
    organizationId: input.organizationId ?? null,
    personName: input.personName ?? null,
    idCardNo: input.idCardNo ?? null,
    reason: input.reason,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
  };
  const pkid = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const [row] = await tx
      .insert(creditEntries)
      .values({
        ...decided,
        projectIds: [...new Set(input.projectIds ?? [])],
        evidenceFileIds,
        decidedBy: user.pkid,
        decidedAt: now,
      })
      .returning({ pkid: creditEntries.pkid });
    if (!row) throw new AppError('internal');
    await syncAfterChange(tx, dropPages, decided, now, '新增');
    await recordCreditDecision(tx, decided, { type: 'flagged' }, user, now);
    return row.pkid;
  });
  return (await entryById(ctx.db, pkid)) as CreditEntryRow;
}

/** Ends an active entry early (撤销) with a reason; `kinds` are the ones this call may end. */
export async function endCreditEntry(
  ctx: CreditContext,
  user: SessionUser,
  kinds: readonly CreditEntryKind[],
  input: CreditEndInput,
): Promise<CreditEntryRow> {
  const now = ctx.services.now();
  const existing = await entryById(ctx.db, input.pkid);
  if (!existing || !kinds.includes(existing.kind))
    throw new AppError('not_found', { message: '没有这条记录', field: 'pkid' });
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    const updated = await tx
      .update(creditEntries)
      .set({ status: 'ended', endedBy: user.pkid, endedAt: now, endReason: input.endReason, updatedAt: now })
      .where(and(eq(creditEntries.pkid, input.pkid), eq(creditEntries.status, 'active')))
      .returning({ pkid: creditEntries.pkid });
    if (updated.length === 0) throw new AppError('conflict', { message: '该记录已失效，无需撤销' });
    await syncAfterChange(tx, dropPages, existing, now, '撤销');
    await recordCreditDecision(tx, existing, { type: 'ended', endReason: input.endReason }, user, now);
  });
  return (await entryById(ctx.db, input.pkid)) as CreditEntryRow;
}

/** The person blacklist entries of a staff member (by ID card number); an agency sees only its own. */
export async function staffBlacklistInfo(
  ctx: CreditContext,
  user: SessionUser,
  staffId: number,
): Promise<CreditEntryRow[]> {
  const [staff] = await ctx.db
    .select({ idCardNo: agentStaff.idCardNo, ownerUserId: agentOrganizations.userId })
    .from(agentStaff)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
    .where(eq(agentStaff.staffId, staffId));
  const manager = user.isAdmin || user.roleIds.includes(roles.authority.id);
  // Another agency's staff answers like a missing one: no hint that the id exists.
  if (!staff || (!manager && staff.ownerUserId !== user.pkid))
    throw new AppError('not_found', { message: '没有这名人员' });
  if (!staff.idCardNo) return [];
  const rows = rowsOf<EntryRecord>(
    await ctx.db.execute(
      sql`${entrySelect} where e.kind = 'personBlacklist' and upper(e.id_card_no) = upper(${staff.idCardNo}) order by e.start_date desc`,
    ),
  );
  return rows.map(toRow);
}

/** A person blacklist entry and the person's staff records, deleted ones too (their history). */
export async function personBlacklistDetail(db: Queryable, pkid: number): Promise<PersonBlacklistDetail> {
  const entry = await entryById(db, pkid);
  if (!entry || entry.kind !== 'personBlacklist' || !entry.idCardNo)
    throw new AppError('not_found', { message: '没有这条记录' });
  const staff = await db
    .select({
      staffId: agentStaff.staffId,
      name: agentStaff.name,
      orgName: agentOrganizations.orgName,
      auditStatus: agentStaff.auditStatus,
      deletedAt: agentStaff.deletedAt,
    })
    .from(agentStaff)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
    .where(sql`upper(${agentStaff.idCardNo}) = upper(${entry.idCardNo})`)
    .orderBy(agentStaff.staffId);
  return {
    entry,
    staff: staff.map((row) => ({ ...row, deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null })),
  };
}

const breakSelect = sql`
  select e.pkid as entry_id, o.org_name as orgname, p.pkid as project_id, p.project_name, e.reason,
    e.start_date::text as start_date, e.status
  from credit_entries e
  join agent_organizations o on o.organization_id = e.organization_id
  cross join lateral unnest(e.project_ids) as v(project_id)
  join projects p on p.pkid = v.project_id`;

interface BreakRecord {
  entry_id: number;
  orgname: string;
  project_id: number;
  project_name: string;
  reason: string;
  start_date: string;
  status: CreditEntryStatus;
}
const toBreakRow = (r: BreakRecord): BreakProjectRow => ({
  entryId: r.entry_id,
  orgname: r.orgname,
  projectId: r.project_id,
  projectName: r.project_name,
  reason: r.reason,
  startDate: r.start_date,
  status: r.status,
});

export async function listBreakProjects(
  db: Queryable,
  input: { page: number; size: number; orgname?: string | undefined },
): Promise<{ rows: BreakProjectRow[]; total: number }> {
  const where = input.orgname ? sql`o.org_name ilike ${containsPattern(input.orgname)}` : sql`true`;
  const [count] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from (${breakSelect} where e.kind = 'unqualified' and ${where}) t`,
    ),
  );
  const rows = rowsOf<BreakRecord>(
    await db.execute(
      sql`${breakSelect} where e.kind = 'unqualified' and ${where} order by e.start_date desc, e.pkid desc, p.pkid limit ${input.size} offset ${(input.page - 1) * input.size}`,
    ),
  );
  return { rows: rows.map(toBreakRow), total: count?.total ?? 0 };
}

export async function breakProjectsOfEntry(db: Queryable, pkid: number): Promise<BreakProjectRow[]> {
  const rows = rowsOf<BreakRecord>(
    await db.execute(sql`${breakSelect} where e.kind = 'unqualified' and e.pkid = ${pkid} order by p.pkid`),
  );
  return rows.map(toBreakRow);
}

/** An evidence file, only when some entry names it. */
export async function getEvidenceFile(db: Queryable, fileId: string): Promise<FileToSend> {
  const [file] = await db
    .select(fileToSendColumns)
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        sql`exists (select 1 from credit_entries e where ${files.id} = any(e.evidence_file_ids))`,
      ),
    );
  if (!file) throw new AppError('not_found', { message: '文件不存在' });
  return file;
}

/**
 * agUnqualified/querySelf: the unqualified entries of the user's own agency (in force and past), so an
 * agency sees why and until when it is kept out of new demands. No agency registered: an empty list.
 */
export async function listOwnUnqualified(
  db: Queryable,
  user: SessionUser,
  input: CreditListParams,
): Promise<{ rows: CreditEntryRow[]; total: number }> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) return { rows: [], total: 0 };
  return listCreditEntries(
    db,
    { kinds: ['unqualified'], organizationId: org.id },
    { ...input, orgName: undefined },
  );
}

interface ReportProjectRecord {
  project_id: number;
  project_name: string;
  project_no: string;
  status: number;
  via: string;
}

/**
 * agUnqualified/queryReportProject: the projects an agency worked on (commissioned to it, or under a
 * contract with it), the ones the authority may name as violation projects of an unqualified entry.
 */
export async function listReportProjects(
  db: Queryable,
  input: ReportProjectParams,
): Promise<{ rows: ReportProjectRow[]; total: number }> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, input.organizationId));
  if (!org) throw new AppError('not_found', { message: '没有这个机构', field: 'organizationId' });
  const name = input.projectName
    ? sql`and p.project_name ilike ${containsPattern(input.projectName)}`
    : sql``;
  const worked = sql`
    select p.pkid as project_id, p.project_name, p.project_no, p.status,
      case when exists (select 1 from contracts c where c.project_id = p.pkid and c.organization_id = ${input.organizationId})
        then 'contract' else 'authorization' end as via
    from projects p
    where (exists (select 1 from project_authorizations a where a.project_id = p.pkid and a.organization_id = ${input.organizationId})
      or exists (select 1 from contracts c where c.project_id = p.pkid and c.organization_id = ${input.organizationId}))
      ${name}`;
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${worked}) t`),
  );
  const rows = rowsOf<ReportProjectRecord>(
    await db.execute(
      sql`${worked} order by p.pkid desc limit ${input.rows} offset ${(input.page - 1) * input.rows}`,
    ),
  );
  return {
    rows: rows.map((r) => ({
      projectId: r.project_id,
      projectName: r.project_name,
      projectNo: r.project_no,
      status: r.status,
      via: r.via as ReportProjectRow['via'],
    })),
    total: count?.total ?? 0,
  };
}
