/**
 * 一张图 (/electronics/APicture, issue 23): every archive case the user sees at its project's place on
 * one map of the city, filtered by stage, survey item, agency and year (the filters live in the URL),
 * clustered when zoomed out; each point opens its case.
 */
import { lazy, Suspense } from 'react';
import { electronicsCalls } from '@shared/calls/electronics';
import { hallCalls } from '@shared/calls/hall';
import { stages, surveyItems } from '@shared/domain/stages';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { FilterBar } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { useListState } from '@console/kit/url-state';
import './electronics.css';
import { yearOptions } from '@console/components/filters/year-options';

const PictureMap = lazy(() => import('./picture-map'));

const FILTERS = ['stage', 'itemId', 'orgName', 'year'] as const;

export function APicturePage() {
  const list = useListState(FILTERS);
  const filters = Object.fromEntries(Object.entries(list.filters).filter(([, value]) => value !== ''));
  const picture = useCall(electronicsCalls.picture, filters);
  const config = useCall(hallCalls.mapConfig, {});
  const districts = useCall(hallCalls.mapDistricts, {});
  const data = picture.data;
  return (
    <>
      <PageHeader
        title="一张图"
        description="已归档项目的成果位置一图展示：缩小时按区域聚合，放大后点击位置查看档案。"
      />
      <FilterBar
        values={list.filters}
        onApply={(values) => list.setFilters(values)}
        filters={[
          {
            name: 'stage',
            label: '阶段',
            type: 'select',
            options: stages.map((stage) => ({ value: stage.id, label: stage.name })),
          },
          {
            name: 'itemId',
            label: '测绘事项',
            type: 'select',
            options: surveyItems.map((item) => ({ value: item.id, label: item.name })),
          },
          { name: 'orgName', label: '测绘单位' },
          {
            name: 'year',
            label: '归档年份',
            type: 'select',
            options: yearOptions(6),
          },
        ]}
      />
      {picture.error ? <Notice tone="danger">{picture.error.message}</Notice> : null}
      <Card className="el-map">
        <div className="el-map__canvas" data-testid="picture-map">
          {config.data && districts.data && data ? (
            <Suspense fallback={<p role="status">正在加载地图…</p>}>
              <PictureMap config={config.data} districts={districts.data} points={data.points} />
            </Suspense>
          ) : (
            <p role="status">正在加载地图…</p>
          )}
        </div>
        <p className="el-note" role="status">
          {data
            ? data.total === 0
              ? '没有符合条件的档案'
              : `共 ${data.total} 个档案${data.total > data.points.length ? `，显示最新的 ${data.points.length} 个` : ''}`
            : '正在查询…'}
        </p>
      </Card>
    </>
  );
}
