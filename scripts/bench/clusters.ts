/**
 * The clustering call on the 100,000-project data set, through the real HTTP app in process
 * (validation, index lookup, JSON): viewport-sized boxes at random zooms, with and without filters.
 */
import path from 'node:path';
import { createApp } from '@server/app';
import type { AppContext } from '@server/app-context';
import { loadConfig } from '@server/config';
import { openPglite } from '@server/db/client';
import { createLogger } from '@server/lib/logger';
import { createPageCache } from '@server/lib/page-cache';
import { withServices } from '@server/services';
import { createFsStorage } from '@server/storage/storage';
import { Rng } from '@server/seed/random';

export interface ClusterBench {
  projects: number;
  /** First call: read every point from the database and build the unfiltered index. */
  coldMs: number;
  /** First call per filter combination: build its index (later calls hit the LRU). */
  filteredIndexMs: number[];
  queries: number;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number;

/** The lon/lat box a 1366×600 px map shows around a point at a zoom (Web Mercator, near enough). */
function viewport(lon: number, lat: number, zoom: number): string {
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  const halfW = (1366 / 2) * degreesPerPx;
  const halfH = (600 / 2) * degreesPerPx * Math.cos((lat * Math.PI) / 180);
  return [lon - halfW, lat - halfH, lon + halfW, lat + halfH].map((n) => n.toFixed(5)).join(',');
}

export async function benchClusters(dataDir: string, queries = 600): Promise<ClusterBench> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = await openPglite(dataDir);
  try {
    const ctx: AppContext = withServices({
      config,
      db: database.db,
      logger: createLogger(config),
      storage: createFsStorage(path.join(dataDir, 'files')),
      pingDatabase: database.ping,
      pageCache: createPageCache(),
    });
    const app = createApp(ctx);
    const { west, south, east, north } = config.map.bbox;
    const call = async (query: string) => {
      const response = await app.request(`/smsend/map/clusters?${query}`);
      if (response.status !== 200) throw new Error(`clusters answered ${response.status}`);
      return (await response.json()) as { object: { total: number } };
    };

    const cityView = `zoom=10&bbox=${west},${south},${east},${north}`;
    let started = performance.now();
    const { object } = await call(cityView);
    const coldMs = performance.now() - started;

    const filters = ['stage=4', 'status=4', 'year=2025', 'stage=2&status=3', 'status=7&year=2024'];
    const filteredIndexMs: number[] = [];
    for (const filter of filters) {
      started = performance.now();
      await call(`${cityView}&${filter}`);
      filteredIndexMs.push(performance.now() - started);
    }

    const rng = new Rng('bench-clusters');
    const times: number[] = [];
    for (let i = 0; i < queries; i++) {
      const zoom = rng.int(9, 17);
      const lon = rng.real(west, east);
      const lat = rng.real(south, north);
      const filter = rng.chance(0.3) ? `&${rng.pick(filters)}` : '';
      const query = `zoom=${zoom}&bbox=${viewport(lon, lat, zoom)}${filter}`;
      const t = performance.now();
      await call(query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return {
      projects: object.total,
      coldMs,
      filteredIndexMs,
      queries,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: times[times.length - 1] as number,
    };
  } finally {
    await database.close();
  }
}
