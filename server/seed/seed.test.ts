import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@shared/domain/roles';
import { builtRouteFor } from '@shared/domain/console-pages';
import { canOpen, routes } from '@shared/domain/routes';
import { auditStatus, projectStatus } from '@shared/domain/statuses';
import { md5Hex, verifyPassword } from '@server/lib/password';
import { createTestContext, type TestContext } from '@server/test/test-context';
import type { Database } from '@server/db/database';
import * as schema from '@server/db/schema';
import type { GeoJsonPolygon } from '@server/db/schema/reference';
import { pointInPolygon } from '@server/lib/geometry';
import { cityBox } from './geo';
import { AGENCY_ORG_ID, ids } from './demo-context';
import {
  createDemoData,
  DEMO_PASSWORD,
  demoAccounts,
  departmentIds,
  isSeeded,
  resetDatabase,
  seedDemo,
  seedProduction,
  syncModules,
  type StoreFile,
} from './index';

const NOW = new Date('2026-03-01T08:00:00Z');

/** A fresh migrated database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function openMigrated(): Promise<{ ctx: TestContext; db: Database }> {
  const ctx = await createTestContext();
  return { ctx, db: ctx.db };
}

function memoryStorage() {
  const stored = new Map<string, { bytes: Uint8Array; name: string; contentType: string }>();
  const storeFile: StoreFile = async (bytes, name, contentType) => {
    const key = `mem/${stored.size}`;
    stored.set(key, { bytes, name, contentType });
    return { key };
  };
  return { stored, storeFile };
}

async function countOf(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

describe('seedDemo', () => {
  let ctx: TestContext;
  let db: Database;
  const storage = memoryStorage();
  let summary: Record<string, number>;

  beforeAll(async () => {
    ({ ctx, db } = await openMigrated());
    expect(await isSeeded(db)).toBe(false);
    summary = await seedDemo(db, { projects: 2000, now: NOW, storeFile: storage.storeFile });
  }, 240_000);
  afterAll(async () => {
    await ctx?.dispose();
  });

  it('writes the planned volumes', async () => {
    expect(summary).toMatchObject({
      projects: 2000,
      agent_organizations: 60,
      construction_units: 40,
      notices: 30,
      downloads: 15,
      roles: 8,
      departments: 6,
      // One account per role, the guest, agency02–agency05 and agency06–agency53 (demo-agencies.ts) and owner02–owner04
      // (demo-construction.ts).
      users: 64,
      agent_org_changes: 1,
    });
    expect(await countOf(db, schema.projects)).toBe(2000);
    expect(await countOf(db, schema.projectLogs)).toBe(summary.project_logs);
    expect(summary.project_logs).toBeGreaterThan(2000);
    expect(summary.contracts).toBeGreaterThan(500);
    expect(summary.audit_records).toBeGreaterThan(100);
    expect(await isSeeded(db)).toBe(true);
  });

  it('has sharing applications approved, pending at each step, expired and rejected, with downloads', async () => {
    expect(summary.share_applications).toBe(5);
    const applications = await db.select().from(schema.shareApplications);
    expect([...new Set(applications.map((row) => row.status))].sort()).toEqual([1, 2, 3, 4]);
    const approved = applications.filter((row) => row.status === 3);
    expect(approved.filter((row) => row.validUntil! > NOW)).toHaveLength(1);
    expect(approved.filter((row) => row.validUntil! <= NOW)).toHaveLength(1);
    expect(summary.share_downloads).toBe(5);
    const pendingOwner = await db
      .select()
      .from(schema.reviewItems)
      .where(and(eq(schema.reviewItems.subjectType, 'share_owner'), eq(schema.reviewItems.status, 1)));
    expect(pendingOwner).toHaveLength(1);
    expect(pendingOwner[0]!.assigneeId).toBe(ids.owner);
    const adopted = await db
      .select({ n: count() })
      .from(schema.projectResults)
      .where(eq(schema.projectResults.status, 2));
    expect(adopted[0]!.n).toBeGreaterThanOrEqual(10);
  });

  it('has offline projects in every review state, under review, and cases; agency01 has a case to open', async () => {
    expect(summary.project_offlines).toBe(5);
    const offline = await db.select().from(schema.projectOfflines);
    expect([...new Set(offline.map((row) => row.auditStatus))].sort()).toEqual([0, 1, 2, 3]);
    const items = await db
      .select()
      .from(schema.reviewItems)
      .where(eq(schema.reviewItems.subjectType, 'project_offline'));
    expect(items.map((item) => item.status).sort()).toEqual(offline.map((row) => row.auditStatus).sort());
    expect(summary.survey_cases).toBeGreaterThan(0);
    const cases = await db
      .select({ status: schema.projects.status })
      .from(schema.surveyCases)
      .innerJoin(schema.projects, eq(schema.projects.pkid, schema.surveyCases.projectId));
    expect(cases.every((row) => row.status >= 4 && row.status <= 7)).toBe(true);
    // agency01's accepted authorizations without a case, on projects of these statuses.
    const withoutCase = (statuses: number[]) =>
      db
        .select({ pkid: schema.projectAuthorizations.pkid })
        .from(schema.projectAuthorizations)
        .innerJoin(schema.projects, eq(schema.projects.pkid, schema.projectAuthorizations.projectId))
        .leftJoin(
          schema.surveyCases,
          eq(schema.surveyCases.authorizationId, schema.projectAuthorizations.pkid),
        )
        .where(
          and(
            eq(schema.projectAuthorizations.organizationId, AGENCY_ORG_ID),
            eq(schema.projectAuthorizations.state, 1),
            inArray(schema.projects.status, statuses),
            isNull(schema.surveyCases.caseId),
          ),
        );
    // Every project under survey or past it has its case (opening the case starts the survey).
    expect(await withoutCase([4, 5, 6, 7])).toEqual([]);
    // The to-do leads somewhere: an accepted authorization of agency01 on a status-3 project, no case.
    const toOpen = await withoutCase([3]);
    expect(toOpen.length).toBeGreaterThan(0);
  });

  it('has owner01 and agency01 certificates of completed projects, one revoked, each with its stored PDF', async () => {
    // Three of owner01's and agency01's, two more in district01's district (its sub-office's list).
    expect(summary.certificates).toBe(5);
    const rows = await db
      .select({
        state: schema.certificates.state,
        no: schema.certificates.certificateNo,
        projectStatus: schema.projects.status,
        constructionId: schema.certificates.constructionId,
        organizationId: schema.certificates.organizationId,
        storageKey: schema.files.storageKey,
        sha256: schema.files.sha256,
      })
      .from(schema.certificates)
      .innerJoin(schema.projects, eq(schema.projects.pkid, schema.certificates.projectId))
      .innerJoin(schema.files, eq(schema.files.id, schema.certificates.fileId))
      .orderBy(schema.certificates.certificateNo);
    expect(rows.map((row) => row.state)).toEqual([1, 1, 2, 1, 1]);
    // Two of owner01's, one of agency01's.
    expect(rows.filter((row) => row.constructionId === 1).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.organizationId === 1).length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => row.projectStatus === 7)).toBe(true);
    expect(rows.some((row) => row.constructionId === 1) && rows.some((row) => row.organizationId === 1)).toBe(
      true,
    );
    expect(rows.map((row) => row.no)).toEqual([
      'YZCG2026000001',
      'YZCG2026000002',
      'YZCG2026000003',
      'YZCG2026000004',
      'YZCG2026000005',
    ]);
    for (const row of rows)
      expect(new TextDecoder().decode(storage.stored.get(row.storageKey)!.bytes.subarray(0, 5))).toBe(
        '%PDF-',
      );
  });

  it('has owner01 selections of each method: a public draw, quoting with quotes, a direct choice', async () => {
    expect(summary.demand_selections).toBe(3);
    const rows = await db.select().from(schema.demandSelections);
    const byMethod = Object.fromEntries(rows.map((row) => [row.method, row]));
    expect(byMethod.draw).toMatchObject({ state: 'done' });
    expect(byMethod.draw!.drawnAt).not.toBeNull();
    expect(byMethod.draw!.candidates!.length).toBeGreaterThan(0);
    expect(byMethod.direct).toMatchObject({ state: 'done' });
    expect(byMethod.price).toMatchObject({ state: 'quoting' });
    expect(byMethod.price!.invited).toContain(AGENCY_ORG_ID);
    expect(byMethod.price!.quoteDeadline!.getTime()).toBeGreaterThan(NOW.getTime());
    const quotes = await db
      .select()
      .from(schema.selectionQuotes)
      .where(eq(schema.selectionQuotes.demandId, byMethod.price!.demandId));
    expect(quotes.length).toBe(2);
    expect(quotes.map((q) => q.organizationId)).not.toContain(AGENCY_ORG_ID);
    const invitations = await db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.userId, 3), eq(schema.messages.link, '/notdchy/DemandOption')));
    expect(invitations.length).toBeGreaterThan(0);
  });

  it('has 7 districts with codes of length 7 or 11, plus rows the district list must drop', async () => {
    const rows = await db.select().from(schema.districts);
    const listed = rows.filter((row) => [7, 11].includes(row.districtCode.length));
    expect(listed).toHaveLength(7);
    expect(listed.every((row) => row.boundary?.type === 'Polygon')).toBe(true);
    expect(rows.length - listed.length).toBeGreaterThanOrEqual(2);
    expect(
      new Set(rows.filter((r) => ![7, 11].includes(r.districtCode.length)).map((r) => r.districtCode.length))
        .size,
    ).toBeGreaterThanOrEqual(2);
  });

  it('puts every project point inside its own district polygon', async () => {
    const rows = await db
      .select({
        pkid: schema.projects.pkid,
        lon: schema.projects.lon,
        lat: schema.projects.lat,
        boundary: schema.districts.boundary,
      })
      .from(schema.projects)
      .innerJoin(schema.districts, eq(schema.projects.districtCode, schema.districts.districtCode));
    expect(rows).toHaveLength(2000);
    const outside = rows.filter(
      (row) =>
        row.lon === null ||
        row.lat === null ||
        row.lon < cityBox.west ||
        row.lon > cityBox.east ||
        !pointInPolygon([row.lon, row.lat], row.boundary as GeoJsonPolygon),
    );
    expect(outside.map((row) => row.pkid)).toEqual([]);
  });

  it('covers every audit state, credit flag and project status', async () => {
    const orgStates = await db
      .selectDistinct({ s: schema.agentOrganizations.auditStatus })
      .from(schema.agentOrganizations);
    const unitStates = await db
      .selectDistinct({ s: schema.constructionUnits.auditStatus })
      .from(schema.constructionUnits);
    const staffStates = await db.selectDistinct({ s: schema.agentStaff.auditStatus }).from(schema.agentStaff);
    for (const states of [orgStates, unitStates, staffStates]) {
      expect(states.map((r) => r.s).sort()).toEqual([...auditStatus.values]);
    }
    // Staff changes pending (the authority's to-do), applied and rejected, and a deleted person.
    const changeStates = await db
      .selectDistinct({ s: schema.agentStaffChanges.auditStatus })
      .from(schema.agentStaffChanges);
    expect(changeStates.map((r) => r.s).sort()).toEqual([1, 2, 3]);
    const deleted = await db
      .select({ id: schema.agentStaff.staffId })
      .from(schema.agentStaff)
      .where(isNotNull(schema.agentStaff.deletedAt));
    expect(deleted).toHaveLength(1);
    const projectStates = await db.selectDistinct({ s: schema.projects.status }).from(schema.projects);
    expect(projectStates.map((r) => r.s).sort((a, b) => a - b)).toEqual([...projectStatus.values]);

    const orgs = await db.select().from(schema.agentOrganizations);
    expect(orgs.filter((o) => o.isLostCredit).length).toBeGreaterThanOrEqual(3);
    expect(orgs.filter((o) => o.isUnqualified).length).toBeGreaterThanOrEqual(3);
    const blacklisted = orgs.filter((o) => o.isBlacklisted);
    expect(blacklisted.length).toBeGreaterThanOrEqual(3);
    for (const org of blacklisted) {
      expect(org.blacklistReason).toBeTruthy();
      expect(org.blacklistEnd! > org.blacklistStart!).toBe(true);
    }
    expect(orgs.some((o) => o.isBlacklisted && o.isLostCredit)).toBe(true);
    const staffBlacklisted = await db
      .select()
      .from(schema.agentStaff)
      .where(eq(schema.agentStaff.isBlacklisted, true));
    expect(staffBlacklisted.length).toBeGreaterThan(0);
    // Unqualified entries name violation projects the agency was commissioned for (loseNot shows them).
    const named = await db.execute(sql`
      select e.pkid from credit_entries e where e.kind = 'unqualified' and cardinality(e.project_ids) > 0
        and not exists (select 1 from unnest(e.project_ids) v(p) where not exists (
          select 1 from project_authorizations a where a.project_id = v.p and a.organization_id = e.organization_id))`);
    expect(((named as { rows?: unknown[] }).rows ?? (named as unknown[])).length).toBeGreaterThan(0);
  });

  it('keeps the project story consistent: logs end at the status, agencies are selectable', async () => {
    const result = (await db.execute(sql`
      select p.pkid as project_id, p.status, l.status_to, (select count(*)::int from project_logs where project_id = p.pkid) as logs
      from projects p
      join lateral (select status_to from project_logs where project_id = p.pkid order by created_at desc, pkid desc limit 1) l on true`)) as {
      rows: { project_id: number; status: number; status_to: number; logs: number }[];
    };
    const rows = result.rows;
    expect(rows).toHaveLength(2000);
    expect(rows.filter((r) => r.status !== r.status_to)).toEqual([]);
    expect(rows.filter((r) => r.status === 7).every((r) => r.logs === 8)).toBe(true);

    const badAuthorizations = await db
      .select({ pkid: schema.projectAuthorizations.pkid })
      .from(schema.projectAuthorizations)
      .innerJoin(
        schema.agentOrganizations,
        eq(schema.projectAuthorizations.organizationId, schema.agentOrganizations.organizationId),
      )
      .where(
        and(
          eq(schema.projectAuthorizations.state, 1),
          sql`(${schema.agentOrganizations.auditStatus} <> 2 or ${schema.agentOrganizations.isBlacklisted})`,
        ),
      );
    expect(badAuthorizations).toEqual([]);
    const earlyContracts = await db
      .select({ id: schema.contracts.contractId })
      .from(schema.contracts)
      .innerJoin(schema.projects, eq(schema.contracts.projectId, schema.projects.pkid))
      .where(sql`${schema.projects.status} < 2`);
    expect(earlyContracts).toEqual([]);
  });

  it('derives a two-level menu from the route table, with role links', async () => {
    const modules = await db.select().from(schema.modules);
    const byId = new Map(modules.map((m) => [m.pkid, m]));
    const groups = modules.filter((m) => m.parentId === null);
    const pages = modules.filter((m) => m.parentId !== null);
    expect(groups.length).toBeGreaterThan(10);
    expect(groups.every((g) => g.type === 0 && g.appMetaId)).toBe(true);
    for (const page of pages) {
      const parent = byId.get(page.parentId!)!;
      expect(parent.parentId).toBeNull();
      expect(page.type).toBe(1);
      expect(page.appMetaId).toBe(parent.appMetaId);
    }
    for (const group of groups) expect(pages.some((p) => p.parentId === group.pkid)).toBe(true);
    const menuRoutes = routes.filter((r) => r.surface === 'console' && r.inMenu !== false);
    expect(pages).toHaveLength(menuRoutes.length);
    expect(pages.map((p) => p.href)).toContain('/contract/ContractList');
    expect(pages.map((p) => p.href)).toContain('/noticemanger/message/0');

    const links = await db.select().from(schema.roleModules);
    const adminModules = links.filter((l) => l.roleId === roles.admin.id);
    // Every module but the staff role's own-record entry (本人信息: an administrator has no person
    // record) and the agency's quoting page (比选报价: an administrator has nothing to quote).
    const staffOwn = pages.filter((p) => p.name === '本人信息');
    expect(staffOwn.map((p) => p.href)).toEqual(['/orgstaff/staffdetail']);
    const quoting = pages.filter((p) => p.href === '/notdchy/DemandOption');
    expect(quoting).toHaveLength(1);
    expect(adminModules).toHaveLength(modules.length - staffOwn.length - quoting.length);
    const release = pages.find((p) => p.href === '/demandmanger/release')!;
    const releaseRoles = links
      .filter((l) => l.moduleId === release.pkid)
      .map((l) => l.roleId)
      .sort();
    expect(releaseRoles).toEqual([roles.admin.id, roles.owner.id].sort());
  });

  it('creates the guest and one account per role that signs in with Survey2026', async () => {
    const users = await db.select().from(schema.users);
    const guest = users.find((u) => u.pkid === 21)!;
    expect(guest.loginname).toBe('guest');
    expect(await verifyPassword(md5Hex(DEMO_PASSWORD), guest.loginpwd)).toBe(false);
    const links = await db.select().from(schema.userRoles);
    const departments = await db.select().from(schema.departments);
    expect(new Set(departments.map((d) => d.kind)).size).toBe(6);
    for (const account of demoAccounts) {
      const user = users.find((u) => u.loginname === account.loginname)!;
      expect(user.pkid).toBe(account.pkid);
      expect(await verifyPassword(md5Hex(DEMO_PASSWORD), user.loginpwd)).toBe(true);
      expect(await verifyPassword(md5Hex('wrong'), user.loginpwd)).toBe(false);
      expect(links.filter((l) => l.userId === user.pkid).map((l) => l.roleId)).toEqual([
        roles[account.role].id,
      ]);
      expect(departments.find((d) => d.pkid === user.depid)?.kind).toBe(account.department);
    }
    expect(links.some((l) => l.userId === 21)).toBe(false);

    const [ownerUnit] = await db
      .select()
      .from(schema.constructionUnits)
      .where(eq(schema.constructionUnits.userId, 2));
    expect(ownerUnit).toMatchObject({ auditStatus: 2 });
    expect(users.find((u) => u.pkid === 2)?.username).toBe(ownerUnit!.name);
    const [agency] = await db
      .select()
      .from(schema.agentOrganizations)
      .where(eq(schema.agentOrganizations.userId, 3));
    expect(agency).toMatchObject({ auditStatus: 2, isBlacklisted: false, isLostCredit: false });
    const [staff] = await db.select().from(schema.agentStaff).where(eq(schema.agentStaff.userId, 4));
    expect(staff!.organizationId).toBe(agency!.organizationId);
    const [ownerProjects] = await db
      .select({ n: count() })
      .from(schema.projects)
      .where(eq(schema.projects.constructionId, ownerUnit!.constructionId));
    expect(ownerProjects!.n).toBeGreaterThan(20);
  });

  it('gives every demo account read and unread messages', async () => {
    const messages = await db.select().from(schema.messages);
    for (const account of demoAccounts) {
      const own = messages.filter((m) => m.userId === account.pkid);
      expect(own.some((m) => m.hasRead)).toBe(true);
      expect(own.some((m) => !m.hasRead)).toBe(true);
    }
  });

  it('links a message only to a page that exists for its reader (issue 11)', async () => {
    const messages = await db.select().from(schema.messages);
    const linked = messages.filter((m) => m.link !== null);
    expect(linked.length).toBeGreaterThan(0);
    // Readers beyond the demo accounts too (the agencies invited to quote): their roles from the table.
    const userRoles = await db.select().from(schema.userRoles);
    for (const message of linked) {
      const roleIds = userRoles.filter((r) => r.userId === message.userId).map((r) => r.roleId);
      const route = builtRouteFor(message.link);
      expect(route, `${roleIds.join(',')}: ${message.link}`).toBeDefined();
      expect(canOpen(route!, roleIds), `${roleIds.join(',')}: ${message.link}`).toBe(true);
    }
  });

  it('notices: mostly published, some drafts, several update logs', async () => {
    const notices = await db.select().from(schema.notices);
    expect(notices.filter((n) => n.state === 1).length).toBeGreaterThan(20);
    expect(notices.filter((n) => n.state === 0).length).toBeGreaterThanOrEqual(2);
    expect(notices.filter((n) => n.noticeType === 3).length).toBeGreaterThanOrEqual(3);
    expect(notices.filter((n) => n.noticeType === 0 && n.state === 1).length).toBeGreaterThanOrEqual(10);
    expect(notices.every((n) => n.noticeTime <= NOW)).toBe(true);
  });

  it('stores real file bytes through storeFile and describes them in files', async () => {
    const files = await db.select().from(schema.files);
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const file of files) {
      const stored = storage.stored.get(file.storageKey)!;
      // The sharing demo's result files (demo-sharing.ts) reuse a stored PDF under their own names.
      expect(files.some((f) => f.storageKey === file.storageKey && f.originalName === stored.name)).toBe(
        true,
      );
      expect(stored.contentType).toBe(file.contentType);
      expect(file.size).toBe(stored.bytes.byteLength);
      expect(file.sha256).toBe(createHash('sha256').update(stored.bytes).digest('hex'));
    }
    const downloads = await db
      .select()
      .from(schema.downloads)
      .innerJoin(schema.files, eq(schema.downloads.fileId, schema.files.id));
    expect(downloads).toHaveLength(15);
    const types = new Set(downloads.map((d) => d.files.contentType));
    expect(types).toContain('application/pdf');
    expect(types).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const pdf = downloads.find((d) => d.files.contentType === 'application/pdf')!;
    expect(new TextDecoder().decode(storage.stored.get(pdf.files.storageKey)!.bytes.subarray(0, 5))).toBe(
      '%PDF-',
    );
  });

  it('moves identities past the explicit ids', async () => {
    const [user] = await db
      .insert(schema.users)
      .values({ loginname: 'newcomer', username: '新用户', loginpwd: '!', depid: departmentIds.agency })
      .returning();
    expect(user!.pkid).toBeGreaterThanOrEqual(100);
    const [project] = await db
      .insert(schema.projects)
      .values({ projectName: '新项目', projectNo: 'NEW-1', constructionId: 1, districtCode: '3799002' })
      .returning();
    expect(project!.pkid).toBe(2001);
    const [message] = await db
      .insert(schema.messages)
      .values({ userId: 1, messageContent: '新消息' })
      .returning();
    expect(message!.messageId).toBeGreaterThan(48);
  });

  it('syncModules leaves a menu that already matches untouched', async () => {
    // xmin changes whenever a row is written again.
    const versions = () =>
      db
        .select({ pkid: schema.modules.pkid, version: sql<string>`xmin::text` })
        .from(schema.modules)
        .orderBy(schema.modules.pkid);
    const before = await versions();
    await syncModules(db);
    expect(await versions()).toEqual(before);
  });

  it('syncModules rebuilds the same menu', async () => {
    const before = await db.select().from(schema.modules).orderBy(schema.modules.pkid);
    await db.delete(schema.modules).where(eq(schema.modules.appMetaId, 'contract'));
    await syncModules(db);
    const after = await db.select().from(schema.modules).orderBy(schema.modules.pkid);
    expect(after).toEqual(before);
    expect(await countOf(db, schema.roleModules)).toBe(summary.role_modules);
  });

  it('refuses to seed a database that has data', async () => {
    await expect(seedDemo(db, { projects: 1, storeFile: storage.storeFile })).rejects.toThrow(
      /already has data/,
    );
  });
});

// Pure generation: no database, so once is enough (not again in the suite's postgres project).
describe.skipIf(process.env.TEST_DB === 'postgres')('createDemoData', () => {
  function collect(seed?: string) {
    const data = createDemoData({ projects: 400, now: NOW, ...(seed ? { seed } : {}) });
    const batches = [...data.projectBatches(150)];
    return { base: data.base, batches, messages: data.messages() };
  }

  it('is deterministic: the same seed gives identical rows', () => {
    const first = collect();
    const second = collect();
    expect(second).toEqual(first);
    expect(first.batches).toHaveLength(3);
    expect(first.batches.flatMap((b) => b.projects)).toHaveLength(400);
  });

  it('a different seed gives different rows', () => {
    const first = collect();
    const other = collect('another-city');
    expect(other.base.agentOrganizations.map((o) => o.orgName)).not.toEqual(
      first.base.agentOrganizations.map((o) => o.orgName),
    );
  });

  it('project batches do not depend on the batch size', () => {
    const a = createDemoData({ projects: 120, now: NOW });
    const b = createDemoData({ projects: 120, now: NOW });
    const small = [...a.projectBatches(7)].flatMap((batch) => batch.projects);
    const large = [...b.projectBatches(1000)].flatMap((batch) => batch.projects);
    expect(small).toEqual(large);
  });
});

describe('seedProduction and resetDatabase', () => {
  let ctx: TestContext;
  let db: Database;

  beforeAll(async () => {
    ({ ctx, db } = await openMigrated());
  }, 120_000);
  afterAll(async () => {
    await ctx?.dispose();
  });

  it('creates only the administrator (one-time password), the guest and reference data', async () => {
    const { adminPassword } = await seedProduction(db);
    expect(adminPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,}$/);
    const users = await db.select().from(schema.users);
    expect(users.map((u) => u.loginname).sort()).toEqual(['admin', 'guest']);
    const admin = users.find((u) => u.loginname === 'admin')!;
    expect(await verifyPassword(md5Hex(adminPassword), admin.loginpwd)).toBe(true);
    expect(await verifyPassword(md5Hex(DEMO_PASSWORD), admin.loginpwd)).toBe(false);
    expect(await countOf(db, schema.districts)).toBe(0);
    expect(await countOf(db, schema.projects)).toBe(0);
    expect(await countOf(db, schema.surveyItems)).toBe(11);
    expect(await countOf(db, schema.roles)).toBe(8);
    expect(await countOf(db, schema.modules)).toBeGreaterThan(20);
    const adminRoles = await db
      .select()
      .from(schema.userRoles)
      .where(eq(schema.userRoles.userId, admin.pkid));
    expect(adminRoles.map((r) => r.roleId)).toEqual(['1']);
    // The district sub-office is reference data, but without districts it has no area yet.
    const districtOffices = await db
      .select({ pkid: schema.departments.pkid, districtCode: schema.departments.districtCode })
      .from(schema.departments)
      .where(eq(schema.departments.kind, 'district'));
    expect(districtOffices).toEqual([{ pkid: departmentIds.district, districtCode: null }]);
    await expect(seedProduction(db)).rejects.toThrow(/already has data/);
  });

  it('resetDatabase empties every table so the demo can be loaded', async () => {
    await resetDatabase(db);
    expect(await isSeeded(db)).toBe(false);
    const summary = await seedDemo(db, { projects: 30, now: NOW, storeFile: memoryStorage().storeFile });
    expect(summary.projects).toBe(30);
    expect(await countOf(db, schema.users)).toBe(64);
  });
});
