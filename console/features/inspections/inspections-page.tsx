/** /evaluatemanger/organizationCheckList: the rounds, or with ?id= one round. */
import { useUrlId } from '@console/kit/record-page';
import { RoundListPage } from './round-list';
import { RoundPage } from './round-page';

export function InspectionsPage() {
  return useUrlId('id') === undefined ? <RoundListPage /> : <RoundPage />;
}
