/**
 * Sharing on the work home (工作台): the owner's applications waiting for its decision (the authority's
 * come through the review engine's source, kind `share_authority`), and the sharing department's own
 * drafts to finish; counts of applications and downloads. Listed at server/work-sources.ts.
 */
import type { WorkSource } from '@server/modules/workbench';
import { roles } from '@shared/domain/roles';
import { shareStatus } from '@shared/domain/sharing';
import { listApplications, listDownloads } from './lists';

const concerned: readonly string[] = [roles.owner.id, roles.sharing.id];

export const sharingWorkSource: WorkSource = {
  name: 'sharing',
  appliesTo: (user) => !user.isAdmin && user.roleIds.some((role) => concerned.includes(role)),
  todos: async ({ db, user, now }) => {
    const tasks = [];
    if (user.roleIds.includes(roles.owner.id)) {
      const { rows } = await listApplications(db, user, { page: 1, rows: 100, todo: true }, now);
      tasks.push(
        ...rows.map((row) => ({
          key: `share_owner:${row.pkid}`,
          kind: '成果共享审核',
          title: `${row.applicantDept ?? row.applicantName}申请共享项目 ${row.projectNo}“${row.projectName}”的成果`,
          href: `/workflow/applyDetials?id=${row.pkid}`,
          dueAt: null,
          overdue: false,
          since: row.submittedAt === null ? null : new Date(row.submittedAt),
        })),
      );
    }
    if (user.roleIds.includes(roles.sharing.id)) {
      const { rows } = await listApplications(
        db,
        user,
        { page: 1, rows: 100, todo: false, status: shareStatus.code.draft },
        now,
      );
      tasks.push(
        ...rows.map((row) => ({
          key: `share_draft:${row.pkid}`,
          kind: '提交成果共享申请',
          title: `项目 ${row.projectNo}“${row.projectName}”的共享申请（草稿）`,
          href: `/workflow/applyDetials?id=${row.pkid}`,
          dueAt: null,
          overdue: false,
          since: new Date(row.updatedAt),
        })),
      );
    }
    return tasks;
  },
  counts: async ({ db, user, now }) => {
    const [all, downloads] = await Promise.all([
      listApplications(db, user, { page: 1, rows: 1, todo: false }, now),
      listDownloads(db, user, { page: 1, rows: 1 }),
    ]);
    return [
      { group: '成果共享', label: '共享申请', count: all.total, href: '/workflow/applyProjectList' },
      {
        group: '成果共享',
        label: '下载记录',
        count: downloads.total,
        href: '/workflow/applyProjectRecording',
      },
    ];
  },
};
