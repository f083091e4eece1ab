/**
 * What the results tests share: a signed-in app over the demo accounts, projects filed for agency01
 * in a given district, files attached as the archive's upload attaches them, and a submission.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { departments, districts, files, projects } from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { departmentIds } from '@server/db/departments';
import { AGENCY_ORG_ID, ids } from '@server/seed/demo-context';
import { json, type SignedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { roles } from '@shared/domain/roles';
import { attachResultFile } from './submission';

export const agency01: SessionUser = {
  pkid: ids.agency,
  loginname: 'agency01',
  username: 'agency01',
  depid: 0,
  depname: null,
  userphone: null,
  useremail: null,
  userlevel: 0,
  userstate: 1,
  roleIds: [roles.agency.id],
  isAdmin: false,
  sessionHash: '',
  tgtHash: '',
};

/** Two districts of the city (district01's office is put in the first by `placeOffice`). */
async function twoDistrictsOf(env: SignedInTestApp) {
  const rows = await env.ctx.db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11)`)
    .orderBy(districts.districtCode)
    .limit(2);
  return rows.map((row) => row.code) as [string, string];
}

/** A stored file and its `files` row, as the archive's upload writes one. */
async function storedFileOf(env: SignedInTestApp, name: string) {
  const stored = await env.ctx.storage.write(new TextEncoder().encode(`%PDF-1.7\n${name}\n`));
  const [row] = await env.ctx.db
    .insert(files)
    .values({
      originalName: name,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      createdBy: ids.agency,
    })
    .returning({ id: files.id });
  return row!.id;
}

export function resultsTestKit(env: SignedInTestApp) {
  const { as } = env;
  const twoDistricts = () => twoDistrictsOf(env);
  const placeOffice = (code: string | null) =>
    env.ctx.db
      .update(departments)
      .set({ districtCode: code })
      .where(eq(departments.pkid, departmentIds.district));
  const storedFile = (name: string) => storedFileOf(env, name);
  const get = (who: string, path: string, query: Record<string, string | number> = {}) =>
    as(who).fetch(
      `${path.startsWith('/') ? '' : '/smsend/'}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    );
  const post = (who: string, path: string, body: Record<string, unknown>, method = 'POST') =>
    as(who).fetch(`${path.startsWith('/') ? '' : '/smsend/'}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const attach = async (resultId: number, name: string) => {
    const fileId = await storedFile(name);
    return env.ctx.db.transaction((tx) =>
      attachResultFile(tx, resultId, fileId, agency01, env.ctx.services.now()),
    );
  };
  const itemsOf = async (who: string, projectId: number) => {
    const response = await get(who, 'projectAccept/query', { projectId });
    expect(response.status).toBe(200);
    return (await json(response)).object as {
      projectName: string;
      items: { resultId: number; name: string; files: { fileId: string; byAuditor: boolean }[] }[];
    };
  };

  /** A project of owner01 in `districtCode`, its demand (人防测量 404) accepted by agency01, filed (3). */
  const filedProject = async (districtCode: string, name = '分局成果测试项目') => {
    const made = await insertDemand(env.ctx.db, {
      name,
      code: 'FJ',
      districtCode,
      items: [404],
      offer: { organizationId: AGENCY_ORG_ID, state: 0, responded: false },
    });
    const accepted = await post('agency01', 'project/authorization/accept', { id: made.authorizationId });
    expect(accepted.status).toBe(200);
    await env.ctx.db.update(projects).set({ status: 3 }).where(eq(projects.pkid, made.projectId));
    return made;
  };

  /** A filed project whose every item has a file and whose results are submitted (5). */
  const submittedProject = async (districtCode: string, name?: string) => {
    const made = await filedProject(districtCode, name);
    const { items } = await itemsOf('agency01', made.projectId);
    for (const item of items) await attach(item.resultId, `${item.name}.pdf`);
    const saved = await post('agency01', 'projectAccept/save', { projectId: made.projectId });
    expect(saved.status).toBe(200);
    return { ...made, items };
  };

  return {
    get,
    post,
    twoDistricts,
    placeOffice,
    storedFile,
    attach,
    itemsOf,
    filedProject,
    submittedProject,
  };
}
