/** Survey results (shared/calls/results.ts; docs/results.md); the rules are in the services. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import {
  acceptanceCalls,
  catalogueCalls,
  districtResultCalls,
  projectHistoryCalls,
  resultCalls,
} from '@shared/calls/results';
import { workflowCalls } from '@shared/calls/workflow';
import { resultMessages as m } from '@shared/validation/results';
import { adoptResult, rejectResult, submitVerdict, transferAcceptance } from './acceptance';
import { getDistrictResult, listDistrictResults } from './district';
import { achievementAuditCount, caseWithResults, projectActivity, projectLocation } from './workflow';
import { catalogueVersions, listCatalogue, saveCatalogue } from './catalogue';
import { listAchievements, listProjectHistory } from './history';
import {
  acceptanceRecords,
  getResultProject,
  listAcceptanceDone,
  listAcceptanceTodo,
  listOwnResultProjects,
  listResultTodo,
  projectCatalogue,
  uploadProgress,
} from './lists';
import { deleteAuditorMedia, isAuditorMedia, resultFile, saveAuditorMedia } from './media';
import { clearResult, deleteResultFile, describeResult, submitResults } from './submission';

export const catalogueRoutes = implement(catalogueCalls, ({ db }) => ({
  list: () => listCatalogue(db),
  versions: (input) => catalogueVersions(db, input),
  save: async (input, { user }) => reply(await saveCatalogue(db, user, input), m.catalogueSaved),
}));

export const resultRoutes = implement(resultCalls, (ctx) => ({
  queryBySelf: (input, { user }) => listOwnResultProjects(ctx.db, user, input),
  todo: (input, { user }) => listResultTodo(ctx.db, user, input),
  query: ({ projectId }, { user }) => getResultProject(ctx.db, user, projectId),
  update: async (input, { user }) => reply(await describeResult(ctx, user, input), m.saved),
  remove: async (input, { user }) => reply(await clearResult(ctx, user, input), m.cleared),
  save: async ({ projectId }, { user }) => {
    const { resubmitted } = await submitResults(ctx, user, { projectId });
    return reply(await getResultProject(ctx.db, user, projectId), resubmitted ? m.resubmitted : m.submitted);
  },
  // The agency's file of an open item, or an auditor's evidence (by its uploader, before the verdict).
  deleteMedia: async (input, { user }) =>
    (await isAuditorMedia(ctx.db, input))
      ? reply(await deleteAuditorMedia(ctx.db, user, input), m.mediaRemoved)
      : reply(await deleteResultFile(ctx.db, user, input), m.fileRemoved),
  file: async (input, { user }) =>
    privately(await fileResponse(ctx.storage, await resultFile(ctx.db, user, input), 'attachment')),
  uploadProcess: (input, { user }) => uploadProgress(ctx.db, user, input),
  catalogue: ({ pkid }, { user }) => projectCatalogue(ctx.db, user, pkid),
}));

export const acceptanceRoutes = implement(acceptanceCalls, (ctx) => ({
  queryBySelf: (input, { user }) => listAcceptanceTodo(ctx.db, user, input),
  queryDoneBySelf: (input, { user }) => listAcceptanceDone(ctx.db, user, input),
  queryProjectByPkid: ({ pkid }, { user }) => getResultProject(ctx.db, user, pkid),
  queryApproveMessages: ({ pkid }, { user }) => acceptanceRecords(ctx.db, user, pkid),
  adopt: async (input, { user }) => reply(await adoptResult(ctx, user, input), m.adoptedOne),
  reject: async (input, { user }) => reply(await rejectResult(ctx, user, input), m.rejectedOne),
  submit: async (input, { user }) => {
    const answer = await submitVerdict(ctx, user, input);
    return reply(answer, answer.auditStatus === 2 ? m.accepted(answer.certificateNo) : m.returned);
  },
  transferTask: async (input, { user }) => reply(await transferAcceptance(ctx, user, input), m.transferred),
  saveMedia: async (input, { user }) => reply(await saveAuditorMedia(ctx, user, input), m.mediaSaved),
}));

export const projectHistoryRoutes = implement(projectHistoryCalls, ({ db }) => ({
  query: (input, { user }) => listProjectHistory(db, user, input),
  achieveQuery: (input, { user }) => listAchievements(db, user, input),
}));

export const districtResultRoutes = implement(districtResultCalls, ({ db }) => ({
  list: (input, { user }) => listDistrictResults(db, user, input),
  detail: ({ projectId }, { user }) => getDistrictResult(db, user, projectId),
}));

export const workflowRoutes = implement(workflowCalls, (ctx) => ({
  achievementAuditCount: () => achievementAuditCount(ctx.db, ctx.services.now()),
  caseById: ({ caseId }, { user }) => caseWithResults(ctx.db, user, caseId),
  projectLocation: (input, { user }) => projectLocation(ctx.db, user, input),
  projectActInfo: (input, { user }) => projectActivity(ctx.db, user, input),
}));
