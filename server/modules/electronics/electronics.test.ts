/**
 * The electronic archive through the HTTP app on the demo city: every completed project has its case,
 * with the metadata of its adopted results and certificate when it has them, and the chain verifies; each role finds the cases
 * access.ts gives it (owner01 its own, the auditor the 公开 ones without their classified records);
 * a classified download is recorded; an edit appends a version and keeps the chain whole, a stale or
 * empty edit is refused; a record changed behind the product's back is named by the verification and
 * fails the nightly job; the job archives a completed project that had no case.
 */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  archiveCases,
  archiveDownloads,
  certificates,
  constructionUnits,
  metadataRecords,
  projects,
  users,
} from '@server/db/schema';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { classification } from '@shared/domain/electronics';
import { projectStatus } from '@shared/domain/statuses';
import { archiveCasesJob } from './job';

const env = signedInTestApp({
  accounts: ['admin', 'authority01', 'owner01', 'agency01', 'auditor01', 'district01', 'owner02'],
  projects: 120,
});
const get = (who: string, path: string, query: Record<string, string | number> = {}) =>
  env
    .as(who)
    .fetch(
      `/archive/electronics/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    );
const post = (who: string, path: string, body: Record<string, unknown> = {}) =>
  env.as(who).fetch(`/archive/electronics/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

interface CaseRow {
  caseId: number;
  caseNo: string;
  projectId: number;
  classification: number;
}
interface Detail extends CaseRow {
  records: { recordId: number; classification: number; version: number; content: Record<string, unknown> }[];
  hiddenCount: number;
  canEdit: boolean;
  downloads: { recordId: number; userName: string }[];
}

/** The cases of an owner's projects, those with the most records first. */
async function ownerCases(loginname: string): Promise<number[]> {
  const rows = await env.ctx.db
    .select({
      caseId: archiveCases.caseId,
      records: sql<number>`(select count(*)::int from ${metadataRecords} where ${metadataRecords.caseId} = ${archiveCases.caseId})`,
    })
    .from(archiveCases)
    .innerJoin(projects, eq(projects.pkid, archiveCases.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(users, eq(users.pkid, constructionUnits.userId))
    .where(eq(users.loginname, loginname));
  return rows.sort((a, b) => b.records - a.records || a.caseId - b.caseId).map((row) => row.caseId);
}

const detail = async (who: string, id: number) =>
  (await json(await get(who, 'case/detail', { id }))).object as Detail;

describe('the electronic archive', { timeout: 180_000 }, () => {
  it('holds a case for every completed demo project, with its records, and the chain verifies', async () => {
    const [completed] = await env.ctx.db
      .select({ n: count() })
      .from(projects)
      .where(eq(projects.status, projectStatus.code.completed));
    const [cases] = await env.ctx.db.select({ n: count() }).from(archiveCases);
    expect(completed!.n).toBeGreaterThan(0);
    expect(cases!.n).toBe(completed!.n);
    const [withCertificate] = await env.ctx.db
      .select({ n: count() })
      .from(metadataRecords)
      .where(sql`${metadataRecords.subjectKey} like 'certificate:%'`);
    const [issued] = await env.ctx.db.select({ n: count() }).from(certificates);
    expect(withCertificate!.n).toBe(issued!.n);
    const [results] = await env.ctx.db
      .select({ n: count() })
      .from(metadataRecords)
      .where(sql`${metadataRecords.subjectKey} like 'result-file:%'`);
    expect(results!.n).toBeGreaterThan(0);

    const verified = await json(await post('authority01', 'metadata/verify'));
    expect(verified.data).toMatchObject({ broken: null });
    expect(verified.data.verified).toBe(verified.data.total);
    expect(verified.message).toContain('哈希链完整');
  });

  it('shows each role the cases it may see', async () => {
    const all = await json(await get('authority01', 'case/list', { rows: 100 }));
    expect(all.total).toBeGreaterThan(0);

    const own = (await ownerCases('owner01')).sort((a, b) => a - b);
    expect(own.length).toBeGreaterThan(0);
    const listed = await json(await get('owner01', 'case/list', { rows: 100 }));
    expect(listed.rows.map((row: CaseRow) => row.caseId).sort((a: number, b: number) => a - b)).toEqual(own);

    // Another owner's case answers 404 as a missing one.
    const other = all.rows.find((row: CaseRow) => !own.includes(row.caseId));
    if (other) expect((await get('owner01', 'case/detail', { id: other.caseId })).status).toBe(404);

    // The agency finds cases; the district office those of its district only.
    expect((await json(await get('agency01', 'case/list'))).total).toBeGreaterThan(0);
    const district = await json(await get('district01', 'case/list', { rows: 100 }));
    expect(district.total).toBeLessThanOrEqual(all.total);

    // Filters reach the query; a bad one is a 400 with its message.
    const byNo = await json(await get('authority01', 'case/list', { caseNo: all.rows[0].caseNo }));
    expect(byNo.rows.map((row: CaseRow) => row.caseNo)).toEqual([all.rows[0].caseNo]);
    const bad = await get('authority01', 'case/list', { classification: 9 });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('密级不正确');
  });

  it('hides classified records from the auditor and records their downloads by a party', async () => {
    const [caseId] = await ownerCases('owner01');
    const full = await detail('owner01', caseId!);
    const internal = full.records.find((record) => record.classification === classification.code.internal);
    expect(internal).toBeDefined();
    expect(full.canEdit).toBe(false);

    const seenByAuditor = await detail('auditor01', caseId!);
    expect(seenByAuditor.hiddenCount).toBeGreaterThan(0);
    expect(seenByAuditor.records.every((record) => record.classification === 1)).toBe(true);
    expect((await get('auditor01', `metadata/download/${internal!.recordId}`)).status).toBe(404);

    const before = await env.ctx.db
      .select({ n: count() })
      .from(archiveDownloads)
      .where(eq(archiveDownloads.recordId, internal!.recordId));
    const download = await get('owner01', `metadata/download/${internal!.recordId}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(internal!.content.size);
    const after = await env.ctx.db
      .select({ n: count() })
      .from(archiveDownloads)
      .where(eq(archiveDownloads.recordId, internal!.recordId));
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    const keeper = await detail('authority01', caseId!);
    expect(keeper.downloads.some((row) => row.recordId === internal!.recordId && row.userName)).toBe(true);

    // A 涉密 case leaves the auditor's list; the change is audited.
    const classified = await json(
      await post('authority01', 'case/classify', { id: caseId, classification: 3 }),
    );
    expect(classified.data.classification).toBe(3);
    expect((await get('auditor01', 'case/detail', { id: caseId! })).status).toBe(404);
    expect((await post('owner01', 'case/classify', { id: caseId, classification: 1 })).status).toBe(403);
    await post('authority01', 'case/classify', { id: caseId, classification: 1 });
  });

  it('appends a version on each edit, refuses stale and empty ones, and keeps the chain whole', async () => {
    const [caseId] = await ownerCases('owner01');
    const record = (await detail('authority01', caseId!)).records[0]!;
    const edit = {
      id: record.recordId,
      name: '竣工测量成果报告（修订）',
      alias: '修订版',
      managingUnit: '云州市测绘成果档案馆',
      productionTime: '2026-10-08',
      classification: record.classification,
    };
    const saved = await json(await post('authority01', 'metadata/update', edit));
    expect(saved.success).toBe(true);
    expect(saved.message).toBe('元数据已保存为新版本');
    const versions = await json(await get('authority01', 'metadata/versions', { id: saved.data.recordId }));
    expect(versions.object.map((row: { version: number }) => row.version)).toEqual([
      record.version + 1,
      record.version,
    ]);
    expect(versions.object[0].content).toMatchObject({ name: edit.name, alias: '修订版' });

    const stale = await post('authority01', 'metadata/update', { ...edit, alias: '再改' });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toBe('该元数据已有更新的版本，请刷新后再修改');
    const same = await post('authority01', 'metadata/update', { ...edit, id: saved.data.recordId });
    expect(same.status).toBe(400);
    expect((await json(same)).message).toBe('元数据没有变化，无需保存');
    const badDate = await post('authority01', 'metadata/update', {
      ...edit,
      id: saved.data.recordId,
      productionTime: '2026/10/08',
    });
    expect(badDate.status).toBe(400);
    expect((await post('owner01', 'metadata/update', { ...edit, id: saved.data.recordId })).status).toBe(403);

    // Two keepers editing the same version at once: one is saved, the other told it moved on.
    const racing = await Promise.all(
      ['authority01', 'admin'].map((who, index) =>
        post(who, 'metadata/update', { ...edit, id: saved.data.recordId, alias: `并发修改${index}` }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409]);
    const lost = racing.find((response) => response.status === 409)!;
    expect((await json(lost)).message).toBe('该元数据已有更新的版本，请刷新后再修改');

    expect((await json(await post('admin', 'metadata/verify'))).data.broken).toBeNull();
  });

  it('names a record changed behind its back, and the nightly job fails on it', async () => {
    const [target] = await env.ctx.db
      .select({ recordId: metadataRecords.recordId, content: metadataRecords.content })
      .from(metadataRecords)
      .orderBy(metadataRecords.recordId)
      .offset(3)
      .limit(1);
    const tampered = { ...target!.content, size: 1 };
    await env.ctx.db
      .update(metadataRecords)
      .set({ content: tampered })
      .where(eq(metadataRecords.recordId, target!.recordId));
    const verified = await json(await post('authority01', 'metadata/verify'));
    expect(verified.data.broken).toMatchObject({ recordId: target!.recordId, reason: 'content' });
    expect(verified.data.verified).toBe(3);
    expect(verified.message).toBe(`校验未通过：第 ${target!.recordId} 号记录与链不符`);
    await expect(archiveCasesJob(env.ctx, new Date())).rejects.toThrow(`第 ${target!.recordId} 号记录`);

    // Put back: the chain holds again.
    await env.ctx.db
      .update(metadataRecords)
      .set({ content: target!.content })
      .where(eq(metadataRecords.recordId, target!.recordId));
    expect((await json(await post('authority01', 'metadata/verify'))).data.broken).toBeNull();
  });

  it('lets the nightly job archive a completed project that has no case', async () => {
    const [district] = await env.ctx.db.select({ code: projects.districtCode }).from(projects).limit(1);
    const { projectId } = await insertDemand(env.ctx.db, {
      name: '云州早年办结项目',
      code: 'GD',
      districtCode: district!.code!,
      status: projectStatus.code.completed,
    });
    expect(await archiveCasesJob(env.ctx, new Date('2026-11-27T17:10:00Z'))).toMatch(
      /^新归档 1 个项目；\d+ 条元数据记录的哈希链完整$/,
    );
    const [opened] = await env.ctx.db
      .select({ caseNo: archiveCases.caseNo, year: archiveCases.year })
      .from(archiveCases)
      .where(eq(archiveCases.projectId, projectId));
    // 01:10 on 28 November in Beijing: the case is numbered in 2026 with the project's id.
    expect(opened).toEqual({ caseNo: `DA2026${String(projectId).padStart(6, '0')}`, year: 2026 });
    expect(await archiveCasesJob(env.ctx, new Date())).toMatch(/^新归档 0 个项目；/);
  });
});
