/** Construction units and their verification (shared/contracts/construction.ts); rules in service.ts. */
import { asc } from 'drizzle-orm';
import { districts } from '@server/db/schema';
import { implement, reply } from '@server/lib/contracts';
import { fileResponse } from '@server/modules/hall/file-response';
import { constructionCalls } from '@shared/contracts/construction';
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

const options = (table: { entries: readonly { value: number | string; label: string }[] }) =>
  table.entries.map(({ value, label }) => ({ value, label }));

export const constructionRoutes = implement(constructionCalls, (ctx) => {
  const { db, storage } = ctx;
  return {
    metadata: async ({ x }) => {
      switch (x) {
        case 'auditStatus':
          return options(auditStatus);
        case 'attachmentKind':
          return options(constructionAttachmentKind);
        case 'district':
          return db
            .select({ value: districts.districtCode, label: districts.districtName })
            .from(districts)
            .orderBy(asc(districts.districtCode));
      }
    },
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
      const response = fileResponse(storage, await unitAttachmentFile(db, user, id), 'inline');
      // Attachments are private to the owner and its reviewers: no shared cache keeps them.
      response.headers.set('Cache-Control', 'private, no-store');
      return response;
    },
  };
});
