/**
 * A district sub-office's results (resultSubOffice/list and detail; docs/results.md "District
 * sub-offices"): district01 lists and reads its district's submitted results only; another district's
 * project answers 403 with a clear message on every result read (detail, query, file, archive
 * preview); without a district the office is told so; the filters; bad input; other roles refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoLoginNames, json, signedInTestApp } from '@server/modules/identity/test-support';
import { resultsTestKit } from './test-support';

const env = signedInTestApp({ accounts: demoLoginNames });
const kit = resultsTestKit(env);
const { get } = kit;

let own: string;
let other: string;
let ours: Awaited<ReturnType<typeof kit.submittedProject>>;
let theirs: Awaited<ReturnType<typeof kit.submittedProject>>;
let unsubmitted: Awaited<ReturnType<typeof kit.filedProject>>;

beforeAll(async () => {
  [own, other] = await kit.twoDistricts();
  await kit.placeOffice(own);
  ours = await kit.submittedProject(own, '本辖区项目');
  theirs = await kit.submittedProject(other, '外辖区项目');
  unsubmitted = await kit.filedProject(own, '未提交项目');
}, 120_000);

const listOf = async (who: string, query: Record<string, string | number> = {}) => {
  const response = await get(who, 'resultSubOffice/list', { rows: 100, ...query });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await json(response)) as { rows: { projectId: number; districtName: string | null }[] }).rows.map(
    (row) => row.projectId,
  );
};

describe('the district sub-office’s list', { timeout: 120_000 }, () => {
  it('lists its district’s submitted results only; administrators see every district', async () => {
    const rows = await listOf('district01');
    expect(rows).toContain(ours.projectId);
    expect(rows).not.toContain(theirs.projectId);
    expect(rows, 'results never submitted are not listed').not.toContain(unsubmitted.projectId);
    const all = await listOf('admin');
    expect(all).toEqual(expect.arrayContaining([ours.projectId, theirs.projectId]));
  });

  it('filters by state, survey item, agency and year', async () => {
    expect(await listOf('district01', { status: 5 })).toContain(ours.projectId);
    expect(await listOf('district01', { status: 6 })).not.toContain(ours.projectId);
    expect(await listOf('district01', { itemId: 404 })).toContain(ours.projectId);
    expect(await listOf('district01', { itemId: 101 })).not.toContain(ours.projectId);
    const [org] = (
      (await json(await get('district01', 'resultSubOffice/list', { rows: 100 }))) as {
        rows: { projectId: number; orgName: string }[];
      }
    ).rows.filter((row) => row.projectId === ours.projectId);
    expect(await listOf('district01', { orgName: org!.orgName.slice(0, 4) })).toContain(ours.projectId);
    expect(await listOf('district01', { orgName: '没有这个机构' })).toEqual([]);
    const year = Number(
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(
        env.ctx.services.now(),
      ),
    );
    expect(await listOf('district01', { year })).toContain(ours.projectId);
    expect(await listOf('district01', { year: year - 1 })).not.toContain(ours.projectId);
  });

  it('refuses bad filters with their messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: '3' }, '项目状态须为成果已提交、已验收或已办结'],
      [{ year: '1999' }, '年份须为 2000 到 2100 之间的整数'],
      [{ year: 'abc' }, '年份须为 2000 到 2100 之间的整数'],
      [{ itemId: '9999' }, '测绘事项不正确'],
      [{ orgName: '机'.repeat(51) }, '测绘机构名称不能超过 50 个字'],
    ];
    for (const [query, message] of cases) {
      const response = await get('district01', 'resultSubOffice/list', query);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
  });

  it('is the district office’s (and administrators’): other roles get 403', async () => {
    for (const who of ['owner01', 'agency01', 'auditor01', 'authority01', 'share01'])
      expect((await get(who, 'resultSubOffice/list')).status, who).toBe(403);
    expect((await get('auditor01', 'resultSubOffice/detail', { projectId: ours.projectId })).status).toBe(
      403,
    );
  });
});

describe('one project’s results for the district office', { timeout: 120_000 }, () => {
  it('reads its district’s project: items, files with their archive ids, records, no certificate yet', async () => {
    const response = await get('district01', 'resultSubOffice/detail', { projectId: ours.projectId });
    expect(response.status).toBe(200);
    const data = (await json(response)).object;
    expect(data.projectId).toBe(ours.projectId);
    expect(data.districtName).toBeTruthy();
    expect(data.submittedAt).not.toBeNull();
    expect(data.items.length).toBe(ours.items.length);
    expect(data.items.every((item: { status: number }) => item.status === 1)).toBe(true);
    expect(data.records.length).toBeGreaterThan(0);
    expect(data.certificate).toBeNull();
    expect(data.canEdit).toBe(false);
    expect(data.review?.allowed ?? []).toEqual([]);
  });

  it('another district’s project: 403 with the reason, on every result read', async () => {
    const detail = await get('district01', 'resultSubOffice/detail', { projectId: theirs.projectId });
    expect(detail.status).toBe(403);
    expect((await json(detail)).message).toBe('该项目不在本分局辖区内，无权查看其成果');
    const query = await get('district01', 'projectAccept/query', { projectId: theirs.projectId });
    expect(query.status).toBe(403);
    expect((await json(query)).message).toBe('该项目不在本分局辖区内，无权查看其成果');
    const item = theirs.items[0]!;
    const full = await kit.itemsOf('auditor01', theirs.projectId);
    const fileId = full.items[0]!.files[0]!.fileId;
    expect((await get('district01', 'projectAccept/file', { resultId: item.resultId, fileId })).status).toBe(
      403,
    );
    const mine = await kit.itemsOf('district01', ours.projectId);
    const ownFile = mine.items[0]!.files[0]!.fileId;
    const download = await get('district01', 'projectAccept/file', {
      resultId: mine.items[0]!.resultId,
      fileId: ownFile,
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('%PDF-1.7');
    // The archive's folder of another district's item is not readable either.
    const folder = await get('district01', '/archive/findList.json', { dirid: `result:${item.resultId}` });
    expect(folder.status).not.toBe(200);
  });

  it('an unknown project answers 404, a bad id 400, an office without a district 403', async () => {
    const unknown = await get('district01', 'resultSubOffice/detail', { projectId: 99_999_999 });
    expect(unknown.status).toBe(404);
    const bad = await get('district01', 'resultSubOffice/detail', { projectId: 'x' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('请提供正确的项目编号');
    await kit.placeOffice(null);
    try {
      const none = await get('district01', 'resultSubOffice/list');
      expect(none.status).toBe(403);
      expect((await json(none)).message).toBe('您所在的区县分局未设置辖区，无法查看区县成果');
      expect((await get('district01', 'projectAccept/query', { projectId: ours.projectId })).status).toBe(
        403,
      );
    } finally {
      await kit.placeOffice(own);
    }
  });
});
