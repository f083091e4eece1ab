/** Filing changes and the flow views (shared/calls/contracts.ts); rules in changes.ts and flow/. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { contractChangeCalls, contractFlowCalls } from '@shared/calls/contracts';
import { auditStatus } from '@shared/domain/statuses';
import { contractChangeMessages } from '@shared/validation/contract-changes';
import {
  changeFile,
  decideContractChange,
  getContractChange,
  listChanges,
  listContractChanges,
  saveContractChange,
  transferContractChange,
} from './changes';
import { getFlow } from './flow/get-flow';
import { flowSummary, listFlow } from './flow/list-flow';

export const contractChangeRoutes = implement(contractChangeCalls, (ctx) => ({
  save: async (input, { user }) => {
    const change = await saveContractChange(ctx, user, input);
    const submitted = change.auditStatus === auditStatus.code.pending;
    return reply(change, submitted ? contractChangeMessages.submitted : contractChangeMessages.saved);
  },
  toDoList: (input, { user }) => listChanges(ctx.db, user, input, 'todo'),
  doneList: (input, { user }) => listChanges(ctx.db, user, input, 'done'),
  query: (input, { user }) => listContractChanges(ctx.db, user, input),
  queryOne: ({ id }, { user }) => getContractChange(ctx.db, user, id),
  approve: async (input, { user }) => {
    const result = await decideContractChange(ctx, user, input);
    return reply(
      result,
      result.auditStatus === auditStatus.code.approved ? '审核通过，变更已生效' : '已退回申请人修改',
    );
  },
  transferTask: async (input, { user }) => reply(await transferContractChange(ctx, user, input), '转办成功'),
  document: async ({ id }, { user }) => {
    return privately(await fileResponse(ctx.storage, await changeFile(ctx.db, user, id), 'attachment'));
  },
}));

export const contractFlowRoutes = implement(contractFlowCalls, (ctx) => ({
  query: (input, { user }) => listFlow(ctx.db, user, input),
  queryOne: ({ contractId }, { user }) => getFlow(ctx.db, user, contractId),
  summary: (_input, { user }) => flowSummary(ctx.db, user),
}));
