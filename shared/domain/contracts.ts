/**
 * Contract documents (issue 14): the template placeholders an administrator may write into a contract
 * template, the kinds of government-procurement documents, and the category a template belongs to (the
 * approval stage of the survey items it covers: every demand is one stage, so every contract is).
 */
import { defineStatusTable } from './status-table';

/** Placeholders a template may contain as `{{name}}`; the PDF fills each from the contract's records. */
export const contractPlaceholders = [
  { key: 'contractNo', label: '合同编号' },
  { key: 'contractName', label: '合同名称' },
  { key: 'ownerName', label: '委托方（甲方）' },
  { key: 'agencyName', label: '受托方（乙方）' },
  { key: 'projectName', label: '项目名称' },
  { key: 'projectNo', label: '项目编号' },
  { key: 'stageName', label: '审批阶段' },
  { key: 'items', label: '测绘事项' },
  { key: 'amount', label: '合同金额（小写）' },
  { key: 'amountInWords', label: '合同金额（大写）' },
  { key: 'paymentTerms', label: '付款方式' },
  { key: 'period', label: '履行期限' },
  { key: 'signedOn', label: '签订日期' },
  { key: 'filingNo', label: '备案编号' },
  { key: 'filedOn', label: '备案日期' },
] as const;
export type ContractPlaceholder = (typeof contractPlaceholders)[number]['key'];

/** Procurement documents a government-purchase contract carries. */
export const govAttachmentKind = defineStatusTable([
  { value: 1, key: 'procurement', label: '采购文件', tone: 'neutral' },
  { value: 2, key: 'award', label: '中标（成交）通知书', tone: 'neutral' },
  { value: 3, key: 'other', label: '其他材料', tone: 'neutral' },
]);
export type GovAttachmentKind = (typeof govAttachmentKind.values)[number];

/** A placeholder in a template: {{ key }}. */
export const placeholderPattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * What the agency enters on a draft, as placeholders: a template that leaves one out still prints it
 * (the PDF adds the agreed terms after the template's text), so the PDF never shows a template's
 * default where the parties agreed something else.
 */
export const enteredPlaceholders = [
  'paymentTerms',
  'period',
] as const satisfies readonly ContractPlaceholder[];

/** The placeholders a template uses that we do not know (saving such a template is refused). */
export function unknownPlaceholders(content: string): string[] {
  const known = new Set<string>(contractPlaceholders.map((p) => p.key));
  return [...new Set([...content.matchAll(placeholderPattern)].map((m) => m[1] as string))].filter(
    (name) => !known.has(name),
  );
}
