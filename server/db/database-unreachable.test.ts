import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, checkReachable, describeTarget } from './database-unreachable';

// Port 1 on loopback: nothing listens, the connection is refused at once.
const REFUSED = 'postgres://hall_user:s3cret-pw@127.0.0.1:1/hall_db';

describe('a DATABASE_URL that cannot be used (issue 11, finding 10)', () => {
  it('names host, port, database, user, the reason and what to check, never the password', async () => {
    const started = Date.now();
    const error = await checkReachable(REFUSED, 2_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).toContain('host 127.0.0.1, port 1, database hall_db, user hall_user');
    expect(message).toContain('the connection was refused');
    expect(message).toMatch(/Check that PostgreSQL is running and listens on 127\.0\.0\.1:1/);
    expect(message).not.toContain('s3cret');
    // Refused means "maybe not up yet": tried again, but no longer than the patience given.
    expect(message).toMatch(/attempts/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up at once on a database that does not exist (a real server on loopback)', async () => {
    const url = process.env.TEST_DATABASE_URL
      ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: '/no_such_database_h11' }).href
      : 'postgres://postgres@127.0.0.1:5432/no_such_database_h11';
    const started = Date.now();
    const error = await checkReachable(url, 10_000).catch((caught: unknown) => caught);
    if ((error as { cause?: { code?: string } } | undefined)?.cause?.code === 'ECONNREFUSED') return; // no server here
    expect((error as Error).message).toContain('the database no_such_database_h11 does not exist');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('describes a URL without its password', () => {
    expect(describeTarget('postgres://a%40b:pw@db.example:6543/x')).toEqual({
      host: 'db.example',
      port: '6543',
      database: 'x',
      user: 'a@b',
    });
  });

  it('stops the start with exit code 4', async () => {
    // A stand-in build: the start loads the hall's handler before it opens the database.
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unreachable-build-'));
    fs.mkdirSync(path.join(buildDir, 'server'));
    fs.writeFileSync(path.join(buildDir, 'server', 'entry.mjs'), 'export const handler = () => {};\n');
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        BUILD_DIR: buildDir,
        DATA_DIR: buildDir,
        DATABASE_URL: REFUSED,
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(buildDir, { recursive: true, force: true });
    expect(code).toBe(4);
    expect(stderr).toContain('host 127.0.0.1, port 1, database hall_db, user hall_user');
    expect(stderr).not.toContain('s3cret');
    // 15 s of patience plus starting node with tsx on a busy machine (the bound itself: first test).
    expect(Date.now() - started).toBeLessThan(50_000);
  }, 60_000);
});
