/**
 * /contract/GovPurchaseTotal: government purchases counted and summed per year (a recharts bar
 * chart), per district and per agency (tables), optionally for one year. The sums are the server's
 * exact decimal text; only the chart's bar heights are numbers (a picture needs no cents).
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { contractCalls, type GovTotals } from '@shared/calls/contracts';
import { formatMoney } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useCall } from '@console/kit/query';
import { zh } from '@console/lib/i18n';
import './contracts.css';

// recharts comes with the chart, not with the contract group's chunk (gov-total-chart.tsx).
const YearBars = lazy(() => import('./gov-total-chart'));

/** 万元 with two decimals for the axis (from the exact text: the chart only needs the magnitude). */
const tenThousands = (amount: string) => Number(amount) / 10_000;

export function GovPurchaseTotalPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('year');
  const year = raw && /^\d{4}$/.test(raw) ? Number(raw) : undefined;
  const totals = useCall(contractCalls.govTotals, year === undefined ? {} : { year });
  if (totals.error) return <Notice tone="danger">{totals.error.message}</Notice>;
  const data = totals.data;
  return (
    <>
      <PageHeader
        title="政府采购汇总"
        description="政府采购测绘服务合同按年度、区县和中介机构汇总的数量和金额。"
      />
      <Card className="ct-totals">
        <label className="ct-year">
          <span>年度</span>
          <select
            className="ui-input"
            value={year ?? ''}
            onChange={(event) => setSearch(event.target.value ? { year: event.target.value } : {})}
          >
            <option value="">全部年度</option>
            {(data?.years ?? []).map((y) => (
              <option key={y} value={y}>
                {y} 年
              </option>
            ))}
          </select>
        </label>
        {data ? (
          <p className="ct-totals__sum">
            合计 <strong>{data.total.count}</strong> 份合同，金额{' '}
            <strong className="ct-money">{formatMoney(data.total.amount)}</strong>
          </p>
        ) : (
          <p>正在加载…</p>
        )}
      </Card>
      {data ? <YearChart data={data} /> : null}
      {data ? (
        <div className="ct-totals__tables">
          <Card>
            <FiguresTable
              caption={`按区县汇总${year ? `（${year} 年）` : ''}`}
              head="区县"
              rows={data.byDistrict.map((row) => ({
                name: row.districtName,
                count: row.count,
                amount: row.amount,
              }))}
            />
          </Card>
          <Card>
            <FiguresTable
              caption={`按中介机构汇总（前 20 家）${year ? `（${year} 年）` : ''}`}
              head="中介机构"
              rows={data.byAgency.map((row) => ({ name: row.orgName, count: row.count, amount: row.amount }))}
            />
          </Card>
        </div>
      ) : null}
    </>
  );
}

function YearChart({ data }: { data: GovTotals }) {
  const points = data.byYear.map((row) => ({ year: `${row.year}年`, amount: tenThousands(row.amount) }));
  return (
    <Card className="ct-chart" aria-label="按年度的政府采购金额图表">
      <h2>按年度汇总（万元）</h2>
      {points.length === 0 ? (
        <p>暂无政府采购合同</p>
      ) : (
        <div className="ct-chart__box" data-testid="gov-chart">
          <Suspense fallback={<p>{zh.common.loading}</p>}>
            <YearBars points={points} />
          </Suspense>
        </div>
      )}
      <FiguresTable
        caption="按年度汇总"
        head="年度"
        rows={data.byYear.map((row) => ({ name: String(row.year), count: row.count, amount: row.amount }))}
      />
    </Card>
  );
}

/** Contracts counted and summed per year, district or agency (`head` names which). */
function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: readonly { name: string; count: number; amount: string }[];
}) {
  return (
    <table className="ct-versions">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">合同数</th>
          <th scope="col">金额</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td>{row.count}</td>
            <td className="ct-money">{formatMoney(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
