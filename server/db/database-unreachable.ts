/**
 * A PostgreSQL server that cannot be used at start (issue 11, finding 10): the operator learns which
 * server, database and user were tried, why it failed and what to check, never the password. A
 * server that refuses or does not answer yet (it may be starting too) is tried again for a while;
 * wrong credentials or a missing database fail at once.
 */
import pg from 'pg';

/** How long the start keeps trying a server that refuses or does not answer. */
export const CONNECT_PATIENCE_MS = 15_000;
const ATTEMPT_TIMEOUT_MS = 5_000;
const RETRY_PAUSE_MS = 1_000;

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

interface Target {
  host: string;
  port: string;
  database: string;
  user: string;
}

/** Where DATABASE_URL points, without its password. */
export function describeTarget(url: string): Target {
  try {
    const parsed = new URL(url);
    return {
      host: parsed.hostname || 'localhost',
      port: parsed.port || '5432',
      database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)',
      user: decodeURIComponent(parsed.username) || '(default)',
    };
  } catch {
    return { host: '?', port: '?', database: '?', user: '?' };
  }
}

/** The reason in words and what to check, by the error's code. */
function explain(error: unknown, target: Target): { reason: string; check: string; retry: boolean } {
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return {
        reason: 'the connection was refused',
        check: `that PostgreSQL is running and listens on ${target.host}:${target.port} (listen_addresses, port)`,
        retry: true,
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        reason: `the host name ${target.host} could not be resolved`,
        check: 'the host in DATABASE_URL and the DNS of this machine',
        retry: code === 'EAI_AGAIN',
      };
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return {
        reason: 'the server did not answer',
        check: `the host and port in DATABASE_URL, and any firewall between here and ${target.host}:${target.port}`,
        retry: true,
      };
    case '28P01':
    case '28000':
      return {
        reason: `the server refused user ${target.user} (${message})`,
        check: 'the user and password in DATABASE_URL and pg_hba.conf on the server',
        retry: false,
      };
    case '3D000':
      return {
        reason: `the database ${target.database} does not exist`,
        check: `the database name in DATABASE_URL, or create it (createdb ${target.database})`,
        retry: false,
      };
    default:
      if (/timeout/i.test(message))
        return {
          reason: 'the server did not answer in time',
          check: `the host and port in DATABASE_URL, and any firewall between here and ${target.host}:${target.port}`,
          retry: true,
        };
      return { reason: message, check: 'DATABASE_URL and the PostgreSQL server log', retry: false };
  }
}

/**
 * Connects once to make sure the server can be used, trying again for CONNECT_PATIENCE_MS while it
 * refuses or does not answer; throws DatabaseUnreachableError with the whole story otherwise.
 */
export async function checkReachable(url: string, patienceMs = CONNECT_PATIENCE_MS): Promise<void> {
  const target = describeTarget(url);
  const deadline = Date.now() + patienceMs;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.max(500, Math.min(ATTEMPT_TIMEOUT_MS, deadline - Date.now())),
    });
    // An error after the failed connect (socket closing) must not crash the process.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const { reason, check, retry } = explain(error, target);
      if (!retry || Date.now() + RETRY_PAUSE_MS >= deadline) {
        const tried = attempt > 1 ? ` (${attempt} attempts in ${Math.round(patienceMs / 1000)} s)` : '';
        throw new DatabaseUnreachableError(
          `Cannot use the PostgreSQL database of DATABASE_URL: host ${target.host}, port ${target.port}, ` +
            `database ${target.database}, user ${target.user}: ${reason}${tried}. Check ${check}.`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}
