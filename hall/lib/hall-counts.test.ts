import { describe, expect, it, vi } from 'vitest';
import type { HallCounts, HallServices } from '@server/hall-services';
import { loadHallCounts } from './hall-counts';

const counts: HallCounts = {
  agentOrganizationCount: 3,
  constructionCount: 4,
  projectCount: 5,
  natureDeptCount: 6,
};

function servicesReturning(get: () => Promise<HallCounts>): Pick<HallServices, 'statistics'> {
  return { statistics: { getHallCounts: get } };
}

describe('loadHallCounts', () => {
  it('returns the services’ counts', async () => {
    await expect(loadHallCounts(servicesReturning(async () => counts))).resolves.toEqual(counts);
  });

  it('returns null and reports when the services are missing', async () => {
    const onError = vi.fn();
    await expect(loadHallCounts(undefined, onError)).resolves.toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('returns null and reports the database error', async () => {
    const failure = new Error('database down');
    const onError = vi.fn();
    const services = servicesReturning(() => Promise.reject(failure));
    await expect(loadHallCounts(services, onError)).resolves.toBeNull();
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
