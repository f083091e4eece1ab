/** Credit entries (shared/calls/credit.ts): lists, adding, ending, violation projects, red list. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse } from '@server/lib/file-response';
import { creditCalls } from '@shared/calls/credit';
import { beijingDate } from '@shared/validation/jobs';
import {
  addCreditEntry,
  breakProjectsOfEntry,
  endCreditEntry,
  getEvidenceFile,
  listBreakProjects,
  listCreditEntries,
  listOwnUnqualified,
  listReportProjects,
  personBlacklistDetail,
  staffBlacklistInfo,
} from './service';
import { creditGradeRule } from './grade-rule';
import { creditScoreRecord, listCreditScores } from './score';

const orgKinds = ['lostCredit', 'unqualified', 'blacklist', 'red'] as const;

export const creditRoutes = implement(creditCalls, (ctx) => ({
  queryLose: (input) => listCreditEntries(ctx.db, { kinds: ['lostCredit'] }, input),
  updateLoseAog: async (input, { user }) =>
    reply(await addCreditEntry(ctx, user, 'lostCredit', input), '已认定为失信机构'),
  queryUnqualified: (input) =>
    listCreditEntries(ctx.db, { kinds: ['unqualified'], statuses: ['active'] }, input),
  queryHistoryUnqualified: (input) =>
    listCreditEntries(ctx.db, { kinds: ['unqualified'], statuses: ['expired', 'ended'] }, input),
  updateUnqualifiedAog: async (input, { user }) =>
    reply(await addCreditEntry(ctx, user, 'unqualified', input), '已认定为不合格机构'),
  queryBlacklist: (input) => listCreditEntries(ctx.db, { kinds: ['blacklist'] }, input),
  updateBlacklistAog: async (input, { user }) =>
    reply(await addCreditEntry(ctx, user, 'blacklist', input), '已加入黑名单'),
  endCredit: async (input, { user }) => reply(await endCreditEntry(ctx, user, orgKinds, input), '撤销成功'),
  queryPersonBlacklist: (input) => listCreditEntries(ctx.db, { kinds: ['personBlacklist'] }, input),
  addBlacklist: async (input, { user }) =>
    reply(await addCreditEntry(ctx, user, 'personBlacklist', input), '已加入人员黑名单'),
  deleteBlacklist: async (input, { user }) =>
    reply(await endCreditEntry(ctx, user, ['personBlacklist'], input), '已移出人员黑名单'),
  blacklistInfo: async ({ id }, { user }) => staffBlacklistInfo(ctx, user, id),
  blacklistDetail: ({ id }) => personBlacklistDetail(ctx.db, id),
  breakProjects: (input) => listBreakProjects(ctx.db, input),
  breakProjectsOfEntry: ({ pkid }) => breakProjectsOfEntry(ctx.db, pkid),
  unqualifiedQuery: (input) => listCreditEntries(ctx.db, { kinds: ['unqualified'] }, input),
  unqualifiedSelf: (input, { user }) => listOwnUnqualified(ctx.db, user, input),
  reportProjects: (input) => listReportProjects(ctx.db, input),
  redList: (input) => listCreditEntries(ctx.db, { kinds: ['red'], statuses: ['active'] }, input),
  evidence: async ({ id }) => await fileResponse(ctx.storage, await getEvidenceFile(ctx.db, id), 'inline'),
  score: ({ organizationId }, { user }) =>
    creditScoreRecord(ctx.db, user, organizationId, beijingDate(ctx.services.now())),
  scoreList: (input) => listCreditScores(ctx.db, input),
  gradeRule: () => {
    const { floors, unselectable, directChoiceOnly } = creditGradeRule();
    return { floors, unselectable: [...unselectable], directChoiceOnly: [...directChoiceOnly] };
  },
}));
