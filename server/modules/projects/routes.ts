/** Projects and demands (shared/calls/projects.ts); the rules are in service.ts and demands/. */
import { implement, reply } from '@server/lib/calls';
import { answerKey } from '@server/lib/result-cache';
import { fileResponse, privately } from '@server/lib/file-response';
import { projectCalls } from '@shared/calls/projects';
import { projectMessages } from '@shared/validation/projects';
import { addDemandFile } from './demands/add-demand-file';
import { listAmendmentTodo } from './demands/amendment-queue';
import { decideAmendment } from './demands/decide-amendment';
import { ownScope } from './demands/demand-rows';
import { demandFile } from './demands/get-demand-file';
import { getDemandRecord } from './demands/get-demand-record';
import {
  demandRecords,
  demandsOfProject,
  demandStageItemsOf,
  listDemandRows,
  listStageItems,
} from './demands/list-demands';
import { releaseDemand } from './demands/release-demand';
import { removeDemandFile } from './demands/remove-demand-file';
import { saveDemand } from './demands/save-demand';
import {
  addProject,
  assertNoDuplicate,
  changeStatus,
  deleteProject,
  findOwnProjects,
  getProject,
  listProjects,
  projectLogsOf,
  updateProject,
} from './service';

/** What the cached lists read (server/lib/result-cache.ts): a change to any of them drops their answers. */
const projectListTables = ['projects', 'project_demands', 'construction_units', 'districts'] as const;
const demandListTables = [
  'project_demands',
  'projects',
  'construction_units',
  'stages',
  'project_stage_items',
  'survey_items',
  'project_demand_amendments',
] as const;

const saveMessages = {
  created: '测绘需求已保存',
  merged: '已并入该阶段的测绘需求',
  amended: '该阶段已发布需求，新增事项已提交追加申请，请等待主管部门审核',
} as const;

export const projectRoutes = implement(projectCalls, (ctx) => {
  const { db, storage } = ctx;
  const { results } = ctx.services;
  return {
    add: async (input, { user }) => reply(await addProject(ctx, user, input), '项目已保存'),
    update: async (input, { user }) => reply(await updateProject(ctx, user, input), '项目已修改'),
    remove: async ({ pkid }, { user }) => reply(await deleteProject(ctx, user, pkid), '项目已删除'),
    query: (input, { user }) =>
      results.get(projectListTables, answerKey('project/query', user, input), () =>
        listProjects(db, user, input),
      ),
    checkIfCanSelfUpload: async (input) => {
      await assertNoDuplicate(db, input);
      return reply({ canUpload: true as const }, projectMessages.canUpload);
    },
    getProjectsByProjectNo: ({ projectNo }, { user }) => getProject(db, user, { projectNo }),
    getProject: ({ pkid }, { user }) => getProject(db, user, { pkid }),
    findProjects: (input, { user }) => findOwnProjects(db, user, input),
    findProjectsRecord: (input, { user }) =>
      results.get(demandListTables, answerKey('project/findProjectsRecord', user, input), async () =>
        demandRecords(db, await ownScope(db, user), input),
      ),
    findProjectsRecordCheck: (input) => demandRecords(db, null, input),
    updateStatus: async (input, { user }) => reply(await changeStatus(ctx, user, input), '项目状态已更新'),
    findProjectLogs: ({ proNo }, { user }) => projectLogsOf(db, user, proNo),
    findAllStageItem: () => listStageItems(db),
    saveDemand: async (input, { user }) => {
      const result = await saveDemand(ctx, user, input);
      return reply(result, saveMessages[result.outcome]);
    },
    getDemand: (input, { user }) => getDemandRecord(db, user, input),
    listDemands: (input, { user }) => listDemandRows(db, user, input),
    getProjectDemandByPkid: ({ projectId }, { user }) => demandsOfProject(db, user, projectId),
    getProjectDemandStageItemByProjectId: ({ projectId }, { user }) =>
      demandStageItemsOf(db, user, { pkid: projectId }),
    getProjectDemandStageItemByProjectNo: ({ projectNo }, { user }) =>
      demandStageItemsOf(db, user, { projectNo }),
    submitFile: async (input, { user }) => reply(await addDemandFile(ctx, user, input), '附件已上传'),
    removeFile: async (input, { user }) => reply(await removeDemandFile(ctx, user, input), '附件已删除'),
    demandFile: async ({ demandId, fileId }, { user }) => {
      return privately(
        await fileResponse(storage, await demandFile(db, user, demandId, fileId), 'attachment'),
      );
    },
    release: async (input, { user }) => reply(await releaseDemand(ctx, user, input), '需求已发布'),
    amendmentTodo: (input, { user }) => listAmendmentTodo(db, user, input),
    decideAmendment: async (input, { user }) =>
      reply(
        await decideAmendment(ctx, user, input),
        input.decision === 'approve' ? '审核通过，事项已并入需求' : '已退回追加申请',
      ),
  };
});
