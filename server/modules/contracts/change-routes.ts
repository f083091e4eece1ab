/** Filing changes and the flow views (shared/contracts/contracts.ts); rules in changes.ts and flow.ts. */
import { implement, reply } from '@server/lib/contracts';
import { fileResponse } from '@server/modules/hall/file-response';
import { contractChangeCalls, contractFlowCalls } from '@shared/contracts/contracts';
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
import { flowSummary, getFlow, listFlow } from './flow';

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
    const response = fileResponse(ctx.storage, await changeFile(ctx.db, user, id), 'attachment');
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  },
}));

export const contractFlowRoutes = implement(contractFlowCalls, (ctx) => ({
  query: (input, { user }) => listFlow(ctx.db, user, input),
  queryOne: ({ contractId }, { user }) => getFlow(ctx.db, user, contractId),
  summary: (_input, { user }) => flowSummary(ctx.db, user),
}));
