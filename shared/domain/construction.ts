/**
 * A construction unit's attachments (issue 12, construction units): the business licence is required
 * to submit the unit for verification; others are optional.
 */
import { defineStatusTable } from './status-table';

export const constructionAttachmentKind = defineStatusTable([
  { value: 1, key: 'licence', label: '营业执照', tone: 'neutral' },
  { value: 2, key: 'other', label: '其他附件', tone: 'neutral' },
]);
export type ConstructionAttachmentKind = (typeof constructionAttachmentKind.values)[number];

/** Labels of the fields a unit maintains, in display order. */
export const constructionFieldLabels = {
  name: '单位名称',
  creditCode: '统一社会信用代码',
  legalPersonName: '法定代表人',
  contactName: '联系人',
  contactPhone: '联系电话',
  address: '单位地址',
  districtCode: '所在区县',
} as const;

/** The fields of a unit a change request carries (construction/update). */
export interface ConstructionFields {
  name: string;
  creditCode: string;
  legalPersonName: string;
  contactName: string;
  contactPhone: string;
  address: string;
  districtCode: string;
}

export const constructionFieldKeys = Object.keys(constructionFieldLabels) as (keyof ConstructionFields)[];

/** The fields whose values differ between two versions (the comparison marks these). */
export function changedConstructionFields(
  before: ConstructionFields,
  after: ConstructionFields,
): (keyof ConstructionFields)[] {
  return constructionFieldKeys.filter((key) => before[key] !== after[key]);
}
