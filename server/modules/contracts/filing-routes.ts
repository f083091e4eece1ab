/**
 * A contract's life from an accepted authorization to filing (issue 14; shared/calls/
 * contract-filing.ts), one step per file in filing/. Status (contractStatus): 0 草稿 → send → 1 待确认 →
 * owner confirms (SMS code) → 2 已确认, or returns with a reason → 0 (returned); the agency confirms
 * with its SMS code and submits the filing (review subject `contract`: audit status 0/3 → 1), the
 * auditors approve (review-hooks.ts: filing number, status 3, project 2 → 3) or reject (→ 3, the agency
 * may resubmit, or edit: then the contract is a draft again and both confirmations are cleared). Every
 * step writes a project log line and tells the other party. Only the agency's organization account
 * drafts and submits; only the owner's account confirms; another party's contract answers 404 like a
 * missing one (filing/parties.ts).
 */
import { implement, reply } from '@server/lib/calls';
import { clientIp, phoneCodeSentText } from '@server/modules/identity';
import { contractFilingCalls } from '@shared/calls/contract-filing';
import { addContract } from './filing/add-contract';
import { checkContract } from './filing/check-contract';
import { sendConfirmCode } from './filing/confirm-code';
import { confirmContract } from './filing/confirm-contract';
import { decideFiling, filingTimeline, transferFiling } from './filing/decide-filing';
import { deleteContract } from './filing/delete-contract';
import { getApplication } from './filing/get-application';
import { listDraftable } from './filing/list-draftable';
import { listFilings } from './filing/list-filings';
import { listBacklog, listPartyDone } from './filing/list-party-contracts';
import { returnContract } from './filing/return-contract';
import { sendToOwner } from './filing/send-to-owner';
import { submitFiling } from './filing/submit-filing';
import { updateContract } from './filing/update-contract';

export const contractFilingRoutes = implement(contractFilingCalls, (ctx) => {
  const { db } = ctx;
  return {
    draftable: (input, { user }) => listDraftable(db, user, input),
    add: async (input, { user }) => {
      const id = await addContract(ctx, user, input);
      return reply(await getApplication(db, user, id), '合同草稿已保存');
    },
    update: async (input, { user }) => {
      await updateContract(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '保存成功');
    },
    check: ({ contractId }, { user }) => checkContract(db, user, contractId),
    remove: async ({ id }, { user }) => {
      await deleteContract(ctx, user, id);
      return reply({ contractId: id }, '合同草稿已删除');
    },
    queryApply: ({ contractId }, { user }) => getApplication(db, user, contractId),
    sendCode: async ({ contractId }, { user, c }) =>
      reply(await sendConfirmCode(ctx, user, contractId, clientIp(ctx, c)), phoneCodeSentText(ctx)),
    send: async ({ contractId }, { user }) => {
      await sendToOwner(ctx, user, contractId);
      return reply(await getApplication(db, user, contractId), '已提交建设单位确认');
    },
    confirm: async (input, { user }) => {
      await confirmContract(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同已确认');
    },
    returnBack: async (input, { user }) => {
      await returnContract(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同已退回中介机构修改');
    },
    addRecord: async (input, { user }) => {
      await submitFiling(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同备案已提交，等待审核');
    },
    approve: async (input, { user }) => {
      const result = await decideFiling(ctx, user, input);
      return reply(
        result,
        input.auditStatus === 2 ? `备案通过，备案编号${result.filingNo ?? ''}` : '备案不通过，已退回中介机构',
      );
    },
    transfer: async (input, { user }) => reply(await transferFiling(ctx, user, input), '已转办'),
    toDo: (input, { user }) => listFilings(db, user, input, 'todo'),
    done: (input, { user }) => listFilings(db, user, input, 'done'),
    auditInfo: ({ contractId }, { user }) => filingTimeline(db, user, contractId),
    backlog: (input, { user }) => listBacklog(db, user, input),
    queryDoneList: (input, { user }) => listPartyDone(db, user, input),
  };
});
