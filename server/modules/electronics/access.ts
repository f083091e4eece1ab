/**
 * Who reads which archive case and which of its records (DOMAIN.md "Archive"; docs/electronics.md):
 *
 * - administrators and the authority: every case and every record;
 * - the project's parties (its owner; its agency's account and staff) and the district office of its
 *   district: their cases, with their 内部 and 涉密 records;
 * - acceptance auditors: the 公开 cases, and only their 公开 records.
 *
 * Anyone else's case answers 404, as a missing one does.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { archiveCases, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { districtOfUser, ownAgencyOf, ownUnitOf } from '@server/modules/projects';
import { classification } from '@shared/domain/electronics';
import { roles } from '@shared/domain/roles';

export interface ArchiveReader {
  user: SessionUser;
  /** Administrators and the authority. */
  all: boolean;
  auditor: boolean;
  unit: number | null;
  agency: number | null;
  district: string | null;
}

export async function readerOf(db: Queryable, user: SessionUser): Promise<ArchiveReader> {
  return {
    user,
    all: user.isAdmin || user.roleIds.includes(roles.authority.id),
    auditor: user.roleIds.includes(roles.auditor.id),
    unit: await ownUnitOf(db, user),
    agency: await ownAgencyOf(db, user),
    district: user.roleIds.includes(roles.district.id) ? await districtOfUser(db, user) : null,
  };
}

/** The condition on a case (joined with its project) that makes the reader a party. */
function partyCondition(reader: ArchiveReader): SQL[] {
  return [
    ...(reader.unit !== null ? [eq(projects.constructionId, reader.unit)] : []),
    ...(reader.agency !== null ? [eq(archiveCases.organizationId, reader.agency)] : []),
    ...(reader.district !== null ? [eq(projects.districtCode, reader.district)] : []),
  ];
}

/**
 * The cases the reader finds, as a condition over archive_cases joined with projects; null when the reader finds all. A reader with no way in gets a condition no row meets.
 */
export function caseVisibility(reader: ArchiveReader): SQL | null {
  if (reader.all) return null;
  const parts = partyCondition(reader);
  if (reader.auditor) parts.push(eq(archiveCases.classification, classification.code.public));
  return parts.length === 0 ? eq(archiveCases.caseId, -1) : (or(...parts) as SQL);
}

/** What the reader may do with one case, from the facts that decide it. */
export function caseAccess(
  reader: ArchiveReader,
  found: {
    constructionId: number;
    organizationId: number | null;
    districtCode: string | null;
    classification: number;
  },
): { visible: boolean; classified: boolean } {
  const party =
    reader.all ||
    (reader.unit !== null && found.constructionId === reader.unit) ||
    (reader.agency !== null && found.organizationId === reader.agency) ||
    (reader.district !== null && found.districtCode === reader.district);
  const visible = party || (reader.auditor && found.classification === classification.code.public);
  return { visible, classified: party };
}

/**
 * The condition (over archive_cases joined with projects) under which the reader reads a case's 内部
 * and 涉密 records: they are a party to it. Null when the reader reads every record.
 */
export function classifiedVisibility(reader: ArchiveReader): SQL | null {
  if (reader.all) return null;
  const parts = partyCondition(reader);
  return parts.length === 0 ? eq(archiveCases.caseId, -1) : (or(...parts) as SQL);
}

/**
 * Who adds drawings and vector data to a case: the archive's keepers, and the agency that surveyed
 * the project (its account and its staff), which produced them.
 */
export const addsToCase = (reader: ArchiveReader, found: { organizationId: number | null }) =>
  reader.all || (reader.agency !== null && found.organizationId === reader.agency);

/** Administrators and the authority keep the archive: they edit metadata and set a case's level. */
export const keepsArchive = (reader: ArchiveReader) => reader.all;
