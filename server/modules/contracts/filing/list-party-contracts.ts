/** contract/backlog and contract/queryDoneList: the parties' own lists of contracts, by their roles. */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { contracts } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { roles } from '@shared/domain/roles';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { contractScope } from '../scope';
import { newestFirst, rowColumns, toRow, withContractJoins, type ContractRecord } from '../service';

const c = contracts;
const S = contractStatus.code;
const A = auditStatus.code;

type Paging = { pageIdx: number; pageSize: number };

/** Conditions on contracts for the parties' to-do ('backlog') and done lists, by the user's roles. */
function partyCondition(user: SessionUser, which: 'backlog' | 'done'): SQL | undefined {
  const has = (role: string) => user.isAdmin || user.roleIds.includes(role);
  const parts: SQL[] = [];
  const agencySide = has(roles.agency.id) || has(roles.staff.id);
  if (which === 'backlog') {
    if (agencySide)
      parts.push(
        or(
          eq(c.status, S.draft),
          and(eq(c.status, S.confirmed), inArray(c.auditStatus, [A.draft, A.rejected])),
        ) as SQL,
      );
    if (has(roles.owner.id)) parts.push(eq(c.status, S.awaitingConfirmation));
  } else {
    if (agencySide)
      parts.push(
        or(
          inArray(c.status, [S.awaitingConfirmation, S.filed, S.terminated]),
          and(eq(c.status, S.confirmed), inArray(c.auditStatus, [A.pending, A.approved])),
        ) as SQL,
      );
    if (has(roles.owner.id))
      parts.push(
        or(
          inArray(c.status, [S.confirmed, S.filed, S.terminated]),
          and(eq(c.status, S.draft), isNotNull(c.returnedAt)),
        ) as SQL,
      );
    // Everyone else (and everyone, for what it oversees): the filed contracts in scope.
    parts.push(eq(c.status, S.filed));
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
}

async function listParty(db: Queryable, user: SessionUser, input: Paging, which: 'backlog' | 'done') {
  const scope = await contractScope(db, user);
  const where = and(...(scope ? [scope] : []), partyCondition(user, which));
  const rows = await newestFirst(
    withContractJoins(
      db
        .select({
          ...rowColumns,
          returned: sql<boolean>`(${c.status} = ${S.draft} and ${c.returnedAt} is not null)`,
          total: sql<number>`count(*) over()::int`,
        })
        .from(c)
        .$dynamic(),
    ).where(where),
    input,
    'updatedAt',
  );
  return {
    rows: rows.map(({ total: _t, returned, ...row }) => ({
      ...toRow(row as ContractRecord),
      returned: Boolean(returned),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** contract/backlog: what waits for the user (agency: drafts, returned, to file; owner: to confirm). */
export const listBacklog = (db: Queryable, user: SessionUser, input: Paging) =>
  listParty(db, user, input, 'backlog');
/** contract/queryDoneList: what the user handed on or finished; other roles: filed contracts in scope. */
export const listPartyDone = (db: Queryable, user: SessionUser, input: Paging) =>
  listParty(db, user, input, 'done');
