import type { HallCounts } from '@server/modules/statistics/service';
import { Button } from '@console/components/ui/button';
import { Card, Notice, PageHeader } from '@console/components/ui/page';
import { useApiData } from '@console/lib/use-api-data';
import { zh } from '@console/lib/i18n';
import { formatDateTime } from '@shared/format';
import './statistical.css';

const t = zh.statistics;

const tiles: { key: keyof HallCounts; label: string; hint: string }[] = [
  { key: 'agentOrganizationCount', label: t.agencies, hint: t.agenciesHint },
  { key: 'constructionCount', label: t.constructionUnits, hint: t.constructionUnitsHint },
  { key: 'projectCount', label: t.projects, hint: t.projectsHint },
  { key: 'natureDeptCount', label: t.departments, hint: t.departmentsHint },
];

const numberFormat = new Intl.NumberFormat('zh-CN');

/** /noticemanger/statistical: the overall figures (`GET {business}/statistics/getInfo`). */
export function StatisticalPage() {
  const counts = useApiData(
    async (api, signal) => ({
      counts: await api.object<HallCounts>('business', 'statistics/getInfo', { signal }),
      at: new Date(),
    }),
    [],
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button variant="secondary" onClick={counts.reload} disabled={counts.status === 'loading'}>
            {t.refresh}
          </Button>
        }
      />
      {counts.status === 'error' ? (
        <Notice tone="danger">
          <span>{counts.error.message}</span>
          <Button variant="secondary" size="sm" onClick={counts.reload}>
            {zh.common.retry}
          </Button>
        </Notice>
      ) : (
        <>
          <ul className="st-tiles" role="list" aria-busy={counts.status === 'loading'}>
            {tiles.map((tile) => (
              <li key={tile.key}>
                <Card className="st-tile">
                  <h2 className="st-tile__label">{tile.label}</h2>
                  <p className="st-tile__value">
                    {counts.data ? numberFormat.format(counts.data.counts[tile.key]) : '—'}
                  </p>
                  <p className="st-tile__hint">{tile.hint}</p>
                </Card>
              </li>
            ))}
          </ul>
          {counts.data ? (
            <p className="st-updated">
              {t.updatedAt}
              <time dateTime={counts.data.at.toISOString()}>{formatDateTime(counts.data.at)}</time>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
