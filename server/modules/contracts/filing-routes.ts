/** The contract's life from drafting to filing (shared/contracts/contract-filing.ts); rules in filing.ts. */
import { implement, reply } from '@server/lib/contracts';
import { clientIp } from '@server/modules/identity/http';
import { contractFilingCalls } from '@shared/contracts/contract-filing';
import { identityMessages } from '@shared/validation/identity';
import {
  addContract,
  checkContract,
  confirmContract,
  decideFiling,
  deleteContract,
  filingTimeline,
  getApplication,
  listBacklog,
  listDraftable,
  listFilings,
  listPartyDone,
  returnContract,
  sendConfirmCode,
  sendToOwner,
  submitFiling,
  transferFiling,
  updateContract,
} from './filing';

export const contractFilingRoutes = implement(contractFilingCalls, (ctx) => {
  const { db } = ctx;
  return {
    draftable: (input, { user }) => listDraftable(db, user, input),
    add: async (input, { user }) => {
      const id = await addContract(db, user, input);
      return reply(await getApplication(db, user, id), '合同草稿已保存');
    },
    update: async (input, { user }) => {
      await updateContract(db, user, input);
      return reply(await getApplication(db, user, input.contractId), '保存成功');
    },
    check: ({ contractId }, { user }) => checkContract(db, user, contractId),
    remove: async ({ id }, { user }) => {
      await deleteContract(db, user, id);
      return reply({ contractId: id }, '合同草稿已删除');
    },
    queryApply: ({ contractId }, { user }) => getApplication(db, user, contractId),
    sendCode: async ({ contractId }, { user, c }) =>
      reply(await sendConfirmCode(ctx, user, contractId, clientIp(ctx, c)), identityMessages.phoneCodeSent),
    send: async ({ contractId }, { user }) => {
      await sendToOwner(db, user, contractId);
      return reply(await getApplication(db, user, contractId), '已提交建设单位确认');
    },
    confirm: async (input, { user }) => {
      await confirmContract(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同已确认');
    },
    returnBack: async (input, { user }) => {
      await returnContract(db, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同已退回中介机构修改');
    },
    addRecord: async (input, { user }) => {
      await submitFiling(ctx, user, input);
      return reply(await getApplication(db, user, input.contractId), '合同备案已提交，等待审核');
    },
    approve: async (input, { user }) => {
      const result = await decideFiling(db, user, input);
      return reply(
        result,
        input.auditStatus === 2 ? `备案通过，备案编号${result.filingNo ?? ''}` : '备案不通过，已退回中介机构',
      );
    },
    transfer: async (input, { user }) => reply(await transferFiling(db, user, input), '已转办'),
    toDo: (input, { user }) => listFilings(db, user, input, 'todo'),
    done: (input, { user }) => listFilings(db, user, input, 'done'),
    auditInfo: ({ contractId }, { user }) => filingTimeline(db, user, contractId),
    backlog: (input, { user }) => listBacklog(db, user, input),
    queryDoneList: (input, { user }) => listPartyDone(db, user, input),
  };
});
