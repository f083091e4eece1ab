/**
 * Demo certificates (issue 22), written after the projects in the seed's transaction (they read the
 * seeded rows, so they are not part of the demo digest): a few contract-filed projects are taken through 测绘中, 成果已提交 and 已验收 (log lines by moveProject) and issued their
 * certificate by the real issueCertificate (project → 已办结, PDF with its QR code, messages); the
 * authority revokes the last of owner01's and agency01's with a reason. So owner01's, agency01's,
 * authority01's and district01's certificate lists are not empty, and the verification page has a
 * valid and a revoked number to show.
 *
 * Chosen among status-3 projects with an accepted authorization: two of owner01's and one of agency01's
 * (another agency's and another owner's), so each of their lists shows some. They are moved directly,
 * their results written adopted (writeProjectResults of the results' seed) before the certificate. agency01's first two status-3 projects are left alone:
 * its to-do still offers 新建办件.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { issueCertificate, markRevoked } from '@server/modules/certificates';
import { moveProject } from '@server/modules/projects';
import { roles } from '@shared/domain/roles';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { AGENCY_ORG_ID, DAY, HOUR, OWNER_UNIT_ID, ids } from './demo-context';
import { firstDemoFile, writeProjectResults } from './demo-results';
import { departmentIds } from './reference';
import type { StoreFile } from './index';

const CERTIFIED = 3;
const LEFT_FOR_CASES = 2;
/**
 * More, in district01's district: its sub-office's list (resDetailsSubOffice) shows completed
 * projects with their certificate numbers, not only ones the demo generator made 已办结 without one.
 */
const CERTIFIED_IN_DISTRICT = 2;

export async function seedDemoCertificates(
  t: Queryable,
  options: { now: Date; storeFile: StoreFile; publicUrl: string },
): Promise<number> {
  const candidates = await t
    .selectDistinct({
      projectId: schema.projects.pkid,
      constructionId: schema.projects.constructionId,
      organizationId: schema.projectAuthorizations.organizationId,
      districtCode: schema.projects.districtCode,
    })
    .from(schema.projects)
    .innerJoin(schema.projectAuthorizations, eq(schema.projectAuthorizations.projectId, schema.projects.pkid))
    .where(
      and(
        eq(schema.projects.status, projectStatus.code.contractFiled),
        eq(schema.projectAuthorizations.state, authorizationState.code.accepted),
      ),
    )
    .orderBy(asc(schema.projects.pkid));
  const kept = new Set(
    candidates
      .filter((row) => row.organizationId === AGENCY_ORG_ID)
      .slice(0, LEFT_FOR_CASES)
      .map((row) => row.projectId),
  );
  const open = candidates.filter((row) => !kept.has(row.projectId));
  const ownerRows = open
    .filter((row) => row.constructionId === OWNER_UNIT_ID)
    .sort((a, b) => Number(b.organizationId === AGENCY_ORG_ID) - Number(a.organizationId === AGENCY_ORG_ID));
  const agencyRows = open.filter((row) => row.organizationId === AGENCY_ORG_ID);
  // Two of owner01's and one of agency01's (or whatever there is), so both lists show some.
  const chosen: number[] = [];
  for (const row of [...ownerRows.slice(0, 2), ...agencyRows, ...ownerRows.slice(2)])
    if (chosen.length < CERTIFIED && !chosen.includes(row.projectId)) chosen.push(row.projectId);
  const [office] = await t
    .select({ code: schema.departments.districtCode })
    .from(schema.departments)
    .where(eq(schema.departments.pkid, departmentIds.district));
  const revokedIndex = chosen.length - 1;
  const inDistrict = new Set(
    open
      .filter((row) => row.districtCode === office?.code && !chosen.includes(row.projectId))
      .map((row) => row.projectId),
  );
  chosen.push(...[...inDistrict].slice(0, CERTIFIED_IN_DISTRICT));
  if (chosen.length === 0) return 0;
  const people = await t
    .select({ pkid: schema.users.pkid, username: schema.users.username })
    .from(schema.users)
    .where(inArray(schema.users.pkid, [ids.staff, ids.auditor, ids.authority]));
  const person = (pkid: number) => people.find((p) => p.pkid === pkid) ?? { pkid, username: '系统' };
  const staff = person(ids.staff);
  const auditor = person(ids.auditor);
  const authority = person(ids.authority);
  // Their results, adopted (the first stored demo document as every file), as the results' seed does.
  const file = await firstDemoFile(t);

  let clock = options.now;
  const context = {
    storage: {
      async write(bytes: Uint8Array, name: string, contentType: string) {
        const { key } = await options.storeFile(bytes, name, contentType);
        return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
      },
    },
    config: { publicUrl: options.publicUrl },
    services: { now: () => clock },
  };
  const issued: number[] = [];
  for (const [index, projectId] of chosen.entries()) {
    // Each step comes after the project's story so far (its filing), an hour apart, so its log ends
    // at its status.
    const [story] = await t
      .select({ last: max(schema.projectLogs.createdAt) })
      .from(schema.projectLogs)
      .where(eq(schema.projectLogs.projectId, projectId));
    const planned = options.now.getTime() - (22 - index * 4) * DAY;
    clock = new Date(Math.max(planned, story?.last?.getTime() ?? planned));
    for (const [to, actor, content] of [
      [projectStatus.code.surveying, staff, '开始测绘'],
      [projectStatus.code.resultSubmitted, staff, '提交测绘成果'],
      [projectStatus.code.accepted, auditor, '测绘成果验收通过'],
    ] as const) {
      clock = new Date(clock.getTime() + HOUR);
      await moveProject(t, { projectId, at: clock, to, actor, content });
    }
    if (file)
      await writeProjectResults(
        t,
        { file, auditorName: auditor.username },
        { projectId, status: projectStatus.code.accepted, org: 0 },
        { submittedAt: new Date(clock.getTime() - 2 * HOUR), mayReturn: false },
      );
    clock = new Date(clock.getTime() + HOUR);
    const certificate = await issueCertificate(context, t, projectId, auditor);
    await t
      .update(schema.projectDemands)
      .set({ status: projectStatus.code.completed })
      .where(eq(schema.projectDemands.projectId, projectId));
    issued.push(certificate.pkid);
  }
  // The last of owner01's and agency01's is revoked (the district's stay valid).
  const revoked = issued[revokedIndex];
  if (revokedIndex > 0 && revoked !== undefined)
    await markRevoked(
      t,
      revoked,
      { ...authority, roleId: roles.authority.id },
      '抽查发现房产面积测算有误，成果需重新测绘',
      new Date(Math.max(options.now.getTime() - 2 * DAY, clock.getTime() + DAY)),
    );
  return issued.length;
}
