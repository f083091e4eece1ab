/**
 * The selection's part of the work home (工作台): an owner's released demands still waiting for an
 * agency (选取中介机构, due by the quote deadline when quoting), and an agency's open price comparisons
 * it has not quoted on yet (比选报价, due by the quote deadline). Listed at server/work-sources.ts.
 */
import type { WorkSource } from '@server/modules/workbench';
import { selectionMethodLabels } from '@shared/domain/selection';
import { roles } from '@shared/domain/roles';
import { listInvitations } from './list-invitations';
import { listOwnerDemands } from './list-owner-demands';

const ROWS = 100;
const date = (value: string | null) => (value ? new Date(value) : null);
const overdue = (due: Date | null, now: Date) => due !== null && due.getTime() <= now.getTime();

export const ownerSelectionWorkSource: WorkSource = {
  name: 'selection (owner)',
  appliesTo: (user) => user.roleIds.includes(roles.owner.id),
  todos: async ({ app, user, now }) => {
    const { rows } = await listOwnerDemands(app, user, { page: 1, rows: ROWS });
    return rows
      .filter((row) => row.winnerName === null && row.state !== 'done')
      .map((row) => {
        const due = row.state === 'quoting' ? date(row.quoteDeadline) : null;
        return {
          key: `selection:${row.demandId}`,
          kind: '选取中介机构',
          title: `项目“${row.projectName}”（${row.stageName}）${row.method ? `：${selectionMethodLabels[row.method]}进行中` : '待选取中介机构'}`,
          href: `/demandmanger/demandOption?demandId=${row.demandId}`,
          dueAt: due,
          overdue: overdue(due, now),
          since: date(row.releasedAt),
        };
      });
  },
  counts: async ({ app, user }) => {
    const { rows, total } = await listOwnerDemands(app, user, { page: 1, rows: ROWS });
    const waiting = rows.filter((row) => row.winnerName === null && row.state !== 'done').length;
    return [
      { group: '我的需求', label: '待选取中介', count: waiting, href: '/demandmanger/demandOption' },
      { group: '我的需求', label: '已发布需求', count: total, href: '/demandmanger/releaseList' },
    ];
  },
};

export const agencySelectionWorkSource: WorkSource = {
  name: 'selection (agency)',
  appliesTo: (user) => user.roleIds.includes(roles.agency.id),
  todos: async ({ app, user, now }) => {
    const { rows } = await listInvitations(app, user, { page: 1, rows: ROWS });
    return rows
      .filter((row) => row.open && row.myAmount === null)
      .map((row) => {
        const due = date(row.quoteDeadline);
        return {
          key: `quote:${row.demandId}`,
          kind: '比选报价',
          title: `项目“${row.projectName}”（${row.stageName}）邀请报价`,
          href: '/notdchy/DemandOption',
          dueAt: due,
          overdue: overdue(due, now),
          since: null,
        };
      });
  },
  counts: async ({ app, user }) => {
    const { rows, total } = await listInvitations(app, user, { page: 1, rows: ROWS });
    return [
      {
        group: '比选报价',
        label: '报价中',
        count: rows.filter((row) => row.open).length,
        href: '/notdchy/DemandOption',
      },
      { group: '比选报价', label: '全部邀请', count: total, href: '/notdchy/DemandOption' },
    ];
  },
};
