/**
 * Which services may get tickets (issue 11): this site's own pages (built in: the bases' `/service`,
 * /check, the external entry's page), the services administrators register in the console, and the
 * files of CAS_SERVICE_REGISTRY. Every entry point that issues a service ticket asks `findService`
 * first: /cas/login, the spec's /cas/rest/tickets/{TGT} and /cas/v1/tickets/{TGT}.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { casServices } from '@server/db/schema';
import type { CasServiceRow } from '@shared/calls/cas';
import { AppError } from '@shared/errors/app-error';
import { casMessages, isHttpUrl, type CasAttributeName, type CasServiceForm } from '@shared/validation/cas';
import { sameService } from '../external-entry/provider';

/** A service a ticket may be issued for. */
export type AllowedService =
  | { kind: 'builtin' }
  | {
      kind: 'registered';
      name: string;
      attributes: readonly CasAttributeName[];
      /** Where single logout goes: the registered logout URL, else the service URL itself. */
      logoutUrl: string | null;
    };

/** Apereo matches serviceId against the whole URL. */
function matchesWhole(pattern: string, url: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(url);
  } catch {
    return false;
  }
}

/**
 * True when `service` is a page of this site (`origin`), parsed as a browser would: relative paths
 * and absolute URLs of the same origin. Control characters and backslashes never pass.
 */
export function isOwnService(service: string, origin: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what makes a target dubious
  if (/[\u0000-\u001f\u007f\\]/.test(service)) return false;
  if (service.startsWith('//')) return false;
  try {
    return new URL(service, `${origin}/`).origin === origin;
  } catch {
    return false;
  }
}

/** The registration that lets `service` get tickets, or null. `origin` is this site's public origin. */
export async function findService(
  ctx: AppContext,
  service: string,
  origin: string,
): Promise<AllowedService | null> {
  if (isOwnService(service, origin) || sameService(service, ctx.config.externalIdentityService))
    return { kind: 'builtin' };
  if (!isHttpUrl(service)) return null;
  const rows = await ctx.db
    .select()
    .from(casServices)
    .where(eq(casServices.enabled, true))
    .orderBy(asc(casServices.id));
  const candidates = [...rows, ...ctx.config.casServiceFiles.filter((file) => file.enabled)];
  const found = candidates.find((candidate) => matchesWhole(candidate.serviceId, service));
  if (!found) return null;
  return {
    kind: 'registered',
    name: found.name,
    attributes: found.attributes as CasAttributeName[],
    logoutUrl: found.logoutUrl,
  };
}

/** Like findService, but refuses an unregistered service with the Chinese message (403). */
export async function requireService(ctx: AppContext, service: string, origin: string) {
  const found = await findService(ctx, service, origin);
  if (!found) throw new AppError('forbidden', { message: casMessages.unregisteredService });
  return found;
}

function toRow(row: typeof casServices.$inferSelect): CasServiceRow {
  return {
    id: row.id,
    name: row.name,
    serviceId: row.serviceId,
    attributes: row.attributes as CasAttributeName[],
    logoutUrl: row.logoutUrl,
    enabled: row.enabled,
    source: 'console',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every service, for the console: built in, then the files, then the console's own. */
export async function listServices(
  ctx: AppContext,
  { page, rows: size }: { page: number; rows: number },
): Promise<{ rows: CasServiceRow[]; total: number }> {
  const own = await ctx.db.select().from(casServices).orderBy(asc(casServices.id));
  const rows: CasServiceRow[] = [
    {
      id: 0,
      name: '本站（办事大厅、业务系统及各服务地址）',
      serviceId: '本站地址（内置）',
      attributes: [],
      logoutUrl: null,
      enabled: true,
      source: 'builtin',
      updatedAt: null,
    },
    ...ctx.config.casServiceFiles.map((file) => ({
      id: file.id,
      name: file.name,
      serviceId: file.serviceId,
      attributes: file.attributes,
      logoutUrl: file.logoutUrl,
      enabled: file.enabled,
      source: 'file' as const,
      updatedAt: null,
    })),
    ...own.map(toRow),
  ];
  return { rows: rows.slice((page - 1) * size, page * size), total: rows.length };
}

export async function saveService(
  ctx: AppContext,
  input: CasServiceForm & { id?: number | undefined },
): Promise<CasServiceRow> {
  const values = {
    name: input.name,
    serviceId: input.serviceId,
    attributes: [...new Set(input.attributes)],
    logoutUrl: input.logoutUrl || null,
    enabled: input.enabled,
    updatedAt: new Date(),
  };
  if (input.id === undefined) {
    const [row] = await ctx.db.insert(casServices).values(values).returning();
    return toRow(row as typeof casServices.$inferSelect);
  }
  const [row] = await ctx.db.update(casServices).set(values).where(eq(casServices.id, input.id)).returning();
  if (!row) throw new AppError('not_found', { message: casMessages.serviceNotFound });
  return toRow(row);
}

export async function removeService(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(casServices)
    .where(eq(casServices.id, id))
    .returning({ id: casServices.id });
  if (!row) throw new AppError('not_found', { message: casMessages.serviceNotFound });
}
