/**
 * /query/achievementQuery: the result items submitted, waiting, adopted and rejected and the valid
 * acceptance certificates, grouped by survey item, agency, district or month, for a district and a
 * period (all in the URL); a chart and a table of the same numbers, and the Excel export.
 */
import { lazy, Suspense } from 'react';
import { hallCalls } from '@shared/calls/hall';
import { queryCalls, type AchievementStatistics } from '@shared/calls/queries';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { achievementGroupings } from '@shared/validation/queries';
import { FilterBar, type FilterDef } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { useListState } from '@console/kit/url-state';
import { zh } from '@console/lib/i18n';
import { ExportButton, formatCount } from './shared';
import './queries.css';

const Bars = lazy(() => import('./bars'));

const names = ['groupBy', 'districtCode', 'start', 'end'] as const;

export function AchievementQueryPage() {
  const list = useListState(names);
  const districts = useCall(hallCalls.districts, {});
  const input = { ...list.filters, groupBy: list.filters.groupBy || 'item' };
  const stats = useCall(queryCalls.achievement, input);
  const grouping = achievementGroupings.find((g) => g.value === input.groupBy)?.label ?? '分组';
  const filters: FilterDef[] = [
    {
      name: 'groupBy',
      label: '统计维度',
      type: 'select',
      options: achievementGroupings,
      placeholder: '测绘事项',
    },
    {
      name: 'districtCode',
      label: '区县',
      type: 'select',
      options: (districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName })),
    },
    { name: 'start', label: '日期自', type: 'date' },
    { name: 'end', label: '日期至', type: 'date' },
  ];
  return (
    <>
      <PageHeader
        title="成果查询"
        description="按测绘事项、测绘机构、区县或月份统计提交、待审核、采纳和退回的成果事项及有效验收证书；日期限定成果的提交时间和证书的发证时间。"
        actions={
          <ExportButton
            call={queryCalls.achievementExport}
            input={input}
            fileName={`成果统计（按${grouping}）.xlsx`}
          />
        }
      />
      <FilterBar filters={filters} values={list.filters} onApply={list.setFilters} />
      {stats.error ? (
        <Notice tone="danger">
          {stats.error.message}{' '}
          <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : !stats.data ? (
        <p>{zh.common.loading}</p>
      ) : (
        <Statistics data={stats.data} grouping={grouping} />
      )}
    </>
  );
}

function Statistics({ data, grouping }: { data: AchievementStatistics; grouping: string }) {
  const chart = data.rows.map((row) => ({
    name: row.label,
    submitted: row.submitted,
    adopted: row.adopted,
    rejected: row.rejected,
    certificates: row.certificates,
  }));
  return (
    <>
      <Card className="qr-chart" aria-label={`按${grouping}的成果统计图表`}>
        <h2>
          按{grouping}统计{data.ownDistrictOnly ? '（本区县）' : ''}
        </h2>
        {data.rows.length === 0 ? (
          <p>所选条件下暂无成果</p>
        ) : (
          <div className="qr-chart__box" data-testid="achievement-chart">
            <Suspense fallback={<p>{zh.common.loading}</p>}>
              <Bars
                data={chart}
                series={[
                  { key: 'submitted', name: '提交事项', color: '#1d5fa8' },
                  { key: 'adopted', name: '已采纳', color: '#2e7d4f' },
                  { key: 'rejected', name: '已退回', color: '#b3261e' },
                  { key: 'certificates', name: '验收证书', color: '#8a5a00' },
                ]}
              />
            </Suspense>
          </div>
        )}
      </Card>
      <Card className="qr-table-card">
        <div className="qr-scroll" role="region" aria-label="成果统计表" tabIndex={0}>
          <table className="qr-table">
            <caption>成果统计（按{grouping}）</caption>
            <thead>
              <tr>
                <th scope="col">{grouping}</th>
                <th scope="col">提交事项</th>
                <th scope="col">待审核</th>
                <th scope="col">已采纳</th>
                <th scope="col">已退回</th>
                <th scope="col">验收证书</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{formatCount(row.submitted)}</td>
                  <td>{formatCount(row.pending)}</td>
                  <td>{formatCount(row.adopted)}</td>
                  <td>{formatCount(row.rejected)}</td>
                  <td>{formatCount(row.certificates)}</td>
                </tr>
              ))}
              <tr className="qr-table__total">
                <th scope="row">合计</th>
                <td>{formatCount(data.total.submitted)}</td>
                <td>{formatCount(data.total.pending)}</td>
                <td>{formatCount(data.total.adopted)}</td>
                <td>{formatCount(data.total.rejected)}</td>
                <td>{formatCount(data.total.certificates)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
