import type { HallCounts, HallServices } from '@server/hall-services';
import { readHomePart } from './home-data';

/** Reads the statistics strip's counts, or null when they could not be read (see readHomePart). */
export function loadHallCounts(
  services: Pick<HallServices, 'statistics'> | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<HallCounts | null> {
  return readHomePart(services, ({ statistics }) => statistics.getHallCounts(), onError);
}
