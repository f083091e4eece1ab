/**
 * The map module: the cluster index and the map service, one per app context, shared by the API
 * routes and the hall pages (server/hall-services.ts), so both see the same points and one
 * invalidate() is enough. A write that moves a project, changes its status or adds a demand (its
 * stage) calls `notifyPageCache(tx, ['projects'])`, which reaches every instance and drops the points
 * there (server/data-changes.ts).
 */
import type { AppContext } from '@server/app-context';
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

/** Built once per context by the composition root (server/services.ts): `ctx.services.map`. */
export function createMapModule(ctx: Pick<AppContext, 'db' | 'config'>): MapModule {
  const { map } = ctx.config;
  const clusters = new ClusterIndex(() => loadProjectPoints(ctx.db));
  const service = map.tiandituToken
    ? createTiandituMapService({ token: map.tiandituToken, apiUrl: map.tiandituApiUrl, bbox: map.bbox })
    : createLocalMapService(ctx.db, map.bbox, clusters);
  return { clusters, service, clientConfig: mapClientConfig(map) };
}
