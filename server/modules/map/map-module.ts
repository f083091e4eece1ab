/**
 * One map module per database: the cluster index and the map service, shared by the API routes and
 * the hall pages (server/hall-services.ts), so both see the same points and one invalidate() is enough.
 */
import type { AppContext } from '@server/app-context';
import type { Database } from '@server/db/database';
import { ClusterIndex, loadProjectPoints } from './cluster-index';
import { createLocalMapService } from './local-provider';
import { mapClientConfig, type MapService } from './map-service';
import { createTiandituMapService } from './tianditu-provider';
import type { MapClientConfig } from './types';

export interface MapModule {
  clusters: ClusterIndex;
  service: MapService;
  clientConfig: MapClientConfig;
}

const modules = new WeakMap<Database, MapModule>();

export function getMapModule(ctx: Pick<AppContext, 'db' | 'config'>): MapModule {
  const existing = modules.get(ctx.db);
  if (existing) return existing;
  const { map } = ctx.config;
  const clusters = new ClusterIndex(() => loadProjectPoints(ctx.db));
  const service = map.tiandituToken
    ? createTiandituMapService({ token: map.tiandituToken, apiUrl: map.tiandituApiUrl, bbox: map.bbox })
    : createLocalMapService(ctx.db, map.bbox, clusters);
  const created: MapModule = { clusters, service, clientConfig: mapClientConfig(map) };
  modules.set(ctx.db, created);
  return created;
}

/**
 * Drops this instance's points: the next map request reloads them. A write that moves a project,
 * changes its status or adds a demand (its stage) calls `notifyPageCache(tx, ['projects'])` instead,
 * which reaches every instance and calls this there (server/data-changes.ts). Cheap; safe to call often.
 */
export function invalidateProjectMap(db: Database): void {
  modules.get(db)?.clusters.invalidate();
}
