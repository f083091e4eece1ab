/**
 * Filing changes and the flow views through the real HTTP app (issue 14), on the demo data: the demo
 * changes in the auditor's lists, a party's change of a filed contract (refused for a contract not
 * filed, for someone not a party, for no change and for bad input, each changing nothing), reject →
 * edit → resubmit → approve applying the new amount while the previous version stays readable, and
 * each contract's flow with its current step and holder.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractChanges, contracts } from '@server/db/schema';
import { signedInTestApp, json } from '@server/modules/identity/test-support';

const env = signedInTestApp({
  accounts: ['agency01', 'owner01', 'authority01', 'auditor01', 'staff01', 'admin'],
  projects: 120,
});
const { as } = env;

const post = (who: string, path: string, fields: Record<string, string>) =>
  env.postForm(who, `/smsend/${path}`, fields);
const multipart = (who: string, path: string, fields: Record<string, string>) =>
  env.postMultipart(who, `/smsend/${path}`, fields);

async function agencyContract(status: number, skip = 0) {
  const rows = await env.ctx.db
    .select({
      id: contracts.contractId,
      amount: contracts.amount,
      startOn: contracts.startOn,
      endOn: contracts.endOn,
      paymentTerms: contracts.paymentTerms,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, 1),
        eq(contracts.status, status),
        sql`not exists (select 1 from contract_changes g where g.contract_id = ${contracts.contractId})`,
      ),
    )
    .orderBy(asc(contracts.contractId));
  return rows[skip]!;
}

describe('the demo filing changes', () => {
  it('give the auditor a to-do and a done list, and the authority both', async () => {
    const todo = await json(await post('auditor01', 'contract/change/toDoList', {}));
    expect(todo.total).toBeGreaterThanOrEqual(2);
    expect(todo.rows.every((row: { auditStatus: number }) => row.auditStatus === 1)).toBe(true);
    const done = await json(await post('auditor01', 'contract/change/doneList', {}));
    expect(done.total).toBeGreaterThanOrEqual(2);
    expect(done.rows.map((row: { decidedAs: string }) => row.decidedAs)).toContain('审核通过');
    expect((await json(await post('authority01', 'contract/change/toDoList', {}))).total).toBe(todo.total);
    expect((await json(await post('authority01', 'contract/change/doneList', {}))).total).toBe(done.total);
    // The to-do filters by contract number.
    const one = todo.rows[0];
    const filtered = await json(
      await post('auditor01', 'contract/change/toDoList', { contractNo: one.contractNo }),
    );
    expect(filtered.rows.map((row: { pkid: number }) => row.pkid)).toEqual([one.pkid]);
    // Neither list is for agencies.
    expect((await post('agency01', 'contract/change/toDoList', {})).status).toBe(403);
  });

  it('keep the previous version of an approved change readable and apply the new one', async () => {
    const [approved] = await env.ctx.db
      .select()
      .from(contractChanges)
      .where(eq(contractChanges.auditStatus, 2))
      .limit(1);
    const change = (
      await json(await as('agency01').fetch(`/smsend/contract/change/queryOne?id=${approved!.pkid}`))
    ).object;
    expect(change.before.amount).not.toBe(change.data.amount);
    expect(change.changedFields).toContain('amount');
    expect(change.records.map((record: { decisionLabel: string }) => record.decisionLabel)).toEqual([
      '提交审核',
      '审核通过',
    ]);
    const contract = (
      await json(await as('agency01').fetch(`/smsend/contract/queryOne?contractId=${approved!.contractId}`))
    ).object;
    expect(contract.amount).toBe(change.data.amount);
  });
});

describe('a filing change', () => {
  it('is refused for a contract not filed, for a non-party, without a change and on bad input', async () => {
    const filed = await agencyContract(3, 3);
    const [draft] = await env.ctx.db
      .select({ id: contracts.contractId })
      .from(contracts)
      .where(and(eq(contracts.organizationId, 1), ne(contracts.status, 3)))
      .limit(1);
    const fields = { amount: '123456.78', reason: '测试' };
    const notFiled = await multipart('agency01', 'contract/change/save', {
      contractId: String(draft!.id),
      ...fields,
    });
    expect(notFiled.status).toBe(409);
    expect((await json(notFiled)).message).toBe('只有已备案的合同可以申请备案变更');
    // Staff see the contract but are no party: their role may not even call.
    expect(
      (await multipart('staff01', 'contract/change/save', { contractId: String(filed.id), ...fields }))
        .status,
    ).toBe(403);
    const same = await multipart('agency01', 'contract/change/save', {
      contractId: String(filed.id),
      amount: filed.amount!,
      ...(filed.startOn ? { startOn: filed.startOn } : {}),
      ...(filed.endOn ? { endOn: filed.endOn } : {}),
      ...(filed.paymentTerms ? { paymentTerms: filed.paymentTerms } : {}),
      reason: '没有变化',
    });
    expect(same.status).toBe(400);
    expect((await json(same)).message).toBe('变更内容与现有合同相同，请修改后再提交');
    for (const [input, message] of [
      // One amount rule with drafting (issue 21): positive, at most 1 亿元, whatever the digits.
      [{ amount: '-5' }, '合同金额必须大于 0'],
      [{ amount: '0' }, '合同金额必须大于 0'],
      [{ amount: '0.00' }, '合同金额必须大于 0'],
      [{ amount: '12.345' }, '合同金额应为最多两位小数的数字'],
      [{ amount: '100000000.01' }, '合同金额不能超过 1 亿元，请核对'],
      [{ amount: '5000000000.00' }, '合同金额不能超过 1 亿元，请核对'],
      [{ amount: '1234567890123' }, '合同金额不能超过 1 亿元，请核对'],
      [{ startOn: '2026-05-01', endOn: '2026-04-01' }, '履行结束日期不能早于开始日期'],
      [{ reason: '' }, '请填写变更原因'],
    ] as const) {
      const bad = await multipart('agency01', 'contract/change/save', {
        contractId: String(filed.id),
        ...fields,
        ...input,
      });
      expect(bad.status, message).toBe(400);
      expect((await json(bad)).message).toBe(message);
    }
    const [{ n }] = (await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractChanges)
      .where(eq(contractChanges.contractId, filed.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('is not approved with an amount outside the rule, even one stored before it (issue 21)', async () => {
    const filed = await agencyContract(3, 6);
    const asked = await multipart('agency01', 'contract/change/save', {
      contractId: String(filed.id),
      amount: '66666.00',
      reason: '调整金额',
    });
    expect(asked.status).toBe(200);
    const change = (await json(asked)).data;
    // What the old rule let through (cap 100 亿): 5,000,000,000.00.
    await env.ctx.db.execute(
      sql`update contract_changes set data = jsonb_set(data, '{amount}', '"5000000000.00"') where pkid = ${change.pkid}`,
    );
    const approved = await post('auditor01', 'contract/change/approve', {
      id: String(change.pkid),
      auditStatus: '2',
    });
    expect(approved.status).toBe(409);
    expect((await json(approved)).message).toBe('变更后的合同金额不能超过 1 亿元，请退回申请');
    const [contract] = await env.ctx.db
      .select({ amount: contracts.amount })
      .from(contracts)
      .where(eq(contracts.contractId, filed.id));
    expect(contract?.amount).toBe(filed.amount);
    // The auditor can still return it.
    const rejected = await post('auditor01', 'contract/change/approve', {
      id: String(change.pkid),
      auditStatus: '3',
      opinion: '金额超出上限',
    });
    expect(rejected.status).toBe(200);
  });

  it('goes reject → edit → resubmit → approve; only the approval applies it', async () => {
    const filed = await agencyContract(3, 4);
    const asked = await multipart('agency01', 'contract/change/save', {
      contractId: String(filed.id),
      amount: '88888.00',
      startOn: '2026-03-01',
      endOn: '2026-09-30',
      paymentTerms: '验收后一次付清',
      reason: '增加测绘范围',
    });
    expect(asked.status).toBe(200);
    const change = (await json(asked)).data;
    expect(change.auditStatus).toBe(1);
    expect(change.before.amount).toBe(filed.amount);
    // A second change while this one is pending is refused.
    const again = await multipart('agency01', 'contract/change/save', {
      contractId: String(filed.id),
      amount: '77777.00',
      reason: '再改',
    });
    expect(again.status).toBe(409);
    // The agency cannot decide; the auditor sees it side by side and rejects with an opinion.
    expect(
      (await post('agency01', 'contract/change/approve', { id: String(change.pkid), auditStatus: '2' }))
        .status,
    ).toBe(403);
    const noOpinion = await post('auditor01', 'contract/change/approve', {
      id: String(change.pkid),
      auditStatus: '3',
    });
    expect(noOpinion.status).toBe(400);
    const rejected = await post('auditor01', 'contract/change/approve', {
      id: String(change.pkid),
      auditStatus: '3',
      opinion: '请补充补充协议',
    });
    expect(rejected.status).toBe(200);
    let contract = (
      await json(await as('agency01').fetch(`/smsend/contract/queryOne?contractId=${filed.id}`))
    ).object;
    expect(contract.amount).toBe(filed.amount);
    const seen = (
      await json(await as('agency01').fetch(`/smsend/contract/change/queryOne?id=${change.pkid}`))
    ).object;
    expect(seen.auditStatus).toBe(3);
    expect(seen.canEdit).toBe(true);
    // Edited and resubmitted: the same request, pending again.
    const resubmitted = await multipart('agency01', 'contract/change/save', {
      contractId: String(filed.id),
      amount: '99999.50',
      startOn: '2026-03-01',
      endOn: '2026-09-30',
      paymentTerms: '验收后一次付清',
      reason: '增加测绘范围，已附补充协议',
    });
    expect(resubmitted.status).toBe(200);
    expect((await json(resubmitted)).data.pkid).toBe(change.pkid);
    const approved = await post('auditor01', 'contract/change/approve', {
      id: String(change.pkid),
      auditStatus: '2',
    });
    expect(approved.status).toBe(200);
    contract = (await json(await as('agency01').fetch(`/smsend/contract/queryOne?contractId=${filed.id}`)))
      .object;
    expect(contract.amount).toBe('99999.50');
    expect(contract.endOn).toBe('2026-09-30');
    expect(contract.paymentTerms).toBe('验收后一次付清');
    const history = await json(
      await as('agency01').fetch(`/smsend/contract/change/query?contractId=${filed.id}`),
    );
    expect(history.total).toBe(1);
    expect(history.rows[0].amountBefore).toBe(filed.amount);
    expect(history.rows[0].amountAfter).toBe('99999.50');
    const done = (
      await json(await as('agency01').fetch(`/smsend/contract/change/queryOne?id=${change.pkid}`))
    ).object;
    expect(done.before.amount).toBe(filed.amount);
    expect(done.records.map((record: { decisionLabel: string }) => record.decisionLabel)).toEqual([
      '提交审核',
      '审核不通过',
      '提交审核',
      '审核通过',
    ]);
    expect(done.canEdit).toBe(false);

    // The flow shows the steps in order, the filing change last.
    const flow = (
      await json(await as('agency01').fetch(`/smsend/contract/flow/queryOne?contractId=${filed.id}`))
    ).object;
    const labels: string[] = flow.events.map((event: { label: string }) => event.label);
    expect(labels[0]).toBe('起草合同');
    const order = [
      '提交合同备案',
      '合同备案审核通过',
      '提交第 1 次备案变更',
      '第 1 次备案变更审核不通过',
      '重新提交第 1 次备案变更',
      '第 1 次备案变更审核通过，变更生效（合同金额',
    ];
    const positions = order.map((label) => labels.findIndex((text) => text.startsWith(label)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(flow.step).toBe('filed');
  });

  it('is hidden from other agencies: another party’s change answers 404', async () => {
    const [theirs] = await env.ctx.db
      .select({ pkid: contractChanges.pkid })
      .from(contractChanges)
      .innerJoin(contracts, eq(contracts.contractId, contractChanges.contractId))
      .where(ne(contracts.organizationId, 1))
      .limit(1);
    if (theirs)
      expect((await as('agency01').fetch(`/smsend/contract/change/queryOne?id=${theirs.pkid}`)).status).toBe(
        404,
      );
    expect((await as('agency01').fetch('/smsend/contract/change/queryOne?id=999999')).status).toBe(404);
  });
});

describe('a transfer', () => {
  it('hands a pending change to another reviewer with a reason; it leaves the first one’s to-do', async () => {
    const todo = await json(await post('auditor01', 'contract/change/toDoList', {}));
    const task = todo.rows[0];
    const detail = (
      await json(await as('auditor01').fetch(`/smsend/contract/change/queryOne?id=${task.pkid}`))
    ).object;
    expect(detail.review.allowed).toContain('transfer');
    const target = detail.review.reviewers.find((r: { pkid: number }) => r.pkid !== 6);
    expect(target).toBeDefined();
    const noReason = await post('auditor01', 'contract/change/transferTask', {
      id: String(task.pkid),
      transferStaffId: String(target.pkid),
    });
    expect(noReason.status).toBe(400);
    const moved = await post('auditor01', 'contract/change/transferTask', {
      id: String(task.pkid),
      askReason: '出差，请代为审核',
      transferStaffId: String(target.pkid),
    });
    expect(moved.status).toBe(200);
    const after = await json(await post('auditor01', 'contract/change/toDoList', {}));
    expect(after.rows.map((row: { pkid: number }) => row.pkid)).not.toContain(task.pkid);
    const done = await json(await post('auditor01', 'contract/change/doneList', {}));
    expect(done.rows.find((row: { pkid: number }) => row.pkid === task.pkid)?.decidedAs).toBe('转办');
    const flow = (
      await json(
        await as('authority01').fetch(`/smsend/contract/flow/queryOne?contractId=${task.contractId}`),
      )
    ).object;
    expect(flow.step).toBe('changing');
    expect(flow.holder).toBe(target.username);
    expect(flow.events.at(-1).opinion).toBe('出差，请代为审核');
  });
});

describe('the flow views', () => {
  it('list each visible contract with its step and holder, filtered by step', async () => {
    const all = await json(await post('agency01', 'contract/flow/query', { pageSize: '100' }));
    const [own] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(eq(contracts.organizationId, 1));
    expect(all.total).toBe(own!.n);
    const changing = await json(await post('agency01', 'contract/flow/query', { step: 'changing' }));
    expect(changing.total).toBeGreaterThan(0);
    expect(changing.rows.some((row: { holder: string }) => row.holder.includes('审核人员'))).toBe(true);
    const summaryAnswer = await json(await as('agency01').fetch('/smsend/contract/flow/summary'));
    expect(summaryAnswer.success, JSON.stringify(summaryAnswer)).toBe(true);
    const summary = summaryAnswer.object;
    expect(summary.total).toBe(own!.n);
    expect(summary.steps.find((step: { key: string }) => step.key === 'changing').count).toBe(changing.total);
    expect((await post('agency01', 'contract/flow/query', { step: 'nope' })).status).toBe(400);
    // The owner sees its unit's contracts in the process view.
    expect(
      (await json(await as('owner01').fetch('/smsend/contract/flow/summary'))).object.total,
    ).toBeGreaterThan(0);
  });
});
