/**
 * Drawings of the archive through the HTTP app on the demo city: the case's agency uploads a drawing
 * through the chunked upload, it is listed as version 1 (内部) for the parties and hidden from the
 * auditor; a new file appends version 2 on the chain; another agency may not upload; the preview
 * sends the bytes inline and records the reading of a classified file; bad filters are 400s.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archiveDownloads } from '@server/db/schema';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { uploadInOneChunk } from './test-support';
import { classification } from '@shared/domain/electronics';

const env = signedInTestApp({
  accounts: ['admin', 'authority01', 'owner01', 'agency01', 'agency02', 'auditor01', 'district01'],
  projects: 120,
});

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
const get = (who: string, path: string, values: Record<string, string | number> = {}) =>
  env.as(who).fetch(`/archive/electronics/${path}?${query(values)}`);

/** Uploads a small text file into an archive folder as `who`; answers the merge (or the refusal). */
const uploadFile = (who: string, dirid: string, name: string, text: string, describe = '') =>
  uploadInOneChunk(env.as(who), { dirid, name, bytes: new TextEncoder().encode(text), describe });

const DXF = (label: string) =>
  ['0', 'SECTION', '2', 'ENTITIES', '0', 'LINE', '8', '轮廓', '10', '0', '20', '0', '11', '10', '21', '5']
    .concat([
      '0',
      'TEXT',
      '8',
      '标注',
      '10',
      '1',
      '20',
      '1',
      '40',
      '1',
      '1',
      label,
      '0',
      'ENDSEC',
      '0',
      'EOF',
    ])
    .join('\n');

interface Row {
  drawingId: number;
  caseId: number;
  recordId: number;
  name: string;
  format: string;
  version: number;
  classification: number;
}

describe('drawings of the archive', { timeout: 180_000 }, () => {
  it('takes a drawing from the case agency, lists it by role, keeps versions on the chain', async () => {
    const targets = (await json(await get('agency01', 'case/targets'))).object as {
      caseId: number;
      caseNo: string;
    }[];
    expect(targets.length).toBeGreaterThan(0);
    const target = targets[0]!;
    // agency02 is not this case's agency: neither its targets nor its uploads reach it.
    const others = (await json(await get('agency02', 'case/targets'))).object as { caseId: number }[];
    expect(others.map((row) => row.caseId)).not.toContain(target.caseId);
    const refused = await uploadFile('agency02', `drawing:${target.caseId}`, '越权图.dxf', DXF('x'));
    expect(refused.status).toBe(403);
    // The owner reads drawings but does not add them.
    expect((await json(await get('owner01', 'case/targets'))).object).toEqual([]);

    const merged = await uploadFile(
      'agency01',
      `drawing:${target.caseId}`,
      'floor-plan.dxf',
      DXF('一层'),
      '单元测试平面图',
    );
    expect(merged.status, await merged.clone().text()).toBe(200);
    const listed = await json(await get('agency01', 'drawing/list', { category: 1, name: '单元测试平面图' }));
    expect(listed.total).toBe(1);
    const row = listed.rows[0] as Row;
    expect(row).toMatchObject({
      caseId: target.caseId,
      format: 'DXF',
      version: 1,
      classification: classification.code.internal,
    });
    // 图文档 is another list; the auditor reads 公开 drawings only; a bad category is a 400.
    expect(
      (await json(await get('agency01', 'drawing/list', { category: 2, name: '单元测试平面图' }))).total,
    ).toBe(0);
    expect(
      (await json(await get('auditor01', 'drawing/list', { category: 1, name: '单元测试平面图' }))).total,
    ).toBe(0);
    expect((await get('auditor01', 'drawing/detail', { id: row.drawingId })).status).toBe(404);
    const bad = await get('agency01', 'drawing/list', { category: 9 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('图件类别不正确');

    // A new file is the next version; the name and level stay.
    const second = await uploadFile(
      'agency01',
      `drawing-version:${row.drawingId}`,
      'v2.pdf',
      '%PDF-1.7\n%%EOF\n',
    );
    expect(second.status, await second.clone().text()).toBe(200);
    const found = (await json(await get('authority01', 'drawing/detail', { id: row.drawingId }))).object;
    expect(found).toMatchObject({
      name: '单元测试平面图',
      format: 'PDF',
      version: 2,
      canUpload: true,
      canEdit: true,
    });
    expect(found.versions.map((v: { version: number; newFile: boolean }) => [v.version, v.newFile])).toEqual([
      [2, true],
      [1, true],
    ]);
    const byAgency = (await json(await get('agency01', 'drawing/detail', { id: row.drawingId }))).object;
    expect(byAgency).toMatchObject({ canUpload: true, canEdit: false });

    // The preview sends the bytes inline and records that a 内部 file was read.
    const before = await env.ctx.db
      .select({ n: count() })
      .from(archiveDownloads)
      .where(eq(archiveDownloads.recordId, found.recordId));
    const preview = await env.as('agency01').fetch(`/archive/electronics/metadata/preview/${found.recordId}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(await preview.text()).toContain('%PDF-1.7');
    const after = await env.ctx.db
      .select({ n: count() })
      .from(archiveDownloads)
      .where(eq(archiveDownloads.recordId, found.recordId));
    expect(after[0]!.n).toBe(before[0]!.n + 1);

    // The chain still verifies with the drawing's versions on it.
    const verified = await json(
      await env.as('authority01').fetch('/archive/electronics/metadata/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(verified.data).toMatchObject({ broken: null });
  });
});
