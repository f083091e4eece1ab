/**
 * Data interfaces for other government systems (docs/interfaces.md): the comparison operators of spec
 * section 9, the field types a dataset declares, and which operator applies to which type. The server
 * (server/modules/interfaces) builds its SQL from these; the console offers them in its pickers.
 */

/** The spec's operators (section 9), as the wire and the stored definitions name them. */
export const interfaceOperators = [
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
  { value: 'eq', label: '等于' },
  { value: 'fuzzy', label: '模糊' },
  { value: 'include', label: '包含' },
  { value: 'notInclude', label: '不包含' },
] as const;
export type InterfaceOperator = (typeof interfaceOperators)[number]['value'];
export const interfaceOperatorValues = interfaceOperators.map((op) => op.value) as [
  InterfaceOperator,
  ...InterfaceOperator[],
];

export function operatorLabel(operator: string): string {
  return interfaceOperators.find((op) => op.value === operator)?.label ?? operator;
}

/** What a dataset field holds: the value's type on the wire and in a condition. */
export const fieldTypes = [
  { value: 'text', label: '文本' },
  { value: 'number', label: '数值' },
  { value: 'date', label: '日期' },
  { value: 'code', label: '代码' },
] as const;
export type FieldType = (typeof fieldTypes)[number]['value'];

export function fieldTypeLabel(type: string): string {
  return fieldTypes.find((t) => t.value === type)?.label ?? type;
}

/**
 * The operators each type takes, and what they mean:
 * - text: 等于 (exactly), 模糊 (every word of the value appears, any case, any order), 包含 (contains the
 *   value as written), 不包含 (does not contain it; an empty field counts as not containing);
 * - number and date: the comparisons and 等于; 包含 / 不包含 take a comma list (one of / none of);
 * - code (a code list such as a status): 等于, and 包含 / 不包含 with a comma list of codes.
 * Ordering text or codes, and 模糊 on anything but text, mean nothing: they are refused.
 */
export const operatorsByType: Readonly<Record<FieldType, readonly InterfaceOperator[]>> = {
  text: ['eq', 'fuzzy', 'include', 'notInclude'],
  number: ['gt', 'ge', 'lt', 'le', 'eq', 'include', 'notInclude'],
  date: ['gt', 'ge', 'lt', 'le', 'eq', 'include', 'notInclude'],
  code: ['eq', 'include', 'notInclude'],
};

/** True when `operator` takes a comma list for this type (包含 / 不包含 on numbers, dates and codes). */
export function takesList(type: FieldType, operator: InterfaceOperator): boolean {
  return type !== 'text' && (operator === 'include' || operator === 'notInclude');
}

/** An interface's code: its name in the URL and in getQuery (letters, digits, - and _). */
export const INTERFACE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{1,49}$/;
/** A parameter's name as the caller sends it. */
export const PARAMETER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Names getQuery keeps for itself: a parameter may not be called so. */
export const RESERVED_PARAMETER_NAMES = ['interfaceCode', 'pageNum', 'pageSize'] as const;

/** The most rows a caller may take in one page, and the default and largest row cap of an interface. */
export const INTERFACE_PAGE_SIZE_MAX = 100;
export const INTERFACE_ROW_CAP_DEFAULT = 1000;
export const INTERFACE_ROW_CAP_MAX = 10000;

/** The header that carries a consuming system's key (also accepted: `Authorization: Bearer <key>`). */
export const API_KEY_HEADER = 'X-Api-Key';
