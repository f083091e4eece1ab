/**
 * The test suite's handling of databases on the PostgreSQL server of TEST_DATABASE_URL: it creates
 * and drops only databases of its own (named with the run's prefix); nothing else on the server is
 * touched.
 */
import pg from 'pg';

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** TEST_DATABASE_URL pointing at database `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` on a connection to the server's `postgres` database (to create and drop others). */
export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 5 s) until database `name` has no sessions. pool.end() resolves before its sockets are
 * closed, and the server sees them go a moment later; nothing announces it, so this asks.
 */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await client.query<{ sessions: number }>(
      'select count(*)::int as sessions from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Creates database `name`, a copy of `template` (which must have no sessions) when given. */
export async function createDatabase(name: string, template?: string): Promise<void> {
  await withAdmin(async (client) => {
    if (template) await untilUnused(client, template);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  });
}

/** Drops `name` once the sessions of a closed pool have gone. */
export async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (client) => {
    // A forced drop would kill a closing connection (57P01): wait for the sessions to go first.
    await untilUnused(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** Drops every database whose name starts with `prefix` (a run's leftovers, its templates). */
export async function dropDatabasesStartingWith(prefix: string): Promise<void> {
  const names = await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname desc',
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
  for (const name of names) await dropDatabase(name);
}
