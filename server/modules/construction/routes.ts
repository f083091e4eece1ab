/** Construction units and their verification (shared/calls/construction.ts); rules in service.ts. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { metadataOptions } from '@server/lib/select-options';
import { constructionCalls } from '@shared/calls/construction';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { constructionMessages } from '@shared/validation/construction';
import {
  decideUnit,
  getOwnUnit,
  getUnit,
  latestRejection,
  listUnitDone,
  listUnitTodo,
  saveOwnUnit,
  unitAttachmentFile,
  unitTimeline,
} from './service';
import { decideUnitChange, getUnitChange, listUnitChangeTodo, saveUnitChange } from './change-service';

export const constructionRoutes = implement(constructionCalls, (ctx) => {
  const { db, storage } = ctx;
  return {
    metadata: ({ x }) => metadataOptions(db, x, { auditStatus, attachmentKind: constructionAttachmentKind }),
    querySelf: (_input, { user }) => getOwnUnit(db, user),
    updateSelf: async (input, { user }) =>
      reply(
        await saveOwnUnit(ctx, user, input),
        input.action === 'submit' ? constructionMessages.submitted : constructionMessages.saved,
      ),
    queryOne: ({ constructionId }, { user }) => getUnit(db, user, constructionId),
    todo: (input, { user }) => listUnitTodo(db, user, input),
    done: (input, { user }) => listUnitDone(db, user, input),
    approve: async (input, { user }) =>
      reply(
        await decideUnit(ctx, user, input),
        input.auditStatus === auditStatus.code.approved ? '认证通过' : '已退回认证申请',
      ),
    auditInfo: ({ constructionId }, { user }) => unitTimeline(db, user, constructionId),
    rejectView: ({ constructionId }, { user }) => latestRejection(db, user, constructionId),
    update: async (input, { user }) =>
      reply(
        await saveUnitChange(ctx, user, input),
        input.action === 'submit' ? constructionMessages.submitted : constructionMessages.saved,
      ),
    queryOneChange: ({ id }, { user }) => getUnitChange(db, user, id),
    toDoChange: (input, { user }) => listUnitChangeTodo(db, user, input),
    approveChange: async (input, { user }) =>
      reply(
        await decideUnitChange(ctx, user, input),
        input.auditStatus === auditStatus.code.approved ? '审核通过，变更已生效' : '已退回变更申请',
      ),
    previewFile: async ({ id }, { user }) => {
      return privately(await fileResponse(storage, await unitAttachmentFile(db, user, id), 'inline'));
    },
  };
});
