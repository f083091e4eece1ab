/** A list filter shared by features: the city's districts as a select (hall/sgs/getAllDistrict). */
import type { hallCalls } from '@shared/calls/hall';
import type { LeanCall } from '@shared/calls/define';
import { useCall, type FilterDef } from '@console/kit';

/**
 * The districts call as a lean wire description of its contract (as the hall's map island sends its
 * calls): hall.ts's schemas and the domain modules they import stay out of the chunks of the lists
 * that only filter by district (issue 23: each /electronics page ≤ 150 KB gzipped before
 * interaction). district-filter.test.ts checks it equals the contract's wire.
 */
export const districtsCall = {
  operationId: 'hall.districts',
  base: 'business',
  path: 'sgs/getAllDistrict',
  methods: ['GET'],
  encoding: 'form',
  envelope: 'object',
  queryFields: [],
  pathParams: [],
} as LeanCall<typeof hallCalls.districts>;

/** The district filter, from the city's districts; `label` as the list calls the column. */
export function useDistrictFilter(label = '所在区县'): FilterDef {
  const districts = useCall(districtsCall, {});
  return {
    name: 'districtCode',
    label,
    type: 'select',
    options: (districts.data ?? []).map((d) => ({ value: d.districtCode, label: d.districtName })),
  };
}
