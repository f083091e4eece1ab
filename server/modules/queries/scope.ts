/**
 * Whose numbers a statistics query may show (issue 25): administrators, the authority and auditors the
 * whole city; a district sub-office only its own district, whatever it asks for. A district code that
 * is not a listed district is refused (400), another district's code asked by a sub-office too (403).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { departments } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { listDistricts, type DistrictItem } from '@server/modules/map';
import { roles } from '@shared/domain/roles';
import { AppError } from '@shared/errors/app-error';
import { queryMessages as m } from '@shared/validation/queries';
import { startOfBeijingDay } from '@shared/domain/working-days';

const cityWide: readonly string[] = [roles.authority.id, roles.auditor.id];

/** The user's own district when the user sees only that one; null when the user sees the city. */
export async function ownDistrictOf(db: Database, user: SessionUser): Promise<string | null> {
  if (user.isAdmin || user.roleIds.some((role) => cityWide.includes(role))) return null;
  if (!user.roleIds.includes(roles.district.id)) throw new AppError('forbidden');
  const [department] = await db
    .select({ code: departments.districtCode })
    .from(departments)
    .where(eq(departments.pkid, user.depid));
  if (!department?.code) throw new AppError('forbidden', { message: m.districtMissing });
  return department.code;
}

export interface DistrictScope {
  /** The district the figures are limited to, or null for the city. */
  districtCode: string | null;
  /** True when the limit is the user's own district (not a filter the user chose). */
  ownDistrictOnly: boolean;
  /** The listed districts in order, narrowed to the scope. */
  districts: DistrictItem[];
}

/** The scope of one query: the user's limit and the district asked for, checked against each other. */
export async function districtScope(
  db: Database,
  user: SessionUser,
  requested?: string,
): Promise<DistrictScope> {
  return scopeOf(db, await ownDistrictOf(db, user), requested);
}

/** districtScope once the user's own district (ownDistrictOf) is known. */
export async function scopeOf(db: Database, own: string | null, requested?: string): Promise<DistrictScope> {
  if (own !== null && requested !== undefined && requested !== own)
    throw new AppError('forbidden', { message: m.districtOnly, field: 'districtCode' });
  const all = await listDistricts(db);
  const districtCode = requested ?? own;
  if (requested !== undefined && !all.some((d) => d.districtCode === requested))
    throw new AppError('invalid_input', { message: m.districtUnknown, field: 'districtCode' });
  return {
    districtCode,
    ownDistrictOnly: own !== null,
    districts: districtCode === null ? all : all.filter((d) => d.districtCode === districtCode),
  };
}

/** The instant after a Beijing calendar day (the exclusive end of a range ending that day). */
export function beijingDayAfter(day: string): Date {
  return new Date(startOfBeijingDay(day).getTime() + 24 * 60 * 60 * 1000);
}
