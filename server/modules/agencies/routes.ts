/**
 * The agency application and its review (shared/calls/agencies.ts); rules in apply-service.ts.
 */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { codeOptions, metadataOptions } from '@server/lib/select-options';
import { agencyCalls, agencyChangeCalls } from '@shared/calls/agencies';
import { agencyAttachmentKind, agencyFieldKeys, agencyFieldLabels } from '@shared/domain/agencies';
import { stages } from '@shared/domain/stages';
import { auditStatus, qualificationGrade } from '@shared/domain/statuses';
import { agencyMessages } from '@shared/validation/agencies';
import {
  agencyAttachmentFile,
  agencyTimeline,
  decideAgency,
  getAgency,
  getAgencyOfUser,
  getOwnAgency,
  listAgencyDone,
  listAgencyTodo,
  saveOwnAgency,
  transferAgency,
} from './apply-service';
import { dishonestFlagsOfLegalPerson } from './dishonest';
import { orgPassRate } from './pass-rate';
import { exportAgencies, exportAgencyFiles } from './export';
import {
  changeTimeline,
  checkChange,
  checkChangeByOrg,
  decideChange,
  getChange,
  listChangeTodo,
  listOwnChanges,
  saveOwnChange,
  transferChange,
} from './change-service';

export const agencyRoutes = implement(agencyCalls, (ctx) => {
  const { db, storage } = ctx;
  return {
    metadata: ({ x }) =>
      metadataOptions(db, x, { auditStatus, qualificationGrade, attachmentKind: agencyAttachmentKind }),
    bizScope: () => stages.map((stage) => ({ id: stage.id, name: stage.name, items: [...stage.items] })),
    querySelf: (_input, { user }) => getOwnAgency(db, user),
    updateSelf: async (input, { user }) =>
      reply(
        await saveOwnAgency(ctx, user, input),
        input.action === 'submit' ? agencyMessages.submitted : agencyMessages.saved,
      ),
    queryOne: ({ orgId }, { user }) => getAgency(db, user, orgId),
    queryOneByUserId: ({ userId }, { user }) => getAgencyOfUser(db, user, userId),
    approve: async (input, { user }) =>
      reply(
        await decideAgency(ctx, user, input),
        input.auditStatus === auditStatus.code.approved ? '审核通过，机构已在办事大厅公示' : '已退回申请',
      ),
    auditInfo: ({ organizationId }, { user }) => agencyTimeline(db, user, organizationId),
    todo: (input, { user }) => listAgencyTodo(db, user, input),
    done: (input, { user }) => listAgencyDone(db, user, input),
    transfer: async (input, { user }) => reply(await transferAgency(ctx, user, input), '转办成功'),
    dishonest: ({ legalPersonName }) => dishonestFlagsOfLegalPerson(db, legalPersonName),
    passRate: (input, { user }) => orgPassRate(db, user, input),
    exportExcel: (filters) => exportAgencies(db, filters),
    exportFiles: ({ organizationId }, { user }) => exportAgencyFiles(db, storage, user, organizationId),
    downloadFile: async ({ id }, { user }) =>
      privately(await fileResponse(storage, await agencyAttachmentFile(db, user, id), 'attachment')),
    previewFile: async ({ id }, { user }) =>
      privately(await fileResponse(storage, await agencyAttachmentFile(db, user, id), 'inline')),
  };
});

export const agencyChangeRoutes = implement(agencyChangeCalls, (ctx) => {
  const { db } = ctx;
  return {
    check: (_input, { user }) => checkChange(db, user),
    checkByOrg: ({ organizationId }, { user }) => checkChangeByOrg(db, user, organizationId),
    metadata: ({ x }) =>
      x === 'auditStatus'
        ? codeOptions(auditStatus)
        : agencyFieldKeys.map((key) => ({ value: key, label: agencyFieldLabels[key] })),
    querySelf: (input, { user }) => listOwnChanges(db, user, input),
    updateSelf: async (input, { user }) =>
      reply(
        await saveOwnChange(ctx, user, input),
        input.action === 'submit' ? agencyMessages.submitted : agencyMessages.saved,
      ),
    todo: (input, { user }) => listChangeTodo(db, user, input),
    queryOne: ({ id }, { user }) => getChange(db, user, id),
    auditInfo: ({ id }, { user }) => changeTimeline(db, user, id),
    approve: async (input, { user }) =>
      reply(
        await decideChange(ctx, user, input),
        input.auditStatus === auditStatus.code.approved ? '审核通过，变更已生效' : '已退回变更申请',
      ),
    transfer: async (input, { user }) => reply(await transferChange(ctx, user, input), '转办成功'),
  };
});
