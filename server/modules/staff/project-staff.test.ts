/**
 * agentstaff/queryStaffByProjectId through the HTTP app: the authorized agency's people by queryType,
 * for the owner, that agency, its staff and the supervisors; another agency's or owner's project 404.
 */
import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations, agentStaff, constructionUnits, districts } from '@server/db/schema';
import { AGENCY_ORG_ID, OWNER_UNIT_ID } from '@server/seed/demo-context';
import { signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { auditStatus, authorizationState } from '@shared/domain/statuses';

const env = signedInTestApp();

interface Person {
  staffId: number;
  organizationId: number;
  auditStatus: number;
  hasAccount: boolean;
}
const ask = (who: string, query: string) =>
  env.as(who).fetch(`/smsend/agentstaff/queryStaffByProjectId?${query}`);
const people = async (who: string, query: string) => {
  const response = await ask(who, query);
  expect(response.status, `${who} ${query}`).toBe(200);
  return ((await response.json()) as { object: Person[] }).object;
};

/** A released project of `constructionId` with one demand, accepted by `organizationId`. */
async function authorizedProject(constructionId: number, organizationId: number): Promise<number> {
  const [district] = await env.ctx.db.select({ code: districts.districtCode }).from(districts).limit(1);
  const { projectId } = await insertDemand(env.ctx.db, {
    name: '人员查询测试项目',
    code: 'RY',
    districtCode: district!.code,
    constructionId,
    offer: { organizationId, state: authorizationState.code.accepted, responded: false },
  });
  return projectId;
}

let made: { own: number; elsewhere: number } | undefined;
/** owner01's project accepted by agency01, and another owner's accepted by another agency. */
async function authorizedProjects() {
  if (made) return made;
  const [otherUnit] = await env.ctx.db
    .select({ id: constructionUnits.constructionId })
    .from(constructionUnits)
    .where(ne(constructionUnits.constructionId, OWNER_UNIT_ID))
    .limit(1);
  const [otherOrg] = await env.ctx.db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(ne(agentOrganizations.organizationId, AGENCY_ORG_ID))
    .limit(1);
  made = {
    own: await authorizedProject(OWNER_UNIT_ID, AGENCY_ORG_ID),
    elsewhere: await authorizedProject(otherUnit!.id, otherOrg!.id),
  };
  return made;
}

describe('agentstaff/queryStaffByProjectId', () => {
  it("lists the authorized agency's people by queryType for every party of the project", async () => {
    const { own } = await authorizedProjects();
    // One person with a login account and one not yet approved, so each queryType narrows visibly.
    const staff = await env.ctx.db
      .select({ staffId: agentStaff.staffId, userId: agentStaff.userId, status: agentStaff.auditStatus })
      .from(agentStaff)
      .where(eq(agentStaff.organizationId, AGENCY_ORG_ID));
    expect(staff.some((s) => s.userId !== null)).toBe(true);
    expect(staff.some((s) => s.status !== auditStatus.code.approved)).toBe(true);

    const all = await people('owner01', `queryType=0&projectId=${own}`);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => p.organizationId === AGENCY_ORG_ID)).toBe(true);
    const approved = await people('owner01', `queryType=1&projectId=${own}`);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.length).toBeLessThan(all.length);
    expect(approved.every((p) => p.auditStatus === auditStatus.code.approved)).toBe(true);
    const withAccount = await people('owner01', `queryType=2&projectId=${own}`);
    expect(withAccount.length).toBeGreaterThan(0);
    expect(withAccount.every((p) => p.hasAccount)).toBe(true);
    expect(withAccount.length).toBeLessThan(all.length);
    // queryType defaults to 0 (every person).
    expect(await people('owner01', `projectId=${own}`)).toEqual(all);

    for (const who of ['agency01', 'staff01', 'authority01', 'auditor01', 'admin'])
      expect(await people(who, `queryType=0&projectId=${own}`)).toEqual(all);
  });

  it('answers 404 to an owner or agency not on the project, 403 to other roles, 400 on bad input', async () => {
    const { own, elsewhere } = await authorizedProjects();
    for (const who of ['owner01', 'agency01', 'staff01'])
      expect((await ask(who, `queryType=0&projectId=${elsewhere}`)).status, who).toBe(404);
    expect((await ask('owner01', 'queryType=0&projectId=999999')).status).toBe(404);
    expect((await ask('district01', `queryType=0&projectId=${own}`)).status).toBe(403);
    expect((await ask('share01', `queryType=0&projectId=${own}`)).status).toBe(403);
    expect((await ask('anonymous', `queryType=0&projectId=${own}`)).status).toBe(401);
    const bad = await ask('owner01', `queryType=3&projectId=${own}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('查询类型只能是 0、1 或 2');
    expect((await ask('owner01', 'queryType=0&projectId=abc')).status).toBe(400);
  });
});
