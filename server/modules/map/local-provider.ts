/**
 * The offline map service (default): place search over our districts and projects, reverse geocoding
 * by point in polygon over the district boundaries, plus the nearest project when one is close.
 */
import { and, asc, between, eq, ilike, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern } from '@server/db/contains-pattern';
import { isPublicProject } from '@server/modules/projects';
import type { Database } from '@server/db/database';
import { districts, projects } from '@server/db/schema';
import type { DistrictBoundary } from '@server/db/schema/reference';
import { pointInBoundary } from '@server/lib/geometry';
import type { ClusterIndex } from './cluster-index';
import { isListedDistrict, listDistrictShapes } from './districts';
import { isInside, PLACE_SEARCH_COUNT, type MapService } from './map-service';
import type { BBox, Place, ReverseResult } from './types';

/** About 300 m: a click closer than this to a project names it. */
const NEAR_PROJECT_DEGREES = 0.003;

interface DistrictPlace {
  districtCode: string;
  districtName: string;
  /** The city and the district, as an address begins. */
  fullName: string;
  boundary: DistrictBoundary;
}

export function createLocalMapService(db: Database, bbox: BBox, clusters: ClusterIndex): MapService {
  // Boundaries and names are reference data that nothing changes while the server runs: read once,
  // not on every click on the map.
  let places: Promise<DistrictPlace[]> | undefined;
  function districtPlaces(): Promise<DistrictPlace[]> {
    places ??= loadDistrictPlaces(db).catch((error: unknown) => {
      places = undefined; // try again next time
      throw error;
    });
    return places;
  }

  return {
    provider: 'local',

    async searchPlace(keyword) {
      const pattern = containsPattern(keyword.trim());
      const shapes = await listDistrictShapes(db);
      const districtHits: Place[] = shapes
        .filter((d) => d.center && d.districtName.includes(keyword.trim()))
        .map((d) => ({
          name: d.districtName,
          address: `${d.projectNum} 个项目`,
          lon: (d.center as [number, number])[0],
          lat: (d.center as [number, number])[1],
          kind: 'district' as const,
        }));
      const rows = await db
        .select({
          name: projects.projectName,
          address: projects.address,
          lon: projects.lon,
          lat: projects.lat,
        })
        .from(projects)
        .where(
          and(
            or(ilike(projects.projectName, pattern), ilike(projects.address, pattern)),
            between(projects.lon, bbox.west, bbox.east),
            between(projects.lat, bbox.south, bbox.north),
            isPublicProject,
          ),
        )
        .orderBy(asc(projects.projectName))
        .limit(PLACE_SEARCH_COUNT);
      const projectHits: Place[] = rows.map((row) => ({
        name: row.name,
        address: row.address,
        lon: row.lon as number,
        lat: row.lat as number,
        kind: 'project',
      }));
      return [...districtHits, ...projectHits].slice(0, PLACE_SEARCH_COUNT);
    },

    async reverseGeocode(lon, lat): Promise<ReverseResult> {
      const outside: ReverseResult = { address: null, districtCode: null, districtName: null };
      if (!isInside(bbox, lon, lat)) return outside;
      const hit = (await districtPlaces()).find((place) => pointInBoundary([lon, lat], place.boundary));
      if (!hit) return outside;
      const near = await clusters.nearest(lon, lat, NEAR_PROJECT_DEGREES);
      const address = near ? `${hit.fullName} ${near.name}附近` : hit.fullName;
      return { address, districtCode: hit.districtCode, districtName: hit.districtName };
    },
  };
}

async function loadDistrictPlaces(db: Database): Promise<DistrictPlace[]> {
  const parent = alias(districts, 'parent');
  const rows = await db
    .select({
      districtCode: districts.districtCode,
      districtName: districts.districtName,
      cityName: parent.districtName,
      boundary: districts.boundary,
    })
    .from(districts)
    .leftJoin(parent, eq(parent.districtCode, districts.parentCode))
    .where(isListedDistrict);
  return rows.flatMap(({ boundary, cityName, ...row }) =>
    boundary ? [{ ...row, boundary, fullName: `${cityName ?? ''}${row.districtName}` }] : [],
  );
}
