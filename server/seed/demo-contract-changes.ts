/**
 * Demo filing changes (issue 14), after the projects, in the seed's transaction: agency01's filed
 * contracts get one approved change (applied: the contract carries the new amount and terms, the
 * change keeps the old ones), one rejected with the auditor's opinion, and one pending (a to-do of
 * auditor01 on 合同备案变更); owner01's unit asks for one more, pending too. Built from the stored
 * rows with fixed offsets from `now`, so they take nothing from the random streams and leave the
 * demo digest as it was. Their review items come from backfillReviewItems, which runs next.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import type { ContractChangeFields } from '@shared/domain/contract-changes';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import { fromCents, toCents } from '@shared/money';
import { AGENCY_ORG_ID, DAY, HOUR, ids, OWNER_UNIT_ID } from './demo-context';

const k = schema.contractChanges;
const c = schema.contracts;

/** amount × factor/100, to the cent. */
const scaled = (amount: string | null, factor: bigint) =>
  fromCents(((toCents(amount) ?? 0n) * factor) / 100n);

export async function seedDemoContractChanges(t: Queryable, now: Date): Promise<number> {
  const filedOf = (where: ReturnType<typeof eq>) =>
    t
      .select({
        contractId: c.contractId,
        amount: c.amount,
        startOn: c.startOn,
        endOn: c.endOn,
        paymentTerms: c.paymentTerms,
        fileId: c.fileId,
        signedOn: c.signedOn,
        filedAt: c.filedAt,
      })
      .from(c)
      .where(and(where, eq(c.status, contractStatus.code.filed)))
      .orderBy(asc(c.contractId));
  const agencyFiled = await filedOf(eq(c.organizationId, AGENCY_ORG_ID));
  const ownerFiled = await filedOf(
    and(eq(c.constructionId, OWNER_UNIT_ID), ne(c.organizationId, AGENCY_ORG_ID)) as ReturnType<typeof eq>,
  );
  const names = new Map(
    (await t.select({ pkid: schema.users.pkid, username: schema.users.username }).from(schema.users)).map(
      (user) => [user.pkid, user.username],
    ),
  );
  const at = (ms: number) => new Date(now.getTime() - ms);
  const plans: {
    contract: (typeof agencyFiled)[number] | undefined;
    applicantId: number;
    status: number;
    askedAt: Date;
    decidedAt: Date | null;
    edit: (before: ContractChangeFields) => Partial<ContractChangeFields>;
    reason: string;
    opinion: string | null;
  }[] = [
    {
      contract: agencyFiled[0],
      applicantId: ids.agency,
      status: auditStatus.code.approved,
      askedAt: at(20 * DAY),
      decidedAt: at(19 * DAY),
      edit: (before: ContractChangeFields) => ({
        amount: scaled(before.amount, 110n),
        paymentTerms: '合同签订后七个工作日内支付百分之三十，成果验收合格后三十日内付清余款',
      }),
      reason: '建设单位追加竣工测量的图件数量，双方协商增加合同金额',
      opinion: '变更依据充分，同意变更',
    },
    {
      contract: agencyFiled[1],
      applicantId: ids.agency,
      status: auditStatus.code.rejected,
      askedAt: at(6 * DAY),
      decidedAt: at(5 * DAY),
      edit: (before: ContractChangeFields) => ({
        amount: scaled(before.amount, 125n),
      }),
      reason: '外业工作量增加',
      opinion: '变更金额幅度较大，请补充双方签字的补充协议后重新提交',
    },
    {
      contract: agencyFiled[2],
      applicantId: ids.agency,
      status: auditStatus.code.pending,
      askedAt: at(1 * DAY),
      decidedAt: null,
      edit: (before: ContractChangeFields) => ({
        amount: scaled(before.amount, 105n),
        endOn: new Date(now.getTime() + 60 * DAY).toISOString().slice(0, 10),
      }),
      reason: '因现场条件变化，测绘工期顺延两个月，费用相应调整',
      opinion: null,
    },
    {
      contract: ownerFiled[0],
      applicantId: ids.owner,
      status: auditStatus.code.pending,
      askedAt: at(2 * DAY + 3 * HOUR),
      decidedAt: null,
      edit: () => ({
        paymentTerms: '成果验收合格后十五个工作日内一次付清',
      }),
      reason: '单位付款审批流程调整，付款期限缩短',
      opinion: null,
    },
  ];
  let added = 0;
  for (const plan of plans) {
    const contract = plan.contract;
    if (!contract) continue;
    const before: ContractChangeFields = {
      amount: contract.amount,
      startOn: contract.startOn,
      endOn: contract.endOn,
      paymentTerms: contract.paymentTerms,
      fileId: contract.fileId,
    };
    const data: ContractChangeFields = { ...before, ...plan.edit(before) };
    const [row] = await t
      .insert(k)
      .values({
        contractId: contract.contractId,
        applicantId: plan.applicantId,
        before,
        data,
        reason: plan.reason,
        auditStatus: plan.status,
        appliedAt: plan.status === auditStatus.code.approved ? plan.decidedAt : null,
        createdAt: plan.askedAt,
        updatedAt: plan.decidedAt ?? plan.askedAt,
      })
      .returning({ pkid: k.pkid });
    if (!row) continue;
    const applicantRole = plan.applicantId === ids.owner ? roles.owner.id : roles.agency.id;
    const records: (typeof schema.auditRecords.$inferInsert)[] = [
      {
        subjectType: auditSubject.code.contractChange,
        subjectId: row.pkid,
        decision: auditDecision.code.submitted,
        auditorId: plan.applicantId,
        auditorName: names.get(plan.applicantId) ?? null,
        roleId: applicantRole,
        fromStatus: auditStatus.code.draft,
        toStatus: auditStatus.code.pending,
        auditedAt: plan.askedAt,
      },
    ];
    if (plan.decidedAt)
      records.push({
        subjectType: auditSubject.code.contractChange,
        subjectId: row.pkid,
        decision:
          plan.status === auditStatus.code.approved
            ? auditDecision.code.approved
            : auditDecision.code.rejected,
        opinion: plan.opinion,
        auditorId: ids.auditor,
        auditorName: names.get(ids.auditor) ?? null,
        roleId: roles.auditor.id,
        fromStatus: auditStatus.code.pending,
        toStatus: plan.status,
        auditedAt: plan.decidedAt,
      });
    await t.insert(schema.auditRecords).values(records);
    // An approved change is the contract's content now.
    if (plan.status === auditStatus.code.approved && plan.decidedAt)
      await t
        .update(c)
        .set({ ...data, updatedAt: plan.decidedAt })
        .where(eq(c.contractId, contract.contractId));
    added += 1;
  }
  return added;
}
