/** The contract service (shared/calls/contracts.ts); rules in service.ts, gov.ts, templates.ts. */
import { implement, reply } from '@server/lib/calls';
import { contentDisposition, fileResponse, privately } from '@server/lib/file-response';
import { contractCalls } from '@shared/calls/contracts';
import { renderContractPdf } from './document';
import { documentInput, exportContractFiles, exportContracts, exportOrgans, safeName } from './export';
import { govFile, govTotals, listGovAttachments, listGovStatus, saveGovAttachment } from './gov';
import { completeOnly, findVisible, getContract, listContracts, listOrgans, yearFigures } from './service';
import { listTemplates, saveTemplate } from './templates';

export const contractRoutes = implement(contractCalls, (ctx) => {
  const { db, storage } = ctx;
  return {
    query: (input, { user }) => listContracts(db, user, input),
    queryOne: ({ contractId }, { user }) => getContract(db, user, contractId),
    document: async ({ contractId }, { user }) => {
      const row = await findVisible(db, user, contractId);
      const { data, template } = await documentInput(db, row);
      const pdf = await renderContractPdf(template, data);
      return new Response(new Uint8Array(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.byteLength),
          'Content-Disposition': contentDisposition('attachment', safeName(`${row.contractNo}.pdf`)),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
    complete: (input, { user }) => listContracts(db, user, input, completeOnly),
    contractQuery: (input, { user }) => listContracts(db, user, input),
    organQuery: (input, { user }) => listOrgans(db, user, input),
    exportExcel: (filters, { user }) => exportContracts(db, user, filters, 'list'),
    exportExcel2: (filters, { user }) => exportContracts(db, user, filters, 'complete'),
    excelContractQuery: (filters, { user }) => exportContracts(db, user, filters, 'query'),
    excelOrgan: (filters, { user }) => exportOrgans(db, user, filters),
    exportFiles: (input, { user }) => exportContractFiles(db, user, input),
    yearFigures: ({ yearName }, { user }) => yearFigures(db, user, yearName),
    queryTemplate: ({ stageId }) => listTemplates(db, stageId),
    saveContractTemplate: async (input, { user }) =>
      reply(await saveTemplate(db, user, input), '模板已保存为新版本'),
    queryGovStatusAttachments: (input, { user }) => listGovStatus(db, user, input),
    queryGovAttachments: ({ contractId }, { user }) => listGovAttachments(db, user, contractId),
    saveGovAttachments: async (input, { user }) =>
      reply(await saveGovAttachment(ctx, user, input), '材料已上传'),
    govFile: async ({ id }, { user }) =>
      privately(await fileResponse(storage, await govFile(db, user, id), 'attachment')),
    govTotals: ({ year }, { user }) => govTotals(db, user, year),
  };
});
