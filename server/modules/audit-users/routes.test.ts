/**
 * Reviewer assignment (/audituser, /auditAcceptUser) and its effect on the review pool: only holders
 * of the kind's reviewing role can be chosen (400, nothing saved); with reviewers chosen, each new
 * submission goes to the chosen reviewer with the fewest open tasks, only they see it in their to-do
 * and are told; without any, the whole role reviews again.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations, auditUsers, messages, reviewItems, userRoles, users } from '@server/db/schema';
import { signedInTestApp, json } from '@server/modules/identity/test-support';
import { agencyForm } from '@server/modules/agencies/test-support';
import { roles } from '@shared/domain/roles';

let secondReviewer = 0;

const env = signedInTestApp({
  accounts: ['admin', 'authority01', 'authority02', 'agency02', 'agency04'],
  prepare: async () => {
    const [template] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'authority01'));
    const [created] = await env.ctx.db
      .insert(users)
      .values({
        loginname: 'authority02',
        username: '第二审核人',
        loginpwd: template?.loginpwd ?? '',
        depid: template?.depid ?? 1,
      })
      .returning({ pkid: users.pkid });
    secondReviewer = created?.pkid ?? 0;
    await env.ctx.db.insert(userRoles).values({ userId: secondReviewer, roleId: roles.authority.id });
  },
});

const { as } = env;
const post = (who: string, path: string, fields: Record<string, string>) =>
  as(who).fetch(path, { method: 'POST', body: new URLSearchParams(fields) });

async function assignmentCount() {
  const [row] = await env.ctx.db.select({ n: count() }).from(auditUsers);
  return row?.n ?? 0;
}

/** agency04 resubmits its rejected organization unchanged. */
async function resubmit(who: string) {
  const self = (await json(await post(who, '/smsend/agentorg/querySelf', {}))).object;
  const response = await as(who).fetch('/smsend/agentorg/updateSelf', agencyForm(self, { action: 'submit' }));
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return self.organizationId as number;
}

const body17 = '91379902MA3C0DE2X';
const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4\n')], name);

/** A new agency's first application, submitted. */
async function applyAnew(who: string) {
  const { creditCodeCheckCharacter } = await import('@shared/validation/credit-code');
  const body = new FormData();
  const fields: Record<string, string> = {
    orgName: '云州市分配测试测绘有限公司',
    credential: `${body17}${creditCodeCheckCharacter(body17)}`,
    legalPersonName: '张三',
    registrationOrgan: '云州市市场监督管理局',
    qualificationCertNo: '乙测资字37990002',
    qualificationGrade: '2',
    businessScope: '101',
    districtCode: '3799002',
    address: '云州市云中区测试路2号',
    contactName: '李四',
    contactPhone: '13912345679',
    action: 'submit',
  };
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set('licence', pdf('营业执照.pdf'));
  body.set('qualification', pdf('资质证书.pdf'));
  const response = await as(who).fetch('/smsend/agentorg/updateSelf', { method: 'POST', body });
  const answer = await json(response);
  expect(response.status, answer.message).toBe(200);
  return answer.data.organizationId as number;
}

async function assigneeOf(organizationId: number) {
  const [row] = await env.ctx.db
    .select({ assigneeId: reviewItems.assigneeId, status: reviewItems.status })
    .from(reviewItems)
    .where(and(eq(reviewItems.subjectType, 'agent_org'), eq(reviewItems.subjectId, organizationId)));
  return row;
}

describe('reviewer assignment', () => {
  it('only the administrator assigns, and only holders of the reviewing role', async () => {
    expect((await post('authority01', '/smsend/audituser/list', { kind: 'agentorg' })).status).toBe(403);
    const refused = await post('admin', '/smsend/audituser/batchSave', { kind: 'agentorg', userIds: '6' });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe('所选人员不具备该类事项的审核角色');
    expect(await assignmentCount()).toBe(0);
    const candidates = await json(await as('admin').fetch('/smsend/audituser/candidates?kind=agentorg'));
    expect(candidates.object.map((user: { loginname: string }) => user.loginname)).toEqual([
      'authority01',
      'authority02',
    ]);
  });

  it('sends each new task to the assigned reviewer with the fewest open tasks', async () => {
    const saved = await post('admin', '/smsend/audituser/batchSave', {
      kind: 'agentorg',
      userIds: `5,${secondReviewer}`,
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).data.count).toBe(2);
    const listed = await json(await post('admin', '/smsend/audituser/list', { kind: 'agentorg' }));
    expect(listed.total).toBe(2);

    const first = await resubmit('agency04');
    expect(await assigneeOf(first)).toEqual({ assigneeId: 5, status: 1 });
    const todoOf = async (who: string) =>
      (await json(await as(who).fetch('/smsend/agentorg/queryNeedAudit?rows=100'))).rows.map(
        (row: { organizationId: number }) => row.organizationId,
      );
    expect(await todoOf('authority01')).toContain(first);
    expect(await todoOf('authority02')).not.toContain(first);
    const told = await env.ctx.db
      .select({ userId: messages.userId })
      .from(messages)
      .where(eq(messages.messageContent, '有新的中介机构待审核'));
    expect(told.map((row) => row.userId)).toEqual([5]);

    // authority01 now holds one open task, so the next submission goes to authority02.
    const second = await applyAnew('agency02');
    expect(await assigneeOf(second)).toEqual({ assigneeId: secondReviewer, status: 1 });
    // Items submitted before the assignment (held by nobody) stay in every assigned reviewer's to-do.
    expect(await todoOf('authority02')).toContain(second);
    expect(await todoOf('authority02')).not.toContain(first);
    expect(await todoOf('authority01')).not.toContain(second);
    // A task held by one reviewer cannot be decided by the other.
    const refusedByOther = await post('authority02', '/smsend/agentorg/approve', {
      organizationId: String(first),
      auditStatus: '2',
    });
    expect(refusedByOther.status).toBe(403);
  });

  it('without assignments the whole role reviews again', async () => {
    const listed = await json(await post('admin', '/smsend/audituser/list', { kind: 'agentorg' }));
    const ids = listed.rows.map((row: { pkid: number }) => row.pkid).join(',');
    expect((await post('authority01', '/smsend/audituser/batchDelete', { ids })).status).toBe(403);
    expect((await post('admin', '/smsend/auditAcceptUser/batchDelete', { ids })).status).toBe(404);
    expect((await post('admin', '/smsend/audituser/batchDelete', { ids })).status).toBe(200);
    expect(await assignmentCount()).toBe(0);
    const [organization] = await env.ctx.db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.userId, 13));
    await post('authority01', '/smsend/agentorg/approve', {
      organizationId: String(organization?.id),
      auditStatus: '3',
      opinion: '请补充材料',
    });
    await resubmit('agency04');
    expect((await assigneeOf(organization?.id ?? 0))?.assigneeId).toBeNull();
  });
});
