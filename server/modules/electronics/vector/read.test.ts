import { unzipSync, zipSync } from 'fflate';
import type { Point, Polygon } from 'geojson';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { zippedShapefile, type SampleGeometry } from '@shared/samples/shapefile-sample';
import { acceptedCrs, crsFromName, crsFromPrj, prjOf, readVectorFile, VectorFileError } from '.';

const box = { west: 118.0, south: 36.2, east: 118.6, north: 36.6 };
const encode = (text: string) => new TextEncoder().encode(text);

/** The message of the VectorFileError the call throws. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(VectorFileError);
    return (error as Error).message;
  }
  throw new Error('expected a VectorFileError');
}

/**
 * Gauss-Krüger forward on the CGCS2000 ellipsoid by Krüger's series (to n⁴, sub-millimetre within a
 * zone), written independently of proj4 so that a wrong definition (central meridian, false easting,
 * ellipsoid) shows.
 */
function gaussKruger(lon: number, lat: number, centralMeridian: number, falseEasting: number) {
  const a = 6378137;
  const f = 1 / 298.257222101;
  const n = f / (2 - f);
  const A = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64);
  const alpha = [
    n / 2 - (2 * n ** 2) / 3 + (5 * n ** 3) / 16 + (41 * n ** 4) / 180,
    (13 * n ** 2) / 48 - (3 * n ** 3) / 5 + (557 * n ** 4) / 1440,
    (61 * n ** 3) / 240 - (103 * n ** 4) / 140,
    (49561 * n ** 4) / 161280,
  ];
  const phi = (lat * Math.PI) / 180;
  const dLambda = ((lon - centralMeridian) * Math.PI) / 180;
  const e = (2 * Math.sqrt(n)) / (1 + n);
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - e * Math.atanh(e * Math.sin(phi)));
  const xi1 = Math.atan2(t, Math.cos(dLambda));
  const eta1 = Math.atanh(Math.sin(dLambda) / Math.sqrt(1 + t * t));
  let xi = xi1;
  let eta = eta1;
  alpha.forEach((coefficient, index) => {
    const j = 2 * (index + 1);
    xi += coefficient * Math.sin(j * xi1) * Math.cosh(j * eta1);
    eta += coefficient * Math.cos(j * xi1) * Math.sinh(j * eta1);
  });
  return [falseEasting + A * eta, A * xi];
}

/** Metres between two nearby lon/lat points. */
function metresBetween([lon1, lat1]: number[], [lon2, lat2]: number[]) {
  const dy = ((lat2! - lat1!) * Math.PI * 6378137) / 180;
  const dx = ((lon2! - lon1!) * Math.PI * 6378137 * Math.cos((lat1! * Math.PI) / 180)) / 180;
  return Math.hypot(dx, dy);
}

/** Projects lon/lat into an accepted system with proj4. */
const projector = (code: string) => {
  const converter = proj4(crsFromName('EPSG:4326')!.proj4, crsFromName(code)!.proj4);
  return (lon: number, lat: number) => converter.forward([lon, lat]);
};

/** A small square (about 900 × 1100 m) at lon/lat, as a closed ring of projected points. */
const square = (project: (lon: number, lat: number) => number[], lon: number, lat: number) => [
  project(lon, lat),
  project(lon + 0.01, lat),
  project(lon + 0.01, lat + 0.01),
  project(lon, lat + 0.01),
  project(lon, lat),
];

const ZONE_39 = `PROJCS["CGCS2000_3_Degree_GK_Zone_39",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",39500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`;
const CM_117E = `PROJCS["CGCS2000_3_Degree_GK_CM_117E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`;
const GK6_ZONE_20 = `PROJCS["CGCS2000_GK_Zone_20",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",20500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`;
const GK6_CM_117E = `PROJCS["CGCS2000_GK_CM_117E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`;
const GCS_WGS_1984 = `GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]`;
const GCS_CGCS2000 = `GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]`;
/** As GDAL (OGC WKT1) writes EPSG:4527. */
const OGC_ZONE_39 = `PROJCS["CGCS2000 / 3-degree Gauss-Kruger zone 39",GEOGCS["China Geodetic Coordinate System 2000",DATUM["China_2000",SPHEROID["CGCS2000",6378137,298.257222101,AUTHORITY["EPSG","1024"]],AUTHORITY["EPSG","1043"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4490"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",117],PARAMETER["scale_factor",1],PARAMETER["false_easting",39500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Northing",NORTH],AXIS["Easting",EAST],AUTHORITY["EPSG","4527"]]`;
/** WKT2 (as PROJ writes EPSG:4548). */
const WKT2_CM_117E = `PROJCRS["CGCS2000 / 3-degree Gauss-Kruger CM 117E",BASEGEOGCRS["China Geodetic Coordinate System 2000",DATUM["China 2000",ELLIPSOID["CGCS2000",6378137,298.257222101,LENGTHUNIT["metre",1]]],PRIMEM["Greenwich",0,ANGLEUNIT["degree",0.0174532925199433]],ID["EPSG",4490]],CONVERSION["3-degree Gauss-Kruger CM 117E",METHOD["Transverse Mercator",ID["EPSG",9807]],PARAMETER["Latitude of natural origin",0,ANGLEUNIT["degree",0.0174532925199433]],PARAMETER["Longitude of natural origin",117,ANGLEUNIT["degree",0.0174532925199433]],PARAMETER["Scale factor at natural origin",1,SCALEUNIT["unity",1]],PARAMETER["False easting",500000,LENGTHUNIT["metre",1]],PARAMETER["False northing",0,LENGTHUNIT["metre",1]]],CS[Cartesian,2],AXIS["northing (X)",north,ORDER[1],LENGTHUNIT["metre",1]],AXIS["easting (Y)",east,ORDER[2],LENGTHUNIT["metre",1]],ID["EPSG",4548]]`;
const BEIJING_1954 = `PROJCS["Beijing_1954_3_Degree_GK_Zone_39",GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",SPHEROID["Krasovsky_1940",6378245.0,298.3]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",39500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]`;

describe('crsFromName', () => {
  it('reads EPSG codes, OGC URNs and CRS84', () => {
    expect(crsFromName('EPSG:4527')).toMatchObject({
      code: 'EPSG:4527',
      label: 'CGCS2000 3度带高斯-克吕格 第39带',
    });
    expect(crsFromName('urn:ogc:def:crs:EPSG::4527')?.code).toBe('EPSG:4527');
    expect(crsFromName('urn:ogc:def:crs:EPSG:6.6:4548')?.code).toBe('EPSG:4548');
    expect(crsFromName('http://www.opengis.net/def/crs/EPSG/0/4498')?.code).toBe('EPSG:4498');
    expect(crsFromName('urn:ogc:def:crs:OGC:1.3:CRS84')?.code).toBe('EPSG:4326');
    expect(crsFromName('epsg:4490')?.label).toBe('CGCS2000 经纬度');
    expect(crsFromName('EPSG:3857')?.code).toBe('EPSG:3857');
    expect(crsFromName('EPSG:900913')?.code).toBe('EPSG:3857');
  });

  it('returns null for what is not accepted', () => {
    for (const name of ['EPSG:2385', 'EPSG:4555', 'EPSG:4490x', 'WGS84', ''])
      expect(crsFromName(name)).toBeNull();
  });

  it('defines the Gauss-Krüger zones as the EPSG register numbers them', () => {
    const params = (code: string) => {
      const proj = crsFromName(code)!.proj4;
      return [/\+lon_0=(\S+)/.exec(proj)?.[1], /\+x_0=(\S+)/.exec(proj)?.[1]].map(Number);
    };
    expect(params('EPSG:4513')).toEqual([75, 25500000]);
    expect(params('EPSG:4527')).toEqual([117, 39500000]);
    expect(params('EPSG:4533')).toEqual([135, 45500000]);
    expect(params('EPSG:4534')).toEqual([75, 500000]);
    expect(params('EPSG:4548')).toEqual([117, 500000]);
    expect(params('EPSG:4554')).toEqual([135, 500000]);
    expect(params('EPSG:4491')).toEqual([75, 13500000]);
    expect(params('EPSG:4498')).toEqual([117, 20500000]);
    expect(params('EPSG:4501')).toEqual([135, 23500000]);
    expect(params('EPSG:4502')).toEqual([75, 500000]);
    expect(params('EPSG:4509')).toEqual([117, 500000]);
    expect(params('EPSG:4512')).toEqual([135, 500000]);
    expect(crsFromName('EPSG:4548')!.label).toBe('CGCS2000 3度带高斯-克吕格 中央经线117°E（坐标无带号）');
    expect(crsFromName('EPSG:4498')!.label).toBe('CGCS2000 6度带高斯-克吕格 第20带');
    expect(acceptedCrs).toHaveLength(3 + 2 * 11 + 2 * 21);
  });

  it('projects as Krüger’s series does (zone 39: 118.3°E 36.4°N)', () => {
    const [x, y] = projector('EPSG:4527')(118.3, 36.4);
    const [ex, ey] = gaussKruger(118.3, 36.4, 117, 39500000);
    expect(Math.abs(x! - ex!)).toBeLessThan(0.01);
    expect(Math.abs(y! - ey!)).toBeLessThan(0.01);
    expect(x).toBeCloseTo(39616621, -1);
    expect(y).toBeCloseTo(4030713, -1);
  });
});

describe('crsFromPrj', () => {
  it('reads the ESRI WKT of the Gauss-Krüger zones and lon/lat systems', () => {
    expect(crsFromPrj(ZONE_39)?.code).toBe('EPSG:4527');
    expect(crsFromPrj(CM_117E)?.code).toBe('EPSG:4548');
    expect(crsFromPrj(GK6_ZONE_20)?.code).toBe('EPSG:4498');
    expect(crsFromPrj(GK6_CM_117E)?.code).toBe('EPSG:4509');
    expect(crsFromPrj(GCS_WGS_1984)?.code).toBe('EPSG:4326');
    expect(crsFromPrj(GCS_CGCS2000)?.code).toBe('EPSG:4490');
  });

  it('reads OGC WKT1 and WKT2 too', () => {
    expect(crsFromPrj(OGC_ZONE_39)?.code).toBe('EPSG:4527');
    expect(crsFromPrj(WKT2_CM_117E)?.code).toBe('EPSG:4548');
  });

  it('reads back the WKT prjOf writes for every accepted system', () => {
    for (const crs of acceptedCrs) expect(crsFromPrj(prjOf(crs.code))).toEqual(crs);
    expect(prjOf('EPSG:4527')).toContain('CGCS2000_3_Degree_GK_Zone_39');
    expect(prjOf('EPSG:3857')).toContain('Mercator_Auxiliary_Sphere');
    expect(() => prjOf('EPSG:2385')).toThrow();
  });

  it('builds a transverse Mercator on CGCS2000 with other parameters from the WKT', () => {
    const local = ZONE_39.replace('39500000.0', '500000.0')
      .replace('"Central_Meridian",117.0', '"Central_Meridian",118.5')
      .replace('CGCS2000_3_Degree_GK_Zone_39', '城市独立坐标系');
    const crs = crsFromPrj(local)!;
    expect(crs.code).toBe('WKT');
    expect(crs.label).toBe('CGCS2000 横轴墨卡托投影（中央经线118.5°，东偏移500000米）');
    expect(crs.proj4).toContain('+lon_0=118.5');
    expect(crs.proj4).toContain('+x_0=500000');
  });

  it('returns null for what it cannot read', () => {
    expect(crsFromPrj(BEIJING_1954)).toBeNull();
    expect(crsFromPrj('')).toBeNull();
    expect(crsFromPrj('PROJCS["broken",')).toBeNull();
    expect(crsFromPrj(ZONE_39.replace('Gauss_Kruger', 'Lambert_Conformal_Conic'))).toBeNull();
  });
});

describe('readVectorFile: zipped Shapefile', () => {
  const point = (project: (lon: number, lat: number) => number[], lon: number, lat: number) => ({
    type: 'Point' as const,
    coordinates: project(lon, lat),
  });

  it('reprojects CGCS2000 3° zone 39 to WGS84 lon/lat', () => {
    const project = projector('EPSG:4527');
    const zip = zippedShapefile({
      name: 'survey/控制点',
      prj: ZONE_39,
      features: [
        { geometry: point(project, 118.3, 36.4), properties: { name: 'P1', height: 35.25 } },
        { geometry: point(project, 118.55, 36.25), properties: { name: 'P2', height: 40 } },
      ],
    });
    const data = readVectorFile(zip, '控制点.zip', box);
    expect(data.crs.code).toBe('EPSG:4527');
    expect(data.geometryType).toBe('Point');
    expect(data.count).toBe(2);
    expect(data.fields).toEqual(['name', 'height']);
    expect(data.encoding).toBe('UTF-8');
    const [lon, lat] = (data.features[0]!.geometry as Point).coordinates;
    expect(Math.abs(lon! - 118.3)).toBeLessThan(1e-6);
    expect(Math.abs(lat! - 36.4)).toBeLessThan(1e-6);
    expect(metresBetween([lon!, lat!], [118.3, 36.4])).toBeLessThan(1);
    expect(data.features[0]!.properties).toEqual({ name: 'P1', height: 35.25 });
    expect(data.features[1]!.properties).toEqual({ name: 'P2', height: 40 });
    expect(data.bbox[0]).toBeCloseTo(118.3, 6);
    expect(data.bbox[1]).toBeCloseTo(36.25, 6);
    expect(data.bbox[2]).toBeCloseTo(118.55, 6);
    expect(data.bbox[3]).toBeCloseTo(36.4, 6);
  });

  it('reads coordinates written with Krüger’s series independently of proj4', () => {
    const zip = zippedShapefile({
      name: 'p',
      prj: ZONE_39,
      features: [
        { geometry: { type: 'Point', coordinates: gaussKruger(118.3, 36.4, 117, 39500000) }, properties: {} },
      ],
    });
    const [lon, lat] = (readVectorFile(zip, 'p.zip', box).features[0]!.geometry as Point).coordinates;
    expect(metresBetween([lon!, lat!], [118.3, 36.4])).toBeLessThan(1);
  });

  it('reads the CM variant (no zone number in the easting) and 6° zone 20', () => {
    for (const [prj, code] of [
      [CM_117E, 'EPSG:4548'],
      [GK6_ZONE_20, 'EPSG:4498'],
      [GK6_CM_117E, 'EPSG:4509'],
    ] as const) {
      const project = projector(code);
      const zip = zippedShapefile({
        name: '地块',
        prj,
        features: [
          {
            geometry: { type: 'Polygon', coordinates: [square(project, 118.3, 36.4)] },
            properties: { id: 1 },
          },
        ],
      });
      const data = readVectorFile(zip, 'parcels.zip', box);
      expect(data.crs.code).toBe(code);
      expect(data.geometryType).toBe('Polygon');
      const ring = (data.features[0]!.geometry as Polygon).coordinates[0]!;
      expect(ring).toHaveLength(5);
      expect(Math.abs(ring[0]![0]! - 118.3)).toBeLessThan(1e-6);
      expect(Math.abs(ring[0]![1]! - 36.4)).toBeLessThan(1e-6);
      expect(Math.abs(ring[2]![0]! - 118.31)).toBeLessThan(1e-6);
      expect(Math.abs(ring[2]![1]! - 36.41)).toBeLessThan(1e-6);
    }
  });

  it('winds polygon rings as RFC 7946 (outer counter-clockwise) and reads lines', () => {
    const project = projector('EPSG:4527');
    const polygons = zippedShapefile({
      name: 'a',
      prj: ZONE_39,
      features: [
        { geometry: { type: 'Polygon', coordinates: [square(project, 118.3, 36.4)] }, properties: {} },
      ],
    });
    const ring = (readVectorFile(polygons, 'a.zip', box).features[0]!.geometry as Polygon).coordinates[0]!;
    expect(ring[1]![0]).toBeGreaterThan(ring[0]![0]!); // east first: counter-clockwise
    const lines = zippedShapefile({
      name: 'road',
      prj: prjOf('EPSG:4490'),
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [118.1, 36.3],
              [118.2, 36.35],
            ],
          },
          properties: { 道路: '中心路' },
        },
      ],
    });
    const data = readVectorFile(lines, 'road.zip', box);
    expect(data.crs.code).toBe('EPSG:4490');
    expect(data.geometryType).toBe('LineString');
    expect(data.features[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [118.1, 36.3],
        [118.2, 36.35],
      ],
    });
  });

  const chinese = [
    {
      geometry: { type: 'Point', coordinates: [118.3, 36.4] } as SampleGeometry,
      properties: { 名称: '张店区一号地块', 用途: '住宅' },
    },
    {
      geometry: { type: 'Point', coordinates: [118.31, 36.41] } as SampleGeometry,
      properties: { 名称: '淄川区·二号', 用途: '' },
    },
  ];

  it('decodes GBK attributes with a .cpg', () => {
    const zip = zippedShapefile({ name: 'gbk', prj: GCS_CGCS2000, encoding: 'GBK', features: chinese });
    const data = readVectorFile(zip, 'gbk.zip', box);
    expect(data.encoding).toBe('GBK');
    expect(data.fields).toEqual(['名称', '用途']);
    expect(data.features.map((feature) => feature.properties)).toEqual(
      chinese.map((item) => item.properties),
    );
  });

  it('decodes GBK attributes without a .cpg, and UTF-8 ones', () => {
    const gbk = zippedShapefile({
      name: 'gbk',
      prj: GCS_CGCS2000,
      encoding: 'GBK',
      cpg: false,
      features: chinese,
    });
    const gbkData = readVectorFile(gbk, 'gbk.zip', box);
    expect(gbkData.encoding).toBe('GBK');
    expect(gbkData.features.map((feature) => feature.properties)).toEqual(
      chinese.map((item) => item.properties),
    );
    // ASCII field names: only the records tell.
    const ascii = chinese.map(({ geometry, properties }) => ({
      geometry,
      properties: { NAME: properties.名称, USE: properties.用途 },
    }));
    const asciiGbk = zippedShapefile({
      name: 'gbk',
      prj: GCS_CGCS2000,
      encoding: 'GBK',
      cpg: false,
      features: ascii,
    });
    expect(readVectorFile(asciiGbk, 'gbk.zip', box).features[0]!.properties).toEqual(ascii[0]!.properties);
    const utf8 = zippedShapefile({ name: 'utf8', prj: GCS_CGCS2000, cpg: false, features: chinese });
    const utf8Data = readVectorFile(utf8, 'utf8.zip', box);
    expect(utf8Data.encoding).toBe('UTF-8');
    expect(utf8Data.features[0]!.properties).toEqual(chinese[0]!.properties);
  });

  it('takes a .cpg saying CP936 for GBK, and extensions in capitals', () => {
    const zip = zippedShapefile({
      name: 'gbk',
      prj: GCS_CGCS2000,
      encoding: 'GBK',
      cpg: false,
      features: chinese,
    });
    const files = Object.fromEntries(
      Object.entries(unzipSync(zip)).map(([name, content]) => [
        name.replace(/\.(\w+)$/, (_, ext: string) => `.${ext.toUpperCase()}`),
        content,
      ]),
    );
    files['GBK.CPG'] = encode('CP936');
    const data = readVectorFile(zipSync(files), 'upper.zip', box);
    expect(data.encoding).toBe('GBK');
    expect(data.features[1]!.properties).toEqual(chinese[1]!.properties);
  });

  it('reads bytes that are a view into a larger buffer (a Node Buffer), stored uncompressed', () => {
    const zip = zippedShapefile({ name: 'gbk', prj: GCS_CGCS2000, encoding: 'GBK', features: chinese });
    const stored = zipSync(unzipSync(zip), { level: 0 });
    const bytes = Buffer.concat([Buffer.alloc(13), Buffer.from(stored)]).subarray(13);
    const data = readVectorFile(bytes, 'gbk.zip', box);
    expect(data.features.map((feature) => feature.properties)).toEqual(
      chinese.map((item) => item.properties),
    );
    expect(data.features[1]!.geometry).toEqual({ type: 'Point', coordinates: [118.31, 36.41] });
  });

  it('refuses a zone 40 .prj over zone 39 coordinates: outside the city', () => {
    const project = projector('EPSG:4527');
    const zip = zippedShapefile({
      name: 'wrong',
      prj: prjOf('EPSG:4528'),
      features: [{ geometry: point(project, 118.3, 36.4), properties: {} }],
    });
    expect(refusal(() => readVectorFile(zip, 'wrong.zip', box))).toMatch(
      /^第 1 个要素位于城市范围之外（经度 1\d\d\.\d{4}，纬度 \d+\.\d{4}），请检查坐标系是否正确$/,
    );
  });

  it('refuses a zip without .prj, with an unknown .prj, without .shp or .dbf', () => {
    const features = [
      { geometry: { type: 'Point', coordinates: [118.3, 36.4] } as SampleGeometry, properties: { a: 1 } },
    ];
    expect(refusal(() => readVectorFile(zippedShapefile({ name: 'x', features }), 'x.zip', box))).toBe(
      '缺少 .prj 文件：无法确定坐标参考系，请附上坐标系文件后重新上传',
    );
    expect(
      refusal(() =>
        readVectorFile(zippedShapefile({ name: 'x', features, prj: BEIJING_1954 }), 'x.zip', box),
      ),
    ).toBe('无法识别 .prj 中的坐标参考系：Beijing_1954_3_Degree_GK_Zone_39');
    const files = unzipSync(zippedShapefile({ name: 'x', features, prj: GCS_WGS_1984 }));
    const without = (ext: string) =>
      zipSync(Object.fromEntries(Object.entries(files).filter(([name]) => !name.endsWith(ext))));
    expect(refusal(() => readVectorFile(without('.shp'), 'x.zip', box))).toBe(
      '缺少 .shp 文件：压缩包中只有属性表 x.dbf，没有几何数据',
    );
    expect(refusal(() => readVectorFile(without('.dbf'), 'x.zip', box))).toBe(
      '缺少 .dbf 文件：x.shp 的属性表 x.dbf 不在压缩包中',
    );
    expect(refusal(() => readVectorFile(zipSync({ 'readme.txt': encode('hi') }), 'x.zip', box))).toBe(
      '压缩包中没有找到 Shapefile（.shp 文件）',
    );
    expect(refusal(() => readVectorFile(encode('not a zip'), 'x.zip', box))).toBe(
      '压缩包无法解压：文件可能已损坏，或不是 zip 格式',
    );
  });

  it('refuses a zip with two shapefiles and an empty shapefile', () => {
    const features = [
      { geometry: { type: 'Point', coordinates: [118.3, 36.4] } as SampleGeometry, properties: {} },
    ];
    const two = zipSync({
      ...unzipSync(zippedShapefile({ name: 'a', features, prj: GCS_WGS_1984 })),
      ...unzipSync(zippedShapefile({ name: 'b', features, prj: GCS_WGS_1984 })),
    });
    expect(refusal(() => readVectorFile(two, 'two.zip', box))).toBe(
      '压缩包中有 2 个 Shapefile（a.shp、b.shp），请每次只上传一个',
    );
    const empty = zippedShapefile({ name: 'empty', features: [], prj: GCS_WGS_1984 });
    expect(refusal(() => readVectorFile(empty, 'empty.zip', box))).toBe('文件中没有要素');
  });

  it('refuses an unclosed ring and a ring of fewer than 4 points, naming the feature', () => {
    const closed = [
      [118.3, 36.4],
      [118.31, 36.4],
      [118.31, 36.41],
      [118.3, 36.4],
    ];
    const zip = (ring: number[][]) =>
      zippedShapefile({
        name: 'r',
        prj: GCS_WGS_1984,
        features: [
          { geometry: { type: 'Polygon', coordinates: [closed] }, properties: {} },
          { geometry: { type: 'Polygon', coordinates: [ring] }, properties: {} },
        ],
      });
    expect(refusal(() => readVectorFile(zip([...closed.slice(0, 3), [118.3, 36.41]]), 'r.zip', box))).toBe(
      '第 2 个要素的几何无效：面的环未闭合',
    );
    expect(refusal(() => readVectorFile(zip([closed[0]!, closed[1]!, closed[0]!]), 'r.zip', box))).toBe(
      '第 2 个要素的几何无效：面的环少于 4 个点',
    );
  });
});

describe('readVectorFile: KML', () => {
  it('reads placemarks as WGS84', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>界桩 1</name><Point><coordinates>118.3,36.4,12</coordinates></Point></Placemark>
  <Placemark><name>用地红线</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    118.3,36.4,0 118.31,36.4,0 118.31,36.41,0 118.3,36.4,0
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Document></kml>`;
    const data = readVectorFile(encode(text), '红线.KML', box);
    expect(data.crs.code).toBe('EPSG:4326');
    expect(data.count).toBe(2);
    expect(data.geometryType).toBe('混合');
    expect(data.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [118.3, 36.4] });
    expect(data.features[0]!.properties).toMatchObject({ name: '界桩 1' });
    expect(data.fields).toContain('name');
    expect((data.features[1]!.geometry as Polygon).coordinates[0]).toHaveLength(4);
  });

  it('refuses broken XML', () => {
    expect(refusal(() => readVectorFile(encode('<kml><Document>'), 'x.kml', box))).toBe(
      'KML 文件无法解析：不是有效的 XML',
    );
  });
});

describe('readVectorFile: GeoJSON', () => {
  const collection = (features: unknown[], crs?: string) =>
    encode(
      JSON.stringify({
        type: 'FeatureCollection',
        ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
        features,
      }),
    );
  const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
    type: 'Feature',
    geometry,
    properties,
  });

  it('reads lon/lat without crs as WGS84 (RFC 7946)', () => {
    const data = readVectorFile(
      collection([feature({ type: 'Point', coordinates: [118.30000004, 36.4] }, { 名称: '甲', 级别: 2 })]),
      'a.geojson',
      box,
    );
    expect(data.crs.code).toBe('EPSG:4326');
    expect(data.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [118.3, 36.4] });
    expect(data.fields).toEqual(['名称', '级别']);
  });

  it('reprojects by its legacy crs member', () => {
    const project = projector('EPSG:4527');
    const data = readVectorFile(
      collection(
        [
          feature({ type: 'Polygon', coordinates: [square(project, 118.3, 36.4)] }),
          feature({ type: 'MultiPolygon', coordinates: [[square(project, 118.4, 36.4)]] }),
        ],
        'urn:ogc:def:crs:EPSG::4527',
      ),
      'b.json',
      box,
    );
    expect(data.crs.code).toBe('EPSG:4527');
    expect(data.geometryType).toBe('MultiPolygon');
    const corner = (data.features[0]!.geometry as Polygon).coordinates[0]![0]!;
    expect(metresBetween(corner, [118.3, 36.4])).toBeLessThan(1);
  });

  it('reads Web Mercator, a single Feature and a bare geometry', () => {
    const [x, y] = projector('EPSG:3857')(118.3, 36.4);
    const single = {
      ...feature({ type: 'Point', coordinates: [x, y] }),
      crs: { type: 'name', properties: { name: 'EPSG:3857' } },
    };
    const point = readVectorFile(encode(JSON.stringify(single)), 'c.geojson', box).features[0]!
      .geometry as Point;
    expect(Math.abs(point.coordinates[0]! - 118.3)).toBeLessThan(1e-6);
    expect(Math.abs(point.coordinates[1]! - 36.4)).toBeLessThan(1e-6);
    const bare = readVectorFile(
      encode(JSON.stringify({ type: 'Point', coordinates: [118.3, 36.4] })),
      'd.geojson',
      box,
    );
    expect(bare.count).toBe(1);
  });

  it('refuses projected coordinates without crs, and an unknown crs', () => {
    const [x, y] = projector('EPSG:4527')(118.3, 36.4);
    expect(
      refusal(() =>
        readVectorFile(collection([feature({ type: 'Point', coordinates: [x, y] })]), 'e.geojson', box),
      ),
    ).toBe('GeoJSON 未声明坐标参考系（crs），且坐标不是经纬度，无法确定坐标系');
    expect(
      refusal(() =>
        readVectorFile(
          collection([feature({ type: 'Point', coordinates: [x, y] })], 'EPSG:2385'),
          'e.geojson',
          box,
        ),
      ),
    ).toBe('无法识别 GeoJSON 中声明的坐标参考系：EPSG:2385');
  });

  it('refuses lon/lat outside the city box (beyond its 0.05° margin)', () => {
    const inMargin = collection([feature({ type: 'Point', coordinates: [118.64, 36.16] })]);
    expect(readVectorFile(inMargin, 'f.geojson', box).count).toBe(1);
    const points = [
      feature({ type: 'Point', coordinates: [118.3, 36.4] }),
      feature({ type: 'Point', coordinates: [118.31, 36.4] }),
      feature({ type: 'Point', coordinates: [120.12341, 30.56781] }),
    ];
    expect(refusal(() => readVectorFile(collection(points), 'f.geojson', box))).toBe(
      '第 3 个要素位于城市范围之外（经度 120.1234，纬度 30.5678），请检查坐标系是否正确',
    );
  });

  it('refuses invalid geometries, naming the feature and the problem', () => {
    const valid = feature({ type: 'Point', coordinates: [118.3, 36.4] });
    const cases: [unknown, string][] = [
      [{ type: 'LineString', coordinates: [[118.3, 36.4]] }, '第 2 个要素的几何无效：线的点数少于 2 个'],
      [{ type: 'Point', coordinates: [118.3, 'x'] }, '第 2 个要素的几何无效：坐标不是有效的数字'],
      [{ type: 'Point', coordinates: [118.3, null] }, '第 2 个要素的几何无效：坐标不是有效的数字'],
      [{ type: 'Point', coordinates: [118.3] }, '第 2 个要素的几何无效：坐标格式不正确'],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [118.3, 36.4],
              [118.31, 36.4],
              [118.31, 36.41],
              [118.3, 36.41],
            ],
          ],
        },
        '第 2 个要素的几何无效：面的环未闭合',
      ],
      [{ type: 'Circle', coordinates: [118.3, 36.4] }, '第 2 个要素的几何无效：不支持的几何类型 Circle'],
      [null, '第 2 个要素没有几何'],
    ];
    for (const [geometry, message] of cases)
      expect(refusal(() => readVectorFile(collection([valid, feature(geometry)]), 'g.geojson', box))).toBe(
        message,
      );
  });

  it('refuses an empty file, broken JSON and more than 200000 features', () => {
    expect(refusal(() => readVectorFile(collection([]), 'h.geojson', box))).toBe('文件中没有要素');
    expect(refusal(() => readVectorFile(encode('{"type":'), 'h.geojson', box))).toBe(
      'GeoJSON 文件无法解析：不是有效的 JSON',
    );
    const many = Array.from({ length: 200_001 }, () =>
      feature({ type: 'Point', coordinates: [118.3, 36.4] }),
    );
    expect(refusal(() => readVectorFile(collection(many), 'h.geojson', box))).toBe(
      '要素数量超过 200000 个，请拆分后上传',
    );
  });
});

describe('readVectorFile: format', () => {
  it('refuses other formats', () => {
    for (const name of ['a.dxf', 'a.shp', 'a', 'a.kmz'])
      expect(refusal(() => readVectorFile(encode('x'), name, box))).toBe(
        '不支持的矢量数据格式：仅支持 GeoJSON、Shapefile（zip 压缩）和 KML',
      );
  });
});
