/**
 * /query/districtCounty: per district, the projects by status, the projects with a demand at each
 * stage, the contracts by status with their amount, and the overdue projects; a chart and tables of
 * the same numbers, each number a link to the list it counts (/query/projectQuery with the filter in
 * the URL), an optional registration period (in the URL too) and the Excel export of the tables.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { queryCalls, type DistrictCounty, type DistrictFigures } from '@shared/calls/queries';
import { contractStatus, projectStatus } from '@shared/domain/statuses';
import { formatMoney } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { FilterBar } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { useListState } from '@console/kit/url-state';
import { zh } from '@console/lib/i18n';
import { CountLink, ExportButton, formatCount } from './shared';
import './queries.css';

const Bars = lazy(() => import('./bars'));

export const periodFilters = [
  { name: 'start', label: '登记日期自', type: 'date' },
  { name: 'end', label: '登记日期至', type: 'date' },
] as const;

type Totals = DistrictCounty['total'];
const countOf = (list: readonly { key: number; count: number }[], key: number) =>
  list.find((entry) => entry.key === key)?.count ?? 0;
const amountOf = (list: readonly { key: number; amount: string }[], key: number) =>
  list.find((entry) => entry.key === key)?.amount ?? '0.00';

export function DistrictCountyPage() {
  const list = useListState(['start', 'end']);
  const period = list.filters;
  const figures = useCall(queryCalls.districtCounty, { start: period.start, end: period.end });
  const data = figures.data;
  return (
    <>
      <PageHeader
        title="区县查询"
        description="各区县的项目、需求、合同和金额，按状态和审批阶段统计；点击数字查看对应的项目列表。"
        actions={
          <ExportButton call={queryCalls.districtCountyExport} input={period} fileName="区县统计.xlsx" />
        }
      />
      <FilterBar filters={periodFilters} values={period} onApply={list.setFilters} />
      {figures.error ? (
        <Notice tone="danger">
          {figures.error.message}{' '}
          <Button variant="secondary" size="sm" onClick={() => void figures.refetch()}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : !data ? (
        <p>{zh.common.loading}</p>
      ) : (
        <Figures data={data} period={period} />
      )}
    </>
  );
}

function Figures({ data, period }: { data: DistrictCounty; period: { start: string; end: string } }) {
  const chart = data.rows.map((row) => ({
    name: row.districtName,
    projects: row.projects,
    demands: row.demands,
    contracts: row.contracts,
    overdue: row.overdue,
  }));
  const scopeNote = data.ownDistrictOnly ? '（本区县）' : '';
  return (
    <>
      <Card className="qr-chart" aria-label="各区县项目、需求、合同和逾期项目图表">
        <h2>各区县概况{scopeNote}</h2>
        <p className="qr-summary">
          合计 <strong>{formatCount(data.total.projects)}</strong> 个项目、
          <strong>{formatCount(data.total.demands)}</strong> 个需求、
          <strong>{formatCount(data.total.contracts)}</strong> 份合同，合同金额{' '}
          <strong>{formatMoney(data.total.contractAmount)}</strong> 元，逾期项目{' '}
          <strong>{formatCount(data.total.overdue)}</strong> 个。
        </p>
        <div className="qr-chart__box" data-testid="district-chart">
          <Suspense fallback={<p>{zh.common.loading}</p>}>
            <Bars
              data={chart}
              series={[
                { key: 'projects', name: '项目', color: '#1d5fa8' },
                { key: 'demands', name: '需求', color: '#5b8fd0' },
                { key: 'contracts', name: '合同', color: '#2e7d4f' },
                { key: 'overdue', name: '逾期项目', color: '#b3261e' },
              ]}
            />
          </Suspense>
        </div>
      </Card>
      <ProjectsTable data={data} period={period} />
      <DemandsTable data={data} period={period} />
      <ContractsTable data={data} period={period} />
    </>
  );
}

interface TableProps {
  data: DistrictCounty;
  period: { start: string; end: string };
}

/** A district row, or the totals row (no district filter: the server narrows a sub-office anyway). */
interface DistrictRow {
  name: string;
  code: string | undefined;
  f: Totals | DistrictFigures;
}

function eachRow(data: DistrictCounty): DistrictRow[] {
  return [
    ...data.rows.map((row) => ({ name: row.districtName, code: row.districtCode, f: row })),
    { name: '合计', code: undefined, f: data.total },
  ];
}

/** A column after 区县: its heading and its cell in a row. */
interface Column {
  key: string | number;
  header: string;
  cell: (row: DistrictRow) => ReactNode;
  className?: string;
}

/** One table of figures: a row per district and the totals, in a scrolling region named `region`. */
function DistrictTable({
  data,
  region,
  caption,
  columns,
}: {
  data: DistrictCounty;
  region: string;
  caption: string;
  columns: readonly Column[];
}) {
  return (
    <Card className="qr-table-card">
      <div className="qr-scroll" role="region" aria-label={region} tabIndex={0}>
        <table className="qr-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">区县</th>
              {columns.map((column) => (
                <th scope="col" key={column.key}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {eachRow(data).map((row) => (
              <tr key={row.name} className={row.code ? undefined : 'qr-table__total'}>
                <th scope="row">{row.name}</th>
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function ProjectsTable({ data, period }: TableProps) {
  return (
    <DistrictTable
      data={data}
      region="按项目状态"
      caption="项目（按状态）"
      columns={[
        {
          key: 'projects',
          header: '项目数',
          cell: ({ name, code, f }) => (
            <CountLink count={f.projects} filter={{ districtCode: code, ...period }} label={`${name}项目`} />
          ),
        },
        ...projectStatus.entries.map((s) => ({
          key: s.value,
          header: s.label,
          cell: ({ name, code, f }: DistrictRow) => (
            <CountLink
              count={countOf(f.projectsByStatus, s.value)}
              filter={{ districtCode: code, status: s.value, ...period }}
              label={`${name}${s.label}项目`}
            />
          ),
        })),
      ]}
    />
  );
}

function DemandsTable({ data, period }: TableProps) {
  return (
    <DistrictTable
      data={data}
      region="按审批阶段"
      caption="需求（按审批阶段的项目数）和逾期项目"
      columns={[
        { key: 'demands', header: '需求数', cell: ({ f }) => formatCount(f.demands) },
        ...data.stages.map((s) => ({
          key: s.stageId,
          header: s.name,
          cell: ({ name, code, f }: DistrictRow) => (
            <CountLink
              count={countOf(f.projectsByStage, s.stageId)}
              filter={{ districtCode: code, stageId: s.stageId, ...period }}
              label={`${name}${s.name}项目`}
            />
          ),
        })),
        {
          key: 'overdue',
          header: '逾期项目',
          cell: ({ name, code, f }) => (
            <CountLink
              count={f.overdue}
              filter={{ districtCode: code, overdue: '1', ...period }}
              label={`${name}逾期项目`}
            />
          ),
        },
      ]}
    />
  );
}

function ContractsTable({ data, period }: TableProps) {
  return (
    <DistrictTable
      data={data}
      region="按合同状态"
      caption="合同（按状态的份数和金额，元）"
      columns={[
        { key: 'contracts', header: '合同数', cell: ({ f }) => formatCount(f.contracts) },
        ...contractStatus.entries.map((s) => ({
          key: s.value,
          header: s.label,
          cell: ({ name, code, f }: DistrictRow) => {
            const n = countOf(f.contractsByStatus, s.value);
            return (
              <>
                <CountLink
                  count={n}
                  filter={{ districtCode: code, contractStatus: s.value, ...period }}
                  label={`${name}${s.label}合同的项目`}
                />
                {n > 0 ? (
                  <span className="qr-amount">{formatMoney(amountOf(f.amountByStatus, s.value))}</span>
                ) : null}
              </>
            );
          },
        })),
        {
          key: 'amount',
          header: '合同金额（不含已终止）',
          className: 'qr-money',
          cell: ({ f }) => formatMoney(f.contractAmount),
        },
      ]}
    />
  );
}
