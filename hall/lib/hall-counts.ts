import type { HallCounts, HallServices } from '@server/hall-services';

/**
 * Reads the statistics strip's counts. The home page must still render when they cannot be read
 * (services not passed, as under `astro dev`, or a database error): it then gets null and says so;
 * the error is reported through `onError`.
 */
export async function loadHallCounts(
  services: Pick<HallServices, 'statistics'> | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<HallCounts | null> {
  if (!services) {
    onError(new Error('locals.services is missing: the hall must be served by server/main.ts'));
    return null;
  }
  try {
    return await services.statistics.getHallCounts();
  } catch (error) {
    onError(error);
    return null;
  }
}
