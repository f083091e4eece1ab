/**
 * /noticemanger/mapStatistical: the districts shaded by a chosen measure (projects, contract amount,
 * overdue projects) with a legend; a click on a district opens its project list (/query/projectQuery
 * filtered). The numbers are districtCounty's (one query feeds both pages); the map draws the district
 * outlines of the hall's map, on the offline base unless Tianditu tiles are configured. The same
 * numbers are in a table below, whose links do what a click on the map does (keyboard, screen readers).
 */
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hallCalls } from '@shared/calls/hall';
import { queryCalls, type DistrictFigures } from '@shared/calls/queries';
import { formatMoney } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useCall } from '@console/kit/query';
import { zh } from '@console/lib/i18n';
import { formatCount, projectListHref } from './shared';
import './queries.css';

// Leaflet needs a window: it is loaded with the map, not with the feature's chunk.
const ShadedDistricts = lazy(() => import('./shaded-districts'));

type MeasureId = 'projects' | 'amount' | 'overdue';

interface Measure {
  id: MeasureId;
  label: string;
  unit: string;
  value: (row: DistrictFigures) => number;
  format: (row: DistrictFigures) => string;
  /** The list a district's number stands for. */
  filter: Record<string, string>;
}

const measures: readonly Measure[] = [
  {
    id: 'projects',
    label: '项目数',
    unit: '个',
    value: (row) => row.projects,
    format: (row) => `${formatCount(row.projects)} 个`,
    filter: {},
  },
  {
    id: 'amount',
    label: '合同金额',
    unit: '万元',
    value: (row) => Number(row.contractAmount) / 10_000,
    format: (row) => `${formatMoney(row.contractAmount)} 元`,
    filter: {},
  },
  {
    id: 'overdue',
    label: '逾期项目',
    unit: '个',
    value: (row) => row.overdue,
    format: (row) => `${formatCount(row.overdue)} 个`,
    filter: { overdue: '1' },
  },
];

/** Five shades, light to dark (sequential blue; red for overdue). */
const palettes: Record<MeasureId, readonly string[]> = {
  projects: ['#eef3fa', '#c6d9f0', '#8fb4e0', '#4f86c6', '#1d4f91'],
  amount: ['#eef7f0', '#c5e4cd', '#8cc89d', '#4a9e63', '#1f6b38'],
  overdue: ['#fbeeee', '#f3c7c4', '#e58f89', '#cc4b42', '#8e1b14'],
};

/** Equal steps (whole numbers) from 0 to the largest value; a district with 0 takes the lightest shade. */
function classes(max: number): number[] {
  if (max <= 0) return [0, 0, 0, 0];
  return [1, 2, 3, 4].map((i) => Math.ceil((max * i) / 5));
}

function shadeOf(value: number, bounds: readonly number[], palette: readonly string[]): string {
  const index = bounds.findIndex((bound) => value <= bound);
  return palette[index < 0 ? palette.length - 1 : index] ?? palette[0]!;
}

const decimals = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function MapStatisticalPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const measure = measures.find((m) => m.id === search.get('measure')) ?? measures[0]!;
  const figures = useCall(queryCalls.districtCounty, {});
  const shapes = useCall(hallCalls.mapDistricts, {});
  const config = useCall(hallCalls.mapConfig, {});
  const rows = figures.data?.rows ?? [];
  const byCode = new Map(rows.map((row) => [row.districtCode, row]));
  const max = Math.max(0, ...rows.map(measure.value));
  const bounds = classes(max);
  const palette = palettes[measure.id];
  const open = (row: DistrictFigures) =>
    void navigate(projectListHref({ districtCode: row.districtCode, ...measure.filter }));
  const bbox = config.data?.bbox;
  const error = figures.error ?? shapes.error ?? config.error;

  return (
    <>
      <PageHeader
        title="地图统计"
        description="各区县按所选指标着色，颜色越深数值越大；点击区县查看该区县的项目列表。数字与区县查询相同。"
      />
      <fieldset className="qr-measures">
        <legend>着色指标</legend>
        {measures.map((m) => (
          <label key={m.id}>
            <input
              type="radio"
              name="measure"
              value={m.id}
              checked={m.id === measure.id}
              onChange={() => setSearch(m.id === 'projects' ? {} : { measure: m.id }, { replace: true })}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <Notice tone="danger">
          {error.message}{' '}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void figures.refetch();
              void shapes.refetch();
              void config.refetch();
            }}
          >
            {zh.common.retry}
          </Button>
        </Notice>
      ) : null}
      <div className="qr-map-layout">
        <Card className="qr-map">
          <div className="qr-map__canvas" data-testid="statistics-map">
            {bbox && figures.data && shapes.data ? (
              <Suspense fallback={<p>正在加载地图…</p>}>
                <ShadedDistricts
                  bbox={bbox}
                  config={config.data}
                  areas={shapes.data.flatMap((shape) => {
                    const row = byCode.get(shape.districtCode);
                    return shape.boundary && row
                      ? [
                          {
                            key: `${shape.districtCode}-${measure.id}-${max}`,
                            boundary: shape.boundary,
                            fill: shadeOf(measure.value(row), bounds, palette),
                            tooltip: `${row.districtName}：${measure.format(row)}`,
                            onClick: () => open(row),
                          },
                        ]
                      : [];
                  })}
                />
              </Suspense>
            ) : (
              <p>正在加载地图…</p>
            )}
          </div>
          <ol className="qr-legend" aria-label={`图例：${measure.label}（${measure.unit}）`}>
            {palette.map((color, index) => {
              const low = index === 0 ? 0 : (bounds[index - 1] ?? 0);
              const high = bounds[index] ?? max;
              return (
                <li key={color}>
                  <span className="qr-legend__swatch" style={{ background: color }} aria-hidden="true" />
                  {index === 0
                    ? `≤ ${decimals(high)}`
                    : `${decimals(low)} – ${decimals(index === 4 ? max : high)}`}
                </li>
              );
            })}
            <li className="qr-legend__unit">单位：{measure.unit}</li>
          </ol>
        </Card>
        <Card className="qr-table-card">
          <table className="qr-table">
            <caption>各区县{measure.label}</caption>
            <thead>
              <tr>
                <th scope="col">区县</th>
                <th scope="col">{measure.label}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.districtCode}>
                  <th scope="row">
                    <Link to={projectListHref({ districtCode: row.districtCode, ...measure.filter })}>
                      {row.districtName}
                    </Link>
                  </th>
                  <td>{measure.format(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </>
  );
}
