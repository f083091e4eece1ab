/** Pieces the authorization pages share: columns, the signed-in user's roles. */
import { Link } from 'react-router';
import type { AuthorizationRow, AuthChangeRow } from '@shared/calls/authorizations';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import { changeColumns as common } from '@console/components/review/change-request';

export const authorizationColumns: readonly Column<AuthorizationRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`/notdchy/Detials?id=${row.authorizationId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  {
    key: 'stageName',
    header: '阶段与测绘事项',
    cell: (row) => `${row.stageName}：${row.itemNames.join('、')}`,
  },
  { key: 'orgName', header: '受托机构', cell: (row) => row.orgName },
  {
    key: 'state',
    header: '委托状态',
    cell: (row) => <StatusBadge table={authorizationState} value={row.state} />,
  },
  {
    key: 'projectStatus',
    header: '项目状态',
    cell: (row) => <StatusBadge table={projectStatus} value={row.projectStatus} />,
  },
  { key: 'authorizedAt', header: '委托时间', cell: (row) => formatDateTime(row.authorizedAt), nowrap: true },
];

export const changeColumns = (link: ((row: AuthChangeRow) => string) | null): Column<AuthChangeRow>[] => [
  common.subject('projectName', '项目名称', link),
  { key: 'fromOrgName', header: '原受托机构', cell: (row) => row.fromOrgName },
  { key: 'toOrgName', header: '新受托机构', cell: (row) => row.toOrgName },
  common.reason(),
  common.status('审核状态'),
  common.createdAt(),
];
