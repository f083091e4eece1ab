/**
 * The columns of the lists of registrants (agencies, construction units) that reviewers and the
 * authority work from: who the registrant is, where, and how far its registration is.
 *
 * ```tsx
 * const columns = [...registrantColumns(unit), submittedColumn<ConstructionTask>()];
 * ```
 */
import { Link } from 'react-router';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';

/** How a list's rows name their registrant, and its page. */
export interface RegistrantOf<R> {
  /** The name column's header (机构名称, 单位名称). */
  noun: string;
  name: (row: R) => string;
  creditCode: (row: R) => string | null;
  href: (row: R) => string;
}

interface RegistrantRow {
  legalPersonName: string | null;
  districtName: string | null;
  auditStatus: number;
}

/** The name (a link to the registrant's page), credit code, legal person, district and status. */
export function registrantColumns<R extends RegistrantRow>(of: RegistrantOf<R>): Column<R>[] {
  return [
    {
      key: 'name',
      header: of.noun,
      cell: (row) => <Link to={of.href(row)}>{of.name(row)}</Link>,
      wide: true,
    },
    { key: 'creditCode', header: '统一社会信用代码', cell: (row) => of.creditCode(row) ?? '', nowrap: true },
    { key: 'legalPersonName', header: '法定代表人', cell: (row) => row.legalPersonName ?? '' },
    { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
    {
      key: 'auditStatus',
      header: '状态',
      cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
    },
  ];
}

/** When the registration was sent for review. */
export function submittedColumn<R extends { submittedAt: string | null }>(): Column<R> {
  return {
    key: 'submittedAt',
    header: '提交时间',
    cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : ''),
    nowrap: true,
  };
}
