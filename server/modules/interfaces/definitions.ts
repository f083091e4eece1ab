/**
 * Interface definitions: the administrators' list, save, update, enable/disable, delete, and the check
 * every definition passes against its dataset before it is stored (fields and operators from the
 * dataset's whitelist, no classified field, fixed values of the field's type, parameter names unique).
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { containsPattern } from '@server/db/contains-pattern';
import { dataInterfaces, type StoredCondition } from '@server/db/schema';
import type { InterfaceRow } from '@shared/calls/interfaces';
import type { InterfaceOperator } from '@shared/domain/interfaces';
import { AppError } from '@shared/errors/app-error';
import { interfaceMessages, type InterfaceSave } from '@shared/validation/interfaces';
import { checkOperator, fieldOf, parseValue } from './conditions';
import { findDataset, type Dataset } from './datasets';

export type InterfaceRecord = typeof dataInterfaces.$inferSelect;

export function datasetOf(id: string): Dataset {
  const dataset = findDataset(id);
  if (!dataset) throw new AppError('invalid_input', { message: `数据集「${id}」不存在`, field: 'dataset' });
  return dataset;
}

/** The definition as it will be stored, or the first thing wrong with it (400). */
export function checkDefinition(input: InterfaceSave): {
  fields: string[];
  conditions: StoredCondition[];
} {
  const dataset = datasetOf(input.dataset);
  const fields = [...new Set(input.fields)];
  for (const name of fields) fieldOf(dataset, name);
  const params = new Set<string>();
  const conditions = input.conditions.map((condition, index): StoredCondition => {
    const field = fieldOf(dataset, condition.field);
    const operator = checkOperator(field, condition.field, condition.operator);
    const what = `第 ${index + 1} 个条件（${field.label}）`;
    if (condition.source === 'fixed') {
      parseValue(field, operator, condition.value ?? '', `${what}的固定值`);
      return { field: condition.field, operator, source: 'fixed', value: condition.value ?? '' };
    }
    const param = condition.param ?? '';
    if (params.has(param))
      throw new AppError('invalid_input', { message: `参数名「${param}」重复：每个条件用各自的参数名` });
    params.add(param);
    return { field: condition.field, operator, source: 'param', param };
  });
  return { fields, conditions };
}

export function toRow(record: InterfaceRecord): InterfaceRow {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    description: record.description,
    dataset: record.dataset,
    datasetLabel: findDataset(record.dataset)?.label ?? record.dataset,
    fields: record.fields,
    conditions: record.conditions.map((condition) => ({
      field: condition.field,
      operator: condition.operator as InterfaceOperator,
      source: condition.source,
      ...(condition.source === 'fixed' ? { value: condition.value ?? '' } : { param: condition.param ?? '' }),
    })),
    rowCap: record.rowCap,
    enabled: record.enabled,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export async function listInterfaces(
  db: Queryable,
  input: { page: number; rows: number; name?: string | undefined; dataset?: string | undefined },
) {
  const conditions: SQL[] = [];
  if (input.name) {
    const pattern = containsPattern(input.name);
    conditions.push(or(ilike(dataInterfaces.name, pattern), ilike(dataInterfaces.code, pattern))!);
  }
  if (input.dataset) conditions.push(eq(dataInterfaces.dataset, input.dataset));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dataInterfaces)
      .where(where)
      .orderBy(desc(dataInterfaces.id))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(dataInterfaces).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

export async function interfaceById(db: Queryable, id: number): Promise<InterfaceRecord> {
  const [record] = await db.select().from(dataInterfaces).where(eq(dataInterfaces.id, id));
  if (!record) throw new AppError('not_found', { message: interfaceMessages.notFound });
  return record;
}

async function checkCodeFree(db: Queryable, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: dataInterfaces.id })
    .from(dataInterfaces)
    .where(eq(dataInterfaces.code, code));
  if (taken && taken.id !== exceptId)
    throw new AppError('conflict', { message: interfaceMessages.codeTaken, field: 'code' });
}

export async function saveInterface(db: Queryable, userId: number, input: InterfaceSave, now: Date) {
  const checked = checkDefinition(input);
  await checkCodeFree(db, input.code);
  const [record] = await db
    .insert(dataInterfaces)
    .values({
      code: input.code,
      name: input.name,
      description: input.description || null,
      dataset: input.dataset,
      ...checked,
      rowCap: input.rowCap,
      enabled: input.enabled,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toRow(record!);
}

export async function updateInterface(db: Queryable, input: InterfaceSave & { id: number }, now: Date) {
  await interfaceById(db, input.id);
  const checked = checkDefinition(input);
  await checkCodeFree(db, input.code, input.id);
  const [record] = await db
    .update(dataInterfaces)
    .set({
      code: input.code,
      name: input.name,
      description: input.description || null,
      dataset: input.dataset,
      ...checked,
      rowCap: input.rowCap,
      enabled: input.enabled,
      updatedAt: now,
    })
    .where(eq(dataInterfaces.id, input.id))
    .returning();
  return toRow(record!);
}

export async function setInterfaceEnabled(db: Queryable, id: number, enabled: boolean, now: Date) {
  await interfaceById(db, id);
  const [record] = await db
    .update(dataInterfaces)
    .set({ enabled, updatedAt: now })
    .where(eq(dataInterfaces.id, id))
    .returning();
  return toRow(record!);
}

export async function deleteInterface(db: Queryable, id: number) {
  await interfaceById(db, id);
  await db.delete(dataInterfaces).where(eq(dataInterfaces.id, id));
  return null;
}
