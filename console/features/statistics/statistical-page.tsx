import { hallCalls, type HallCounts } from '@shared/calls/hall';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useCall } from '@console/kit/query';
import { zh } from '@console/lib/i18n';
import { statisticsTexts } from './texts';
import { formatDateTime } from '@shared/format';
import './statistical.css';

const t = statisticsTexts;

const tiles: { key: keyof HallCounts; label: string; hint: string }[] = [
  { key: 'agentOrganizationCount', label: t.agencies, hint: t.agenciesHint },
  { key: 'constructionCount', label: t.constructionUnits, hint: t.constructionUnitsHint },
  { key: 'projectCount', label: t.projects, hint: t.projectsHint },
  { key: 'natureDeptCount', label: t.departments, hint: t.departmentsHint },
];

const numberFormat = new Intl.NumberFormat('zh-CN');

/** /noticemanger/statistical: the overall figures (`GET {business}/statistics/getInfo`). */
export function StatisticalPage() {
  const counts = useCall(hallCalls.counts, {});
  const at = counts.dataUpdatedAt ? new Date(counts.dataUpdatedAt) : null;
  const reload = () => void counts.refetch();

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button variant="secondary" onClick={reload} disabled={counts.isFetching}>
            {t.refresh}
          </Button>
        }
      />
      {counts.error ? (
        <Notice tone="danger">
          <span>{counts.error.message}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : (
        <>
          <ul className="st-tiles" role="list" aria-busy={counts.isFetching}>
            {tiles.map((tile) => (
              <li key={tile.key}>
                <Card className="st-tile">
                  <h2 className="st-tile__label">{tile.label}</h2>
                  <p className="st-tile__value">
                    {counts.data ? numberFormat.format(counts.data[tile.key]) : '—'}
                  </p>
                  <p className="st-tile__hint">{tile.hint}</p>
                </Card>
              </li>
            ))}
          </ul>
          {counts.data && at ? (
            <p className="st-updated">
              {t.updatedAt}
              <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
