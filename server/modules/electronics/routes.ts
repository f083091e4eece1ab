/** The electronic archive (shared/calls/electronics.ts); the rules are in the services. */
import { implement, reply } from '@server/lib/calls';
import { electronicsCalls } from '@shared/calls/electronics';
import type { Classification } from '@shared/domain/electronics';
import { caseTargets, classifyCase, exportCases, getCase, listCases } from './cases';
import { getDrawing, listDrawings } from './drawings';
import { cityPicture } from './picture';
import { importLayer, layerData, listLayers, mapLayers, moveLayer, updateLayer } from './layers';
import {
  downloadRecordFile,
  fieldCatalogue,
  listRecords,
  recordVersions,
  updateRecord,
  verifyMetadataChain,
} from './metadata';

export const electronicsRoutes = implement(electronicsCalls, (ctx) => ({
  caseList: (input, { user }) => listCases(ctx.db, user, input),
  caseExport: (input, { user }) => exportCases(ctx.db, user, input),
  caseDetail: ({ id }, { user }) => getCase(ctx.db, user, id),
  caseClassify: async ({ id, classification }, { user }) =>
    reply(
      await classifyCase(
        ctx.db,
        user,
        { id, classification: classification as Classification },
        ctx.services.now(),
      ),
      '密级已调整',
    ),
  fields: () => fieldCatalogue(),
  recordList: (input, { user }) => listRecords(ctx.db, user, input),
  recordVersions: ({ id }, { user }) => recordVersions(ctx.db, user, id),
  recordUpdate: async (input, { user }) =>
    reply({ recordId: await updateRecord(ctx, user, input) }, '元数据已保存为新版本'),
  verifyChain: async (_input, { user }) => {
    const result = await verifyMetadataChain(ctx.db, user);
    return reply(
      result,
      result.broken
        ? `校验未通过：第 ${result.broken.recordId} 号记录与链不符`
        : `校验通过：${result.total} 条记录的哈希链完整`,
    );
  },
  recordDownload: ({ id }, { user }) => downloadRecordFile(ctx, user, id),
  recordPreview: ({ id }, { user }) => downloadRecordFile(ctx, user, id, 'inline'),
  drawingList: (input, { user }) => listDrawings(ctx.db, user, input),
  drawingDetail: ({ id }, { user }) => getDrawing(ctx.db, user, id),
  caseTargets: ({ keyword }, { user }) => caseTargets(ctx.db, user, keyword),
  layerList: (input, { user }) => listLayers(ctx.db, user, input),
  layerMap: (_input, { user }) => mapLayers(ctx.db, user),
  layerData: ({ id }, { user, c }) => layerData(ctx, user, id, c.req.header('accept-encoding')),
  layerImport: async (input, { user }) => {
    const layer = await importLayer(ctx, user, input);
    return reply(layer, `已导入图层“${layer.name}”：${layer.featureCount} 个要素，坐标系 ${layer.crsLabel}`);
  },
  layerUpdate: async (input, { user }) =>
    reply(await updateLayer(ctx.db, user, input, ctx.services.now()), '图层设置已保存'),
  picture: (input, { user }) => cityPicture(ctx.db, user, input),
  layerMove: async (input, { user }) =>
    reply(await moveLayer(ctx.db, user, input, ctx.services.now()), '图层顺序已调整'),
}));
