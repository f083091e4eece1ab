/**
 * The archive's chunked upload through the HTTP app, as simple-uploader.js drives it: a test GET per
 * chunk (204 until stored, then 200 with the stored chunk numbers), multipart chunk POSTs, the merge
 * answering the record with the content's sha256. An upload resumes on a new app instance over the
 * same database and storage and sends only the missing chunks. Every refusal has its message and
 * changes nothing; two users with one identifier are kept apart; the abandoned-chunk job removes idle
 * uploads with their bytes. The folder kinds come from a test kind registered for this file.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveFolders } from '@server/archive-folders';
import { createApp } from '@server/app';
import { archiveChunks, archiveFiles, archiveUploads, files } from '@server/db/schema';
import { productJobs } from '@server/jobs';
import { withServices } from '@server/services';
import { createS3Storage } from '@server/storage/s3-storage';
import { createFsStorage } from '@server/storage/storage';
import { startLocalS3 } from '@server/test/s3-server';
import { createBrowser, signedInTestApp, type Browser } from '@server/modules/identity/test-support';
import { AppError } from '@shared/errors/app-error';
import { archiveExtensions, archiveMessages as m } from '@shared/validation/archive';
import { contentMismatchMessage, uploadMessages } from '@shared/validation/upload';
import type { StoredArchiveFile } from './folders';

const env = signedInTestApp({ accounts: ['staff01', 'agency01', 'owner01'] });
const CHUNK = 64 * 1024;

/** What the test kind's onStored saw. */
const storedFiles: StoredArchiveFile[] = [];
let unregister = () => {};

beforeAll(() => {
  // test-box:open… anyone writes; test-box:staff only staff01; test-box:hidden nobody reads;
  // test-box:pdf takes pdf only; test-box:failing refuses in onStored.
  unregister = archiveFolders.register({
    kind: 'test-box',
    label: '测试目录',
    canRead: async ({ folderId }) => folderId !== 'hidden',
    canWrite: async ({ user, folderId }) =>
      folderId.startsWith('open') ||
      folderId === 'pdf' ||
      folderId === 'failing' ||
      (folderId === 'staff' && user.loginname === 'staff01'),
    formats: async ({ folderId }) => (folderId === 'pdf' ? ['pdf'] : archiveExtensions),
    onStored: async ({ folderId, file }) => {
      if (folderId === 'failing') throw new AppError('conflict', { message: '测试目录拒绝保存该文件' });
      storedFiles.push(file);
    },
  });
});
afterAll(() => unregister());

interface Upload {
  name: string;
  bytes: Uint8Array;
  identifier: string;
  dirid: string;
  totalChunks: number;
  uploadType?: '0' | '1';
  relativePath?: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF of `size` bytes (random after its signature). */
function pdfBytes(size: number): Uint8Array {
  const bytes = randomBytes(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
  return new Uint8Array(bytes);
}

let nextId = 1;
function upload(size: number, dirid = 'test-box:open', name = `测量报告${nextId}.pdf`): Upload {
  return {
    name,
    bytes: pdfBytes(size),
    identifier: `${size}-test${nextId++}`,
    dirid,
    totalChunks: Math.max(Math.floor(size / CHUNK), 1),
  };
}

/** The chunk's bytes as simple-uploader.js cuts them (the last chunk takes the rest). */
function chunkBytes(u: Upload, n: number): Uint8Array {
  const start = (n - 1) * CHUNK;
  return u.bytes.slice(start, n === u.totalChunks ? u.bytes.length : start + CHUNK);
}

function params(u: Upload, n: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    chunkNumber: String(n),
    chunkSize: String(CHUNK),
    currentChunkSize: String(chunkBytes(u, n).length),
    totalSize: String(u.bytes.length),
    identifier: u.identifier,
    filename: u.name,
    relativePath: u.relativePath ?? u.name,
    totalChunks: String(u.totalChunks),
    dirid: u.dirid,
    describe: '测试上传',
    uploadType: u.uploadType ?? '0',
    ...extra,
  };
}

const testGet = (b: Browser, u: Upload, n: number, extra: Record<string, string> = {}) =>
  b.fetch(`/archive/upload?${new URLSearchParams(params(u, n, extra)).toString()}`);

function postChunk(
  b: Browser,
  u: Upload,
  n: number,
  extra: Record<string, string> = {},
  bytes = chunkBytes(u, n),
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(params(u, n, extra))) body.set(key, value);
  body.set('file', new File([bytes as Uint8Array<ArrayBuffer>], u.name));
  return b.fetch('/archive/upload', { method: 'POST', body });
}

const merge = (b: Browser, u: Upload, extra: Record<string, string> = {}) =>
  b.fetch(
    `/archive/merge?${new URLSearchParams({ identifier: u.identifier, filename: u.name, type: 'pdf', dirid: u.dirid, ...extra }).toString()}`,
  );

/** What simple-uploader.js does with its defaults: test each chunk, send it on 204. Counts the POSTs. */
async function sendAsUploader(b: Browser, u: Upload): Promise<number> {
  let posts = 0;
  for (let n = 1; n <= u.totalChunks; n++) {
    const tested = await testGet(b, u, n);
    if (tested.status === 200) continue;
    expect(tested.status).toBe(204);
    const posted = await postChunk(b, u, n);
    expect(posted.status, await posted.clone().text()).toBe(200);
    posts++;
  }
  return posts;
}

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  message: string;
  data: T;
}
const json = async <T = Record<string, unknown>>(response: Response) =>
  (await response.json()) as Envelope<T>;

async function expectRefused(response: Response, status: number, message: string) {
  const body = await json(response);
  expect({ status: response.status, success: body.success, message: body.message }).toEqual({
    status,
    success: false,
    message,
  });
}

const rowCount = async (table: typeof archiveUploads | typeof archiveFiles | typeof files) =>
  (await env.ctx.db.select({ n: count() }).from(table))[0]!.n;

describe('the chunked upload protocol', () => {
  it('tests (204, then 200 with the stored chunks), takes the chunks, merges with the sha256 of the original', async () => {
    const staff = env.as('staff01');
    const u = upload(3 * CHUNK + 1000);
    expect(u.totalChunks).toBe(3);

    expect((await testGet(staff, u, 1)).status).toBe(204);
    const first = await json<{ uploaded: number[]; complete: boolean }>(await postChunk(staff, u, 1));
    expect(first.data).toEqual({ uploaded: [1], complete: false });
    expect((await testGet(staff, u, 2)).status).toBe(204);
    await postChunk(staff, u, 3);
    const tested = await testGet(staff, u, 3);
    expect(tested.status).toBe(200);
    expect((await json(tested)).data).toEqual({ uploaded: [1, 3], complete: false });
    expect((await json(await postChunk(staff, u, 2))).data).toEqual({ uploaded: [1, 2, 3], complete: true });

    const [session] = await env.ctx.db
      .select()
      .from(archiveUploads)
      .where(eq(archiveUploads.identifier, u.identifier));
    const chunkKeys = (
      await env.ctx.db.select().from(archiveChunks).where(eq(archiveChunks.uploadId, session!.id))
    ).map((row) => row.storageKey);
    expect(chunkKeys).toHaveLength(3);

    const merged = await merge(staff, u);
    expect(merged.status).toBe(200);
    const record = await json<{ id: number; fileId: string; name: string; size: number; sha256: string }>(
      merged,
    );
    expect(record.message).toBe('上传成功');
    expect(record.data).toMatchObject({
      name: u.name,
      size: u.bytes.length,
      sha256: sha256(u.bytes),
      describe: '测试上传',
    });
    const [file] = await env.ctx.db.select().from(files).where(eq(files.id, record.data.fileId));
    expect(file?.sha256).toBe(sha256(u.bytes));
    expect(storedFiles.at(-1)).toMatchObject({
      id: record.data.id,
      fileId: record.data.fileId,
      dirid: u.dirid,
    });

    // The upload and its chunks are gone, rows and bytes.
    expect(await env.ctx.db.$count(archiveUploads, eq(archiveUploads.id, session!.id))).toBe(0);
    expect(await env.ctx.db.$count(archiveChunks, eq(archiveChunks.uploadId, session!.id))).toBe(0);
    for (const key of chunkKeys) await expect(env.ctx.storage.read(key)).rejects.toThrow();

    // Listed, found, downloaded as it was sent; merging again answers the same record.
    const list = await json<{ files: { id: number }[]; canWrite: boolean }>(
      await staff.fetch(`/archive/findList.json?dirid=${u.dirid}`),
    );
    expect(list.data.files.map((f) => f.id)).toContain(record.data.id);
    expect(list.data.canWrite).toBe(true);
    const found = await json(await staff.fetch(`/archive/findbyid/${record.data.id}`));
    expect(found.data).toMatchObject({ sha256: sha256(u.bytes) });
    const download = await staff.fetch(`/archive/download/${record.data.id}`);
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(u.bytes));
    expect(
      (await staff.fetch(`/archive/preview/${record.data.id}`)).headers.get('content-disposition'),
    ).toMatch(/^inline/);
    const again = await json(await merge(staff, u));
    expect(again.data).toMatchObject({ id: record.data.id });

    const updated = await staff.fetch(`/archive/updatebyid/${record.data.id}.json`, {
      method: 'POST',
      body: new URLSearchParams({ describe: '竣工测量成果' }),
    });
    expect((await json(updated)).data).toMatchObject({ describe: '竣工测量成果' });
  });

  it('works with a checkChunkUploadedByResponse that reads the list: one test, then only the missing chunks', async () => {
    const staff = env.as('staff01');
    const u = upload(4 * CHUNK);
    await postChunk(staff, u, 1);
    await postChunk(staff, u, 2);
    // The library tests the first chunk only and reads the list from its answer.
    const listed = await json<{ uploaded: number[] }>(await testGet(staff, u, 1));
    const missing = [1, 2, 3, 4].filter((n) => !listed.data.uploaded.includes(n));
    expect(missing).toEqual([3, 4]);
    for (const n of missing) expect((await postChunk(staff, u, n)).status).toBe(200);
    expect((await json(await merge(staff, u))).data).toMatchObject({ sha256: sha256(u.bytes) });
  });

  it('resumes on a new app instance over the same database and storage, sending only the missing chunks', async () => {
    const u = upload(5 * CHUNK + 17);
    const staff = env.as('staff01');
    for (const n of [1, 2, 4]) expect((await postChunk(staff, u, n)).status).toBe(200);

    // A restarted server: a new instance with its own services (caches), the same database and files.
    const { services, ...base } = env.ctx;
    const restarted = withServices(
      { ...base, storage: createFsStorage(env.ctx.storage.root) },
      { now: services.now },
    );
    const browser = createBrowser(createApp(restarted), staff.ip);
    for (const [name, cookie] of staff.cookies) browser.cookies.set(name, cookie);

    expect(await sendAsUploader(browser, u)).toBe(2);
    const merged = await json(await merge(browser, u));
    expect(merged.data).toMatchObject({ size: u.bytes.length, sha256: sha256(u.bytes) });
  });

  it('takes the chunks of one upload alternately through two instances sharing one object store', async () => {
    const s3 = await startLocalS3();
    try {
      const { services, ...base } = env.ctx;
      const staff = env.as('staff01');
      const [a, b] = [0, 1].map(() => {
        const instance = withServices(
          { ...base, storage: createS3Storage(s3.settings) },
          { now: services.now },
        );
        const browser = createBrowser(createApp(instance), staff.ip);
        for (const [name, cookie] of staff.cookies) browser.cookies.set(name, cookie);
        return browser;
      }) as [Browser, Browser];
      const u = upload(4 * CHUNK + 33);
      for (const n of [1, 2, 3, 4]) expect((await postChunk(n % 2 ? a : b, u, n)).status).toBe(200);
      const merged = await json<{ id: number; sha256: string }>(await merge(b, u));
      expect(merged.data.sha256).toBe(sha256(u.bytes));
      const download = await a.fetch(`/archive/download/${merged.data.id}`);
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(u.bytes));
      // The file's bytes are in the store, not on either instance's disk.
      const [record] = await env.ctx.db
        .select({ storageKey: files.storageKey })
        .from(archiveFiles)
        .innerJoin(files, eq(files.id, archiveFiles.fileId))
        .where(eq(archiveFiles.id, merged.data.id));
      expect(await createS3Storage(s3.settings).sizeOf(record!.storageKey)).toBe(u.bytes.length);
      expect(await env.ctx.storage.sizeOf(record!.storageKey)).toBeUndefined();
    } finally {
      await s3.stop();
    }
  });

  it('keeps a folder upload (uploadType 1) with its relative path, and refuses a path that climbs out', async () => {
    const staff = env.as('staff01');
    const u = { ...upload(CHUNK + 5), uploadType: '1' as const };
    u.relativePath = `竣工资料/地形图/${u.name}`;
    expect(await sendAsUploader(staff, u)).toBe(1);
    expect((await json(await merge(staff, u))).data).toMatchObject({
      relativePath: u.relativePath,
      uploadType: 1,
    });

    const bad = { ...upload(CHUNK + 5), uploadType: '1' as const };
    bad.relativePath = `../${bad.name}`;
    await expectRefused(await postChunk(staff, bad, 1), 400, m.badRelativePath);
    bad.relativePath = `资料#1/${bad.name}`;
    await expectRefused(await postChunk(staff, bad, 1), 400, '您上传的文件中包含特殊字符！');
  });
});

describe('refusals, each with its message and no change', () => {
  /** What the storage holds: a refused chunk's bytes, written while they arrived, are gone again. */
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const { key } of env.ctx.storage.list()) keys.push(key);
    return keys.sort();
  };

  it('refuses files the upload rules refuse, and content that is not what the name says', async () => {
    const staff = env.as('staff01');
    const uploadsBefore = await rowCount(archiveUploads);
    const keysBefore = await storedKeys();
    const u = upload(CHUNK + 10);
    const cases: [Record<string, string>, number, string][] = [
      [{ filename: '测量#报告.pdf' }, 400, '您上传的文件中包含特殊字符！'],
      [{ filename: '20260301.pdf' }, 400, 'word和pdf文件名不能全为数字'],
      [{ filename: '报告.exe' }, 400, `当前支持的文件格式为：${archiveExtensions.join(',')}`],
      [{ totalSize: '52428801', totalChunks: '800' }, 413, uploadMessages.tooLarge],
    ];
    for (const [extra, status, message] of cases) {
      await expectRefused(await postChunk(staff, u, 1, extra), status, message);
      await expectRefused(await testGet(staff, u, 1, extra), status, message);
    }
    // The pdf-only folder names its one format.
    await expectRefused(
      await postChunk(staff, { ...u, dirid: 'test-box:pdf' }, 1, { filename: '报告.docx' }),
      400,
      '当前支持的文件格式为：pdf',
    );
    // An executable renamed .pdf.
    const fake = upload(CHUNK + 10);
    fake.bytes.set(new TextEncoder().encode('MZ\x90\x00'), 0);
    await expectRefused(await postChunk(staff, fake, 1), 400, contentMismatchMessage);
    expect(await rowCount(archiveUploads)).toBe(uploadsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('refuses a chunk of the wrong size or number, and a merge before every chunk arrived', async () => {
    const staff = env.as('staff01');
    const u = upload(3 * CHUNK + 100);
    await expectRefused(
      await postChunk(staff, u, 2, { currentChunkSize: String(CHUNK + 100) }),
      400,
      m.chunkSizeMismatch,
    );
    await expectRefused(
      await postChunk(staff, u, 2, {}, chunkBytes(u, 2).slice(0, CHUNK - 1)),
      400,
      m.chunkBodyMismatch,
    );
    await expectRefused(await postChunk(staff, u, 4, { currentChunkSize: '100' }), 400, m.badChunkNumber);
    await expectRefused(await postChunk(staff, u, 1, { totalChunks: '7' }), 400, m.badChunkCount);
    await expectRefused(await postChunk(staff, u, 1, { chunkSize: '1024' }), 400, m.badChunkSize);
    expect(await env.ctx.db.$count(archiveUploads, eq(archiveUploads.identifier, u.identifier))).toBe(0);

    await postChunk(staff, u, 1);
    const filesBefore = await rowCount(files);
    await expectRefused(await merge(staff, u), 400, m.incomplete(1, 3));
    await expectRefused(await merge(staff, upload(CHUNK)), 400, m.noUpload);
    // The same identifier with other parameters (another chunk size) is refused.
    await expectRefused(
      await postChunk(staff, u, 1, {
        chunkSize: String(2 * CHUNK),
        currentChunkSize: String(chunkBytes(u, 1).length),
        totalChunks: '1',
      }),
      400,
      m.chunkSizeMismatch,
    );
    expect(await rowCount(files)).toBe(filesBefore);
  });

  it('keeps no bytes of a chunk whose upload was started with other parameters', async () => {
    const staff = env.as('staff01');
    const u = upload(2 * CHUNK);
    expect((await postChunk(staff, u, 1)).status).toBe(200);
    const before = await storedKeys();
    // The chunk's bytes are written while they arrive: the refusal removes them.
    await expectRefused(await postChunk(staff, { ...u, name: `另一个${u.name}` }, 2), 409, m.sessionMismatch);
    expect(await storedKeys()).toEqual(before);
  });

  it('records nothing when the folder kind refuses the stored file; the upload stays for a retry', async () => {
    const staff = env.as('staff01');
    const u = upload(CHUNK + 3, 'test-box:failing');
    await sendAsUploader(staff, u);
    const filesBefore = await rowCount(files);
    const archivedBefore = await rowCount(archiveFiles);
    await expectRefused(await merge(staff, u), 409, '测试目录拒绝保存该文件');
    expect(await rowCount(files)).toBe(filesBefore);
    expect(await rowCount(archiveFiles)).toBe(archivedBefore);
    expect(await env.ctx.db.$count(archiveUploads, eq(archiveUploads.identifier, u.identifier))).toBe(1);
  });

  it('keeps two users with the same identifier apart', async () => {
    const staff = env.as('staff01');
    const agency = env.as('agency01');
    const mine = upload(2 * CHUNK + 9);
    const theirs = { ...mine, bytes: pdfBytes(mine.bytes.length) };
    await postChunk(staff, mine, 1);
    // The other user's test of the same identifier finds nothing of staff01's.
    expect((await testGet(agency, theirs, 1)).status).toBe(204);
    expect(await sendAsUploader(agency, theirs)).toBe(2);
    await expectRefused(await merge(staff, mine), 400, m.incomplete(1, 2));
    expect((await json(await merge(agency, theirs))).data).toMatchObject({ sha256: sha256(theirs.bytes) });
    expect(await sendAsUploader(staff, mine)).toBe(1);
    expect((await json(await merge(staff, mine))).data).toMatchObject({ sha256: sha256(mine.bytes) });
  });
});

describe('who may read and write a folder', () => {
  it('refuses unknown kinds, folders the user may not write or read, another userid, and the signed out', async () => {
    const staff = env.as('staff01');
    const owner = env.as('owner01');
    const u = upload(CHUNK + 1, 'test-box:staff');
    await expectRefused(await postChunk(staff, { ...u, dirid: 'nothing:1' }, 1), 400, m.unknownFolder);
    await expectRefused(await postChunk(staff, { ...u, dirid: '../etc' }, 1), 400, m.badDirid);
    await expectRefused(await postChunk(owner, u, 1), 403, m.writeForbidden);
    await expectRefused(await testGet(owner, u, 1), 403, m.writeForbidden);
    await expectRefused(await postChunk(staff, u, 1, { userid: '999' }), 403, m.otherUser);
    await expectRefused(
      await owner.fetch('/archive/findList.json?dirid=test-box:hidden'),
      403,
      m.readForbidden,
    );
    expect((await createBrowser(env.app).fetch('/archive/findList.json?dirid=test-box:open')).status).toBe(
      401,
    );

    expect(await sendAsUploader(staff, u)).toBe(1);
    const record = await json<{ id: number }>(await merge(staff, u));
    await expectRefused(await merge(owner, u), 403, m.writeForbidden);
    // The owner may read the folder but not change a description in it.
    expect((await owner.fetch(`/archive/findbyid/${record.data.id}`)).status).toBe(200);
    await expectRefused(
      await owner.fetch(`/archive/updatebyid/${record.data.id}.json`, {
        method: 'POST',
        body: new URLSearchParams({ describe: 'x' }),
      }),
      403,
      m.writeForbidden,
    );
    const list = await json<{ canWrite: boolean }>(
      await owner.fetch('/archive/findList.json?dirid=test-box:staff'),
    );
    expect(list.data.canWrite).toBe(false);

    // A file in a folder the user may not read is as unknown as a missing one.
    await env.ctx.db
      .update(archiveFiles)
      .set({ dirid: 'test-box:hidden' })
      .where(eq(archiveFiles.id, record.data.id));
    await expectRefused(await owner.fetch(`/archive/findbyid/${record.data.id}`), 404, m.notFound);
    expect((await owner.fetch(`/archive/download/${record.data.id}`)).status).toBe(404);
  });
});

describe('the abandoned-chunk job', () => {
  it('removes uploads idle for a day, rows and bytes, and keeps the others', async () => {
    const staff = env.as('staff01');
    const idle = upload(2 * CHUNK);
    await postChunk(staff, idle, 1);
    const [session] = await env.ctx.db
      .select()
      .from(archiveUploads)
      .where(eq(archiveUploads.identifier, idle.identifier));
    const [chunk] = await env.ctx.db
      .select()
      .from(archiveChunks)
      .where(eq(archiveChunks.uploadId, session!.id));
    expect(fs.existsSync(`${env.ctx.storage.root}/${chunk!.storageKey}`)).toBe(true);
    // Idle for a day: its last chunk came 25 hours before the job runs.
    await env.ctx.db
      .update(archiveUploads)
      .set({ updatedAt: new Date(env.ctx.services.now().getTime() - 25 * 60 * 60 * 1000) })
      .where(eq(archiveUploads.id, session!.id));
    const fresh = upload(2 * CHUNK);
    await postChunk(staff, fresh, 1);

    const job = productJobs.find((j) => j.name === 'archive-abandoned-chunks')!;
    expect(await job.run(env.ctx, env.ctx.services.now())).toMatch(/^删除 \d+ 个未完成的上传$/);
    expect(await env.ctx.db.$count(archiveUploads, eq(archiveUploads.id, session!.id))).toBe(0);
    expect(await env.ctx.db.$count(archiveChunks, eq(archiveChunks.uploadId, session!.id))).toBe(0);
    expect(fs.existsSync(`${env.ctx.storage.root}/${chunk!.storageKey}`)).toBe(false);
    expect(await env.ctx.db.$count(archiveUploads, eq(archiveUploads.identifier, fresh.identifier))).toBe(1);
  });
});
