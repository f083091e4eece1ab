/**
 * Contract demo data (issue 14): one template per category (approval stage), version 1 from the start
 * of the data set and a revised version 2 of the completion-stage template, so the version history has
 * something to show; and the procurement documents the government-purchase contracts carry (two
 * shared PDFs: every such contract links the same sample 采购文件 and 中标通知书).
 */
import { stages } from '@shared/domain/stages';
import { govAttachmentKind } from '@shared/domain/contracts';
import type * as schema from '@server/db/schema';
import { DAY, ids, type DemoContext, type Insert } from './demo-context';
import type { DemoFile } from './demo';
import { pdfDocument } from './documents';

/** The body every stage's template shares; the stage's own scope is its first article. */
function templateBody(stageName: string, revised: boolean): string {
  return [
    '<h2>测绘服务合同</h2>',
    '<p>合同编号：{{contractNo}}\u3000\u3000备案编号：{{filingNo}}</p>',
    '<p>委托方（甲方）：{{ownerName}}</p>',
    '<p>受托方（乙方）：{{agencyName}}</p>',
    `<h3>第一条\u3000项目与测绘事项</h3><p>甲方委托乙方承担“{{projectName}}”（项目编号 {{projectNo}}）${stageName}的测绘服务，测绘事项为：{{items}}。</p>`,
    '<h3>第二条\u3000合同金额</h3><p>本合同金额为人民币{{amountInWords}}（小写：{{amount}}）。</p>',
    '<h3>第三条\u3000付款方式</h3><p>{{paymentTerms}}</p>',
    '<h3>第四条\u3000履行期限</h3><p>{{period}}</p>',
    '<h3>第五条\u3000成果与质量</h3><p>乙方按照国家和本市“多测合一”技术规定开展测绘，并通过网上办事大厅提交成果，对成果质量负责。</p>',
    revised ? '<p>乙方逾期提交成果的，每逾期一日按合同金额的千分之一支付违约金。</p>' : '',
    '<h3>第六条\u3000其他</h3><p>本合同自双方确认并经主管部门备案后生效。签订日期：{{signedOn}}；备案日期：{{filedOn}}。</p>',
  ].join('');
}

export function demoContractTemplates(c: DemoContext): Insert<typeof schema.contractTemplates>[] {
  const rows: Insert<typeof schema.contractTemplates>[] = stages.map((stage) => ({
    templateId: stage.id,
    stageId: stage.id,
    version: 1,
    title: `${stage.name}测绘服务合同`,
    content: templateBody(stage.name, false),
    remark: '初始版本',
    createdBy: ids.admin,
    createdAt: c.ago(1500 * DAY),
  }));
  const last = stages[stages.length - 1] as (typeof stages)[number];
  rows.push({
    templateId: stages.length + 1,
    stageId: last.id,
    version: 2,
    title: `${last.name}测绘服务合同`,
    content: templateBody(last.name, true),
    remark: '增加逾期违约条款',
    createdBy: ids.authority,
    createdAt: c.ago(20 * DAY),
  });
  return rows;
}

/** Version 1 of each stage's template: the seeded contracts were drafted from it. */
export const templateIdOfStage = (stageId: number) => stageId;

/** Every sixth contract is a government purchase (by id: it takes nothing from the random streams). */
export const isGovPurchaseContract = (contractId: number) => contractId % 6 === 0;

export function demoGovDocuments(c: DemoContext) {
  const rng = c.root.fork('contract-documents');
  const createdAt = c.ago(1500 * DAY);
  const procurement: DemoFile = {
    ...pdfDocument('政府采购项目采购文件.pdf', '政府采购项目采购文件', [
      '采购方式：公开招标',
      '采购内容：建设工程“多测合一”测绘服务',
      '本文件为演示数据。',
    ]),
    id: rng.uuid(),
    createdAt,
  };
  const award: DemoFile = {
    ...pdfDocument('中标通知书.pdf', '中标（成交）通知书', [
      '经评审，确定贵单位为本项目中标（成交）供应商。',
      '请于收到本通知书之日起三十日内签订合同。',
      '本文件为演示数据。',
    ]),
    id: rng.uuid(),
    createdAt,
  };
  /** The documents of one government-purchase contract. */
  const attachmentsOf = (
    contractId: number,
    at: Date,
  ): Omit<Insert<typeof schema.contractGovAttachments>, 'pkid'>[] => [
    { contractId, kind: govAttachmentKind.code.procurement, fileId: procurement.id, createdAt: at },
    { contractId, kind: govAttachmentKind.code.award, fileId: award.id, createdAt: at },
  ];
  return { files: [procurement, award], attachmentsOf };
}
