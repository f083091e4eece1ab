import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import * as schema from './schema';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Every table of the schema, so the migrations must create exactly these. */
const tableCount = Object.values(schema).filter((value) => is(value, PgTable)).length;

/** The Postgres error code of a failed query (drizzle wraps the driver's error as `cause`). */
async function pgErrorCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    const candidate = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (candidate as { code?: string }).code;
  }
  return undefined;
}

/** Rows that every check below builds on, and the checks themselves; run on each database. */
async function exerciseSchema(db: Database): Promise<void> {
  await db.insert(schema.districts).values({ districtCode: '3799002', districtName: '云中区' });
  const [department] = await db
    .insert(schema.departments)
    .values({ name: '测绘中介机构', kind: 'agency' })
    .returning({ pkid: schema.departments.pkid });
  await db.insert(schema.users).values({
    pkid: 21,
    loginname: 'guest',
    username: '游客',
    loginpwd: '!',
    depid: department!.pkid,
  });
  const [unit] = await db
    .insert(schema.constructionUnits)
    .values({ name: '云州城市建设投资集团有限公司', auditStatus: 2 })
    .returning({ id: schema.constructionUnits.constructionId });
  const [project] = await db
    .insert(schema.projects)
    .values({
      projectName: '云中区锦绣华庭住宅小区项目',
      projectNo: 'YZ2026000001',
      constructionId: unit!.id,
      districtCode: '3799002',
      lon: 118.3,
      lat: 36.4,
    })
    .returning();
  expect(project).toMatchObject({ status: 0, auditStatus: 0, lon: 118.3 });
  expect(project!.createdAt).toBeInstanceOf(Date);

  await db
    .insert(schema.agentOrganizations)
    .values({ orgName: '云州市恒信测绘有限公司', businessScope: [101, 401] });
  const [org] = await db
    .select()
    .from(schema.agentOrganizations)
    .where(sql`${schema.agentOrganizations.businessScope} @> array[401]::integer[]`);
  expect(org).toMatchObject({
    orgName: '云州市恒信测绘有限公司',
    businessScope: [101, 401],
    isBlacklisted: false,
  });

  // Foreign key: a project must belong to an existing district (23503 foreign_key_violation).
  expect(
    await pgErrorCode(() =>
      db.insert(schema.projects).values({
        projectName: '无效区县项目',
        projectNo: 'YZ2026000002',
        constructionId: unit!.id,
        districtCode: '0000000',
      }),
    ),
  ).toBe('23503');
  // NOT NULL: a message needs its content (23502 not_null_violation).
  expect(
    await pgErrorCode(() =>
      db.execute(sql`insert into messages (user_id, message_content) values (21, null)`),
    ),
  ).toBe('23502');
  // CHECK from shared/domain/statuses.ts: status 8 does not exist (23514 check_violation).
  expect(
    await pgErrorCode(() =>
      db.update(schema.projects).set({ status: 8 }).where(eq(schema.projects.pkid, project!.pkid)),
    ),
  ).toBe('23514');
  // Terminating needs a reason.
  expect(
    await pgErrorCode(() =>
      db.update(schema.projects).set({ status: 9 }).where(eq(schema.projects.pkid, project!.pkid)),
    ),
  ).toBe('23514');
  // Unique project number.
  expect(
    await pgErrorCode(() =>
      db.insert(schema.projects).values({
        projectName: '重复',
        projectNo: 'YZ2026000001',
        constructionId: unit!.id,
        districtCode: '3799002',
      }),
    ),
  ).toBe('23505');
  // Deleting a user cascades to its messages.
  await db.insert(schema.messages).values({ userId: 21, messageContent: '欢迎使用' });
  await db.delete(schema.users).where(eq(schema.users.pkid, 21));
  expect(await db.select().from(schema.messages)).toHaveLength(0);
}

const onPostgresProject = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgresProject)('schema on PGlite', () => {
  let client: PGlite;
  let db: Database;

  beforeAll(async () => {
    client = new PGlite();
    db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  });
  afterAll(async () => {
    await client.close();
  });

  // Full migrations of the embedded database: slow when the machine is busy.
  it('migrates, and migrating again changes nothing', { timeout: 120_000 }, async () => {
    await migratePglite(db as never, { migrationsFolder });
    const tables = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    await migratePglite(db as never, { migrationsFolder });
    const again = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    expect(tables.rows[0]!.count).toBe(tableCount);
    expect(again.rows[0]!.count).toBe(tableCount);
  });

  it('enforces keys, NOT NULL and status checks', async () => {
    await exerciseSchema(db);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Runs when a PostgreSQL server is available (TEST_DATABASE_URL); in the suite's two-project setup
// only in the `postgres` project, so it is not done twice.
describe.skipIf(!serverUrl || process.env.TEST_DB === 'pglite')('schema on PostgreSQL', () => {
  const name = `survey_schema_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(serverUrl ?? 'postgres://localhost/postgres');
  adminUrl.pathname = '/postgres';
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  let pool: pg.Pool | undefined;

  async function admin<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      return (await client.query<T>(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    // pool.end() resolves before its sockets are closed; a forced drop racing them makes the closing
    // client emit an unhandled error. Wait (briefly) until the server has let them go.
    for (let attempt = 0; attempt < 50; attempt++) {
      const [row] = await admin<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (row?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Only the database this test created.
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('the generated SQL migrates a real server twice and enforces the same rules', async () => {
    const db = drizzlePg({ client: pool!, schema, casing: 'snake_case' }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder });
    await migratePg(db as never, { migrationsFolder });
    const result = await pool!.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    expect(result.rows[0]!.count).toBe(tableCount);
    await exerciseSchema(db);
  });
});
