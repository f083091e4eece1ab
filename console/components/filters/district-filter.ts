/** A list filter shared by features: the city's districts as a select (hall/sgs/getAllDistrict). */
import { hallCalls } from '@shared/calls/hall';
import { useCall } from '@console/kit/query';
import { type FilterDef } from '@console/kit/list-page';

/**
 * The district filter, from the city's districts; `label` as the list calls the column. The lean call
 * keeps hall.ts's schemas out of the chunks of the lists that only filter by district (issue 23).
 */
export function useDistrictFilter(label = '所在区县'): FilterDef {
  const districts = useCall(hallCalls.districts, {});
  return {
    name: 'districtCode',
    label,
    type: 'select',
    options: (districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName })),
  };
}
