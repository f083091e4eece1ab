/** contract/flow/query and contract/flow/summary: the visible contracts by the step they stand at. */
import { and, ilike, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { contracts, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { FlowRow, FlowSummary } from '@shared/calls/contracts';
import type { ContractFlowListInput, FlowStepKey } from '@shared/validation/contract-changes';
import { contractScope } from '../scope';
import { newestFirst } from '../service';
import { flowSteps, rowColumns, stepSql, toFlowRow, withFlowJoins, type FlowRecord } from './steps';

const c = contracts;

/** contract/flow/query: one page of visible contracts with their step, newest change first. */
export async function listFlow(
  db: Queryable,
  user: SessionUser,
  input: ContractFlowListInput,
): Promise<{ rows: FlowRow[]; total: number }> {
  const scope = await contractScope(db, user);
  const parts: (SQL | undefined)[] = [scope];
  if (input.contractNo) parts.push(ilike(c.contractNo, containsPattern(input.contractNo)));
  if (input.projectName) parts.push(ilike(projects.projectName, containsPattern(input.projectName)));
  if (input.step) parts.push(sql`${stepSql} = ${input.step}`);
  const where = and(...parts);
  const rows = (await newestFirst(
    withFlowJoins(
      db
        .select({ ...rowColumns, total: sql<number>`count(*) over()::int` })
        .from(c)
        .$dynamic(),
    ).where(where),
    input,
    'updatedAt',
  )) as (FlowRecord & { total: number })[];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.pageIdx > 1) {
    const [counted] = await withFlowJoins(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .$dynamic(),
    ).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: rows.map(toFlowRow), total };
}

/** contract/flow/summary: how many visible contracts stand at each step. */
export async function flowSummary(db: Queryable, user: SessionUser): Promise<FlowSummary> {
  const scope = await contractScope(db, user);
  const counts = await withFlowJoins(
    db
      .select({ step: stepSql, n: sql<number>`count(*)::int` })
      .from(c)
      .$dynamic(),
  )
    .where(scope)
    .groupBy(sql`1`);
  const byStep = new Map(counts.map((row) => [row.step as FlowStepKey, row.n]));
  return {
    total: counts.reduce((sum, row) => sum + row.n, 0),
    steps: flowSteps.map((step) => ({ ...step, count: byStep.get(step.key) ?? 0 })),
  };
}
