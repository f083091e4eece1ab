/**
 * The contract parties' part of the work home (工作台): what waits for them on a contract (the agency
 * edits a draft or a returned one and files a confirmed one; the owner confirms), each opening the
 * application where it is done, and their contracts by state. Listed at server/work-sources.ts.
 */
import type { WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { listBacklog, listPartyDone } from './filing/list-party-contracts';

const S = contractStatus.code;
const parties: readonly string[] = [roles.owner.id, roles.agency.id, roles.staff.id];

function whatToDo(row: { status: number; auditStatus: number; returned: boolean }): string {
  if (row.status === S.awaitingConfirmation) return '确认合同';
  if (row.status === S.draft) return row.returned ? '修改退回的合同' : '完成合同草稿';
  return row.auditStatus === auditStatus.code.rejected ? '修改后重新提交备案' : '提交合同备案';
}

export const contractWorkSource: WorkSource = {
  name: 'contracts',
  appliesTo: (user) => !user.isAdmin && user.roleIds.some((role) => parties.includes(role)),
  todos: async ({ db, user }) => {
    const { rows } = await listBacklog(db, user, { pageIdx: 1, pageSize: 100 });
    return rows.map((row) => ({
      key: `contract:${row.contractId}`,
      kind: whatToDo(row),
      title: `合同 ${row.contractNo}“${row.contractName}”`,
      href: `/usercenter/contractApply?contractId=${row.contractId}`,
      dueAt: null,
      overdue: false,
      since: new Date(row.createdAt),
    }));
  },
  counts: async ({ db, user }) => {
    const [backlog, done] = await Promise.all([
      listBacklog(db, user, { pageIdx: 1, pageSize: 1 }),
      listPartyDone(db, user, { pageIdx: 1, pageSize: 1 }),
    ]);
    return [
      { group: '我的合同', label: '待办合同', count: backlog.total, href: '/contract/backlogList' },
      { group: '我的合同', label: '已办合同', count: done.total, href: '/contract/doneContractList' },
    ];
  },
};
