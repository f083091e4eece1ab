import { createHash, randomInt } from 'node:crypto';
import { count, getTableColumns, getTableName, is, sql, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword, LOCKED_PASSWORD, md5Hex } from '@server/lib/password';
import { GUEST_USER_ID } from '@shared/domain/roles';
import type { Database, Queryable } from '@server/db/database';
import { armAuthorizationDeadlines, armReviewDeadlines, backfillReviewItems } from '@server/db/review-items';
import * as schema from '@server/db/schema';
import { reviewItemSources } from '@server/review-hooks';
import { refreshCreditScores } from '@server/modules/credit';
import { archiveUnarchivedProjects } from '@server/modules/electronics';
import { beijingDate } from '@shared/validation/jobs';
import { createDemoData, GUEST_LOGINNAME, type DemoUser } from './demo';
import { seedDemoContractLife } from './demo-contract-life';
import { seedDemoDrawings } from './demo-drawings';
import { seedDemoLayers } from './demo-layers';
import { seedDemoContractChanges } from './demo-contract-changes';
import { seedDemoSelections } from './demo-selections';
import { seedDemoCases, seedDemoOffline } from './demo-offline';
import { seedDemoResults } from './demo-results';
import { seedDemoInterfaces } from './demo-interfaces';
import { seedDemoCertificates } from './demo-certificates';
import { seedDemoReports } from './demo-reports';
import { seedDemoSharing } from './demo-sharing';
import { seedDemoInspections } from './demo-inspections';
import { seedDemoEvaluations } from './demo-evaluations';
import { demoRatings } from './demo-ratings';
import { departmentIds, departmentRows, moduleRows, roleRows, stageRows, surveyItemRows } from './reference';

export { createDemoData, DEMO_PASSWORD, DEMO_SEED, demoAccounts, GUEST_LOGINNAME } from './demo';
export type { DemoBase, DemoData, DemoLoginName, DemoOptions, ProjectBatch } from './demo';
export { departmentIds } from './reference';

/**
 * Writes a file's bytes into the storage and answers its key (the lead's FileStorage.write fits:
 * `storeFile: (bytes) => storage.write(bytes)`). The seed itself writes the `files` row (name, type,
 * size, sha256, key).
 */
export type StoreFile = (bytes: Uint8Array, name: string, contentType: string) => Promise<{ key: string }>;

export interface SeedDemoOptions {
  /** Number of projects (default 2,000; benchmarks use 100,000). */
  projects?: number;
  storeFile: StoreFile;
  /** The instant the demo data is "generated at"; dates are spread before it. Default: now. */
  now?: Date;
  /** The hall's public address, for the demo certificates' QR codes (config.publicUrl). */
  publicUrl?: string;
}

/** Rows written per table. */
export type SeedSummary = Record<string, number>;

/** Built-in account ids below this are reserved: new accounts get ids from here on. */
export const FIRST_REGISTERED_USER_ID = 100;

const BATCH_ROWS = 1000;

type AnyTable = PgTable;

/**
 * Inserts rows in batches. A batch whose rows carry the same keys (or only leave out nullable columns
 * without a default) goes in as one JSON parameter through json_populate_recordset: about twice as fast
 * as a statement with a parameter per value, which matters for the 100,000-project benchmark set.
 */
async function insertRows(
  db: Queryable,
  table: AnyTable,
  rows: readonly object[],
  summary: SeedSummary,
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, Column>;
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS) as Record<string, unknown>[];
    const keys = [
      ...new Set(batch.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined))),
    ];
    const isUniform = keys.every(
      (key) => !(columns[key] as Column).hasDefault || batch.every((row) => row[key] !== undefined),
    );
    if (!isUniform) {
      await db.insert(table).values(batch as never);
      continue;
    }
    const names = keys.map((key) => (columns[key] as Column).name);
    const json = JSON.stringify(
      batch.map((row) => Object.fromEntries(keys.map((key, k) => [names[k], row[key] ?? null]))),
    );
    const list = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const target = sql.identifier(getTableName(table));
    await db.execute(
      sql`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${json}::json)`,
    );
  }
  const name = getTableName(table);
  summary[name] = (summary[name] ?? 0) + rows.length;
}

function allTables(): AnyTable[] {
  return Object.values(schema as Record<string, unknown>).filter((value): value is AnyTable =>
    is(value, PgTable),
  );
}

/** True when the database already holds accounts (demo or production seed, or real use). */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const rows = await db.select({ pkid: schema.users.pkid }).from(schema.users).limit(1);
  return rows.length > 0;
}

/**
 * Moves every identity column's sequence past the largest id in its table, so rows inserted with
 * explicit ids (seed, restore) do not collide with later inserts. User ids stay above the reserved
 * built-in range.
 */
export async function syncIdentitySequences(db: Queryable, tables = allTables()): Promise<void> {
  for (const table of tables) {
    const tableName = getTableName(table);
    for (const column of Object.values(getTableColumns(table))) {
      if (!column.generatedIdentity) continue;
      const floor = table === schema.users ? FIRST_REGISTERED_USER_ID : 1;
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${`"${tableName}"`}, ${column.name}), greatest(coalesce(max(${sql.identifier(column.name)}), 0) + 1, ${floor}), false) from ${sql.identifier(tableName)}`,
      );
    }
  }
}

/** Empties every table of the schema (for `db:seed --reset`). Migrations stay applied. */
export async function resetDatabase(db: Database): Promise<void> {
  const names = allTables().map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

async function hashUsers(users: readonly DemoUser[]): Promise<(typeof schema.users.$inferInsert)[]> {
  return Promise.all(
    users.map(async ({ passwordMd5, ...user }) => ({
      ...user,
      loginpwd: passwordMd5 ? await hashPassword(passwordMd5) : LOCKED_PASSWORD,
    })),
  );
}

/** Thrown when seeding a database that already has accounts (another instance may have seeded it). */
export class AlreadySeededError extends Error {
  constructor() {
    super('The database already has data; reset it before seeding (npm run db:seed -- --reset).');
    this.name = 'AlreadySeededError';
  }
}

/** Any fixed number: two instances starting on one empty server database seed it once. */
const SEED_LOCK_KEY = 726_2027;

/** Inside the seed transaction: wait for any other seeder, then make sure nobody seeded meanwhile. */
async function lockEmpty(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
  if (await isSeeded(tx)) throw new AlreadySeededError();
}

/**
 * Loads the deterministic demo data set (fictional 云州市): districts, reference tables, the demo
 * accounts (password Survey2026), agencies, staff, units, projects with their demands, authorizations,
 * contracts, logs and audit records, notices, downloads and messages. Refuses a database that already
 * has accounts. Files are written through `storeFile` first; all rows go in one transaction.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<SeedSummary> {
  if (await isSeeded(db)) throw new AlreadySeededError();
  const data = createDemoData({ projects: options.projects ?? 2000, now: options.now ?? new Date() });
  const { base } = data;

  const fileRows: (typeof schema.files.$inferInsert)[] = [];
  for (const file of base.files) {
    const stored = await options.storeFile(file.bytes, file.name, file.contentType);
    fileRows.push({
      id: file.id,
      originalName: file.name,
      contentType: file.contentType,
      size: file.bytes.byteLength,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      storageKey: stored.key,
      createdBy: null,
      createdAt: file.createdAt,
    });
  }
  const users = await hashUsers(base.users);

  const summary: SeedSummary = {};
  await db.transaction(async (t) => {
    await lockEmpty(t);
    await insertRows(t, schema.districts, base.districts, summary);
    await insertRows(t, schema.roles, base.roles, summary);
    await insertRows(t, schema.departments, base.departments, summary);
    await insertRows(t, schema.users, users, summary);
    await insertRows(t, schema.userRoles, base.userRoles, summary);
    await insertRows(t, schema.modules, base.modules, summary);
    await insertRows(t, schema.roleModules, base.roleModules, summary);
    await insertRows(t, schema.stages, base.stages, summary);
    await insertRows(t, schema.surveyItems, base.surveyItems, summary);
    await insertRows(t, schema.agentOrganizations, base.agentOrganizations, summary);
    await insertRows(t, schema.agentStaff, base.agentStaff, summary);
    await insertRows(t, schema.constructionUnits, base.constructionUnits, summary);
    await insertRows(t, schema.auditRecords, base.auditRecords, summary);
    await insertRows(t, schema.creditEntries, base.creditEntries, summary);
    await insertRows(t, schema.files, fileRows, summary);
    await insertRows(t, schema.notices, base.notices, summary);
    await insertRows(t, schema.noticeAttachments, base.noticeAttachments, summary);
    await insertRows(t, schema.downloads, base.downloads, summary);
    await insertRows(t, schema.agentOrgAttachments, base.agentOrgAttachments, summary);
    await insertRows(t, schema.agentOrgChanges, base.agentOrgChanges, summary);
    await insertRows(t, schema.agentStaffChanges, base.agentStaffChanges, summary);
    await insertRows(t, schema.agentStaffAttachments, base.agentStaffAttachments, summary);
    await insertRows(t, schema.constructionUnitAttachments, base.constructionUnitAttachments, summary);
    await insertRows(t, schema.contractTemplates, base.contractTemplates, summary);
    await insertRows(t, schema.constructionUnitChanges, base.constructionUnitChanges, summary);
    await insertRows(t, schema.feedback, base.feedback, summary);
    for (const batch of data.projectBatches(BATCH_ROWS)) {
      await insertRows(t, schema.projects, batch.projects, summary);
      await insertRows(t, schema.projectDemands, batch.projectDemands, summary);
      await insertRows(t, schema.projectStageItems, batch.projectStageItems, summary);
      await insertRows(t, schema.projectAuthorizations, batch.projectAuthorizations, summary);
      await insertRows(t, schema.contracts, batch.contracts, summary);
      await insertRows(t, schema.contractGovAttachments, batch.contractGovAttachments, summary);
      await insertRows(t, schema.projectLogs, batch.projectLogs, summary);
      await insertRows(t, schema.auditRecords, batch.auditRecords, summary);
      await insertRows(t, schema.projectDemandAmendments, batch.projectDemandAmendments, summary);
      await insertRows(t, schema.projectAuthChanges, batch.projectAuthChanges, summary);
      await insertRows(t, schema.constructionSatisfaction, demoRatings(batch), summary);
    }
    await insertRows(t, schema.messages, data.messages(), summary);
    // The demo's unqualified entries name violation projects: up to two projects each agency was
    // commissioned for. Derived here, once the projects exist (credit entries are built before the
    // project batches, which stream); with no projects (tests) they stay empty.
    await t.execute(sql`
      update credit_entries e set project_ids = coalesce((
        select array_agg(x.project_id order by x.project_id) from (
          select distinct a.project_id from project_authorizations a
          where a.organization_id = e.organization_id order by a.project_id limit 2) x), '{}')
      where e.kind = 'unqualified' and cardinality(e.project_ids) = 0`);
    // The selections write log lines and messages with generated ids: sequences first.
    await syncIdentitySequences(t);
    summary.demand_selections = await seedDemoSelections(t, options.now ?? new Date());
    // Schedules, terms and confirmations first: the filing changes record the values they replace.
    summary.contract_applications = await seedDemoContractLife(t, options.now ?? new Date());
    summary.contract_changes = await seedDemoContractChanges(t, options.now ?? new Date());
    // Offline projects in every review state (issue 13).
    summary.project_offlines = await seedDemoOffline(t, options.now ?? new Date());
    // Results of projects in 4, 5 and 6 in every acceptance state (issue 22).
    summary.project_results = await seedDemoResults(t, options.now ?? new Date());
    // A few projects carried to 已办结 with their certificates, one revoked (issue 22).
    summary.certificates = await seedDemoCertificates(t, {
      now: options.now ?? new Date(),
      storeFile: options.storeFile,
      publicUrl: options.publicUrl ?? 'http://localhost:4321',
    });
    // Their reports to the provincial platform: one sent, one failed, the rest waiting (issue 25).
    summary.results_reports = await seedDemoReports(t, options.now ?? new Date());
    // The cases of every project under survey or past it, once the certificates moved theirs on.
    summary.survey_cases = await seedDemoCases(t, options.now ?? new Date());
    // Adopted results of a few accepted projects and share01's applications in every state (issue 22).
    const sharing = await seedDemoSharing(t, options.now ?? new Date());
    summary.share_applications = sharing.applications;
    summary.share_downloads = sharing.downloads;
    // The archive case of every completed project (issue 23). The levels are spread over all three,
    // but the cases holding files stay 公开: every role that reads the archive, auditors included,
    // then opens a case with files.
    summary.archive_cases = await archiveUnarchivedProjects(t, options.now ?? new Date());
    await t.execute(sql`
      update archive_cases c set classification = case when c.case_id % 5 = 0 then 3
        when c.case_id % 3 = 0 then 2 else 1 end
      where not exists (select 1 from metadata_records m where m.case_id = c.case_id)`);
    // Drawings in each format in the cases (图件 and 图文档), some with a second version (issue 23).
    summary.drawings = await seedDemoDrawings(t, {
      now: options.now ?? new Date(),
      storeFile: options.storeFile,
    });
    // Vector layers: buildings in a dozen agencies' cases and the city's control points (issue 23).
    summary.vector_layers = await seedDemoLayers(t, {
      now: options.now ?? new Date(),
      storeFile: options.storeFile,
    });
    // Data interfaces with their consumers and access log, run on the rows above (issue 25).
    summary.data_interfaces = await seedDemoInterfaces(t, options.now ?? new Date());
    // They also wrote log lines, messages and quotes: the summary counts what is stored.
    for (const [key, table] of [
      ['audit_records', schema.auditRecords],
      ['project_logs', schema.projectLogs],
      ['messages', schema.messages],
      ['selection_quotes', schema.selectionQuotes],
    ] as const) {
      summary[key] = (await t.select({ n: count() }).from(table))[0]?.n ?? 0;
    }
    summary.review_items = await backfillReviewItems(t, reviewItemSources);
    // Assessments, ratings of owners and appeals in every state (issue 24), before the scores count them.
    summary.evaluations = await seedDemoEvaluations(t, options.now ?? new Date());
    // The agencies' open authorization to-dos get their deadlines before the scores count the overdue ones.
    await armAuthorizationDeadlines(t, options.now ?? new Date());
    // Every agency's credit score from the ratings, acceptance decisions and entries above (issue 24).
    const scoredAt = options.now ?? new Date();
    summary.credit_score_changes = (
      await refreshCreditScores(t, {
        scope: 'all',
        today: beijingDate(scoredAt),
        at: scoredAt,
        cause: '演示数据：按信用评分规则初次计算',
      })
    ).length;
    // A completed random inspection round (its publication recounts the inspected agencies' scores)
    // and an open one (issue 24).
    summary.inspection_rounds = await seedDemoInspections(t, scoredAt);
    await armReviewDeadlines(t, options.now ?? new Date());
    await syncIdentitySequences(t);
  });
  return summary;
}

/**
 * Rebuilds the menu modules and their role links from the route table (shared/domain/routes.ts), for
 * a database seeded by an older version of the code. Modules are derived data: nothing else points at
 * them except role_modules, which is rebuilt too. Runs on every start: under the seed lock, so that
 * instances starting together take turns, and only when the stored menu differs.
 */
export async function syncModules(db: Database): Promise<void> {
  const menu = moduleRows();
  const summary: SeedSummary = {};
  await db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await menuMatches(t, menu)) return;
    await t.delete(schema.roleModules);
    await t.delete(schema.modules);
    await insertRows(t, schema.modules, menu.modules, summary);
    await insertRows(t, schema.roleModules, menu.roleModules, summary);
    await syncIdentitySequences(t, [schema.modules, schema.roleModules]);
  });
}

/** Whether the stored modules and role links are exactly `menu` (compared on the columns it sets). */
async function menuMatches(db: Queryable, menu: ReturnType<typeof moduleRows>): Promise<boolean> {
  const canonical = (rows: readonly object[], columns: readonly string[]) =>
    rows
      .map((row) => JSON.stringify(columns.map((column) => (row as Record<string, unknown>)[column] ?? null)))
      .sort()
      .join('\n');
  const moduleColumns = [...new Set(menu.modules.flatMap((row) => Object.keys(row)))];
  const linkColumns = ['roleId', 'moduleId'];
  const [storedModules, storedLinks] = await Promise.all([
    db.select().from(schema.modules),
    db.select().from(schema.roleModules),
  ]);
  return (
    canonical(storedModules, moduleColumns) === canonical(menu.modules, moduleColumns) &&
    canonical(storedLinks, linkColumns) === canonical(menu.roleModules, linkColumns)
  );
}

const PASSWORD_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];

/** A random password meeting the spec's rule (upper, lower and digit, at least 8). */
export function generatePassword(length = 16): string {
  const all = PASSWORD_ALPHABETS.join('');
  const chars = PASSWORD_ALPHABETS.map((alphabet) => alphabet[randomInt(alphabet.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * Production start: roles, departments, menu modules, stages and survey items, the guest account and
 * only the administrator (login name `admin`) with a random one-time password, returned so it can be
 * printed once. No districts and no demo data: operators load their own.
 */
export async function seedProduction(db: Database): Promise<{ adminPassword: string }> {
  if (await isSeeded(db)) throw new AlreadySeededError();
  const adminPassword = generatePassword();
  const loginpwd = await hashPassword(md5Hex(adminPassword));
  const menu = moduleRows();
  const summary: SeedSummary = {};
  await db.transaction(async (t) => {
    await lockEmpty(t);
    await insertRows(t, schema.roles, roleRows(), summary);
    await insertRows(t, schema.departments, departmentRows(), summary);
    await insertRows(
      t,
      schema.users,
      [
        {
          pkid: 1,
          loginname: 'admin',
          username: '系统管理员',
          loginpwd,
          depid: departmentIds.admin,
          submanager: 1,
          accredit: 1,
        },
        {
          pkid: GUEST_USER_ID,
          loginname: GUEST_LOGINNAME,
          username: '游客',
          loginpwd: LOCKED_PASSWORD,
          depid: departmentIds.admin,
          descinfo: '内置游客账号，视为未登录',
        },
      ],
      summary,
    );
    await insertRows(t, schema.userRoles, [{ userId: 1, roleId: '1' }], summary);
    await insertRows(t, schema.modules, menu.modules, summary);
    await insertRows(t, schema.roleModules, menu.roleModules, summary);
    await insertRows(t, schema.stages, stageRows(), summary);
    await insertRows(t, schema.surveyItems, surveyItemRows(), summary);
    await syncIdentitySequences(t);
  });
  return { adminPassword };
}
