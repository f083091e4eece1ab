/**
 * An agency's satisfaction on its record: how many owners rated it, the overall average and each
 * criterion's (by label, across criteria versions; public figures).
 */
import { satisfactionCalls } from '@shared/calls/satisfaction';
import { DetailSection } from '@console/kit/detail';
import { useCall } from '@console/kit/query';

const score = (value: number | null) => (value === null ? '暂无' : `${value.toFixed(2)} 分`);

export function AgencySatisfaction({ organizationId }: { organizationId: number }) {
  const summary = useCall(satisfactionCalls.summary, { organizationId });
  const data = summary.data;
  if (!data) return null;
  return (
    <DetailSection
      title="满意度评价"
      items={[
        { label: '评价次数', value: `${data.count} 次` },
        { label: '综合平均分', value: score(data.average) },
        ...data.criteria.map((criterion) => ({ label: criterion.label, value: score(criterion.average) })),
      ]}
    />
  );
}
