/**
 * An interface's conditions as SQL: the field's expression from the dataset (never from the caller),
 * the operator from the fixed list, the value bound as a parameter. Also the checks every value
 * passes first, with the Chinese message a caller sees (a fixed value is checked when the definition is
 * saved, a parameter on every call).
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { StoredCondition } from '@server/db/schema';
import {
  fieldTypeLabel,
  operatorLabel,
  operatorsByType,
  takesList,
  type InterfaceOperator,
} from '@shared/domain/interfaces';
import { AppError } from '@shared/errors/app-error';
import type { Dataset, DatasetField } from './datasets';

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 200;
const LIST_MAX = 50;

function invalid(message: string, field?: string): never {
  throw new AppError('invalid_input', field ? { message, field } : { message });
}

/** The field of a dataset a definition names, refusing unknown and classified ones. */
export function fieldOf(dataset: Dataset, name: string): DatasetField {
  const field = Object.hasOwn(dataset.fields, name) ? dataset.fields[name] : undefined;
  if (!field) invalid(`数据集「${dataset.label}」没有字段「${name}」`);
  if (field.classified) invalid(`字段「${field.label}」（${name}）为涉密字段，不能开放`);
  return field;
}

/** Checks that the operator suits the field's type. */
export function checkOperator(field: DatasetField, name: string, operator: string): InterfaceOperator {
  const allowed = operatorsByType[field.type];
  if (!(allowed as readonly string[]).includes(operator))
    invalid(
      `字段「${field.label}」（${name}，${fieldTypeLabel(field.type)}）不能使用比较方式「${operatorLabel(operator)}」，可用：${allowed.map(operatorLabel).join('、')}`,
    );
  return operator as InterfaceOperator;
}

type Bound = string | number;

/** One value of a field's type, as bound: `what` names it in the message (参数 x / 固定值). */
function parseOne(field: DatasetField, raw: string, what: string): Bound {
  const value = raw.trim();
  switch (field.type) {
    case 'number':
      if (!NUMBER.test(value)) invalid(`${what}须为数值（如 12 或 12.5），收到「${clip(value)}」`);
      return Number(value);
    case 'date': {
      const time = Date.parse(`${value}T00:00:00Z`);
      if (!DATE.test(value) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
        invalid(`${what}须为日期（YYYY-MM-DD），收到「${clip(value)}」`);
      return value;
    }
    case 'code': {
      const codes = field.codes!;
      const entry = codes.entries.find((e) => String(e.value) === value);
      if (!entry)
        invalid(
          `${what}须为以下代码之一：${codes.entries.map((e) => `${e.value}（${e.label}）`).join('、')}，收到「${clip(value)}」`,
        );
      return entry.value;
    }
    case 'text':
      if (value.length === 0) invalid(`${what}不能为空`);
      if (value.length > TEXT_MAX) invalid(`${what}不能超过 ${TEXT_MAX} 个字符`);
      return value;
  }
}

function clip(value: string): string {
  return value.length > 30 ? `${value.slice(0, 30)}…` : value;
}

/** The value or values of a condition, checked against the field's type and operator. */
export function parseValue(
  field: DatasetField,
  operator: InterfaceOperator,
  raw: string,
  what: string,
): Bound | Bound[] {
  if (!takesList(field.type, operator)) return parseOne(field, raw, what);
  const parts = raw
    .split(/[,，]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) invalid(`${what}不能为空`);
  if (parts.length > LIST_MAX) invalid(`${what}最多 ${LIST_MAX} 项`);
  return parts.map((part) => parseOne(field, part, what));
}

/** A bound value; a date is cast so the comparison is of dates whatever the driver sends. */
function bind(field: DatasetField, value: Bound): SQL {
  return field.type === 'date' ? sql`${value}::date` : sql`${value}`;
}

/** The SQL of one condition. `value` was parsed by parseValue for this field and operator. */
export function conditionSql(field: DatasetField, operator: InterfaceOperator, value: Bound | Bound[]): SQL {
  const e = field.sql;
  if (Array.isArray(value)) {
    const list = sql.join(
      value.map((v) => bind(field, v)),
      sql`, `,
    );
    return operator === 'include' ? sql`${e} in (${list})` : sql`(${e} is null or ${e} not in (${list}))`;
  }
  switch (operator) {
    case 'gt':
      return sql`${e} > ${bind(field, value)}`;
    case 'ge':
      return sql`${e} >= ${bind(field, value)}`;
    case 'lt':
      return sql`${e} < ${bind(field, value)}`;
    case 'le':
      return sql`${e} <= ${bind(field, value)}`;
    case 'eq':
      return sql`${e} = ${bind(field, value)}`;
    case 'fuzzy': {
      // Every word, any case, any order; % _ \ typed by the caller are literal (containsPattern).
      const words = String(value).split(/\s+/).filter(Boolean);
      return and(...words.map((word) => sql`${e} ilike ${containsPattern(word)}`))!;
    }
    case 'include':
      return sql`${e} like ${containsPattern(String(value))}`;
    case 'notInclude':
      return sql`(${e} is null or ${e} not like ${containsPattern(String(value))})`;
  }
}

/** What a condition's value travels as for the caller: its parameter name, or null when fixed. */
export function parameterOf(condition: StoredCondition): string | null {
  return condition.source === 'param' ? (condition.param ?? null) : null;
}
