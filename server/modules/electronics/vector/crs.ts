/**
 * The coordinate reference systems uploaded vector data may use: WGS84 and CGCS2000 lon/lat, Web
 * Mercator and the CGCS2000 Gauss-Krüger zones (3° and 6°, with and without the zone number in front
 * of the easting). Each has its proj4 definition (for reprojection), a Chinese label (for the user)
 * and its ESRI WKT (what ArcGIS writes into a shapefile's .prj).
 *
 * Coordinates are always read easting/longitude first, as GIS files store them, whatever axis order
 * the EPSG register gives (it lists the Gauss-Krüger systems northing first).
 */

export interface Crs {
  /** 'EPSG:4527'; 'WKT' for a transverse Mercator read from a .prj that matches no EPSG entry. */
  code: string;
  /** For the user, e.g. 'CGCS2000 3度带高斯-克吕格 第39带'. */
  label: string;
  proj4: string;
}

interface Entry extends Crs {
  wkt: string;
}

const WGS84_PROJ4 = '+proj=longlat +datum=WGS84 +no_defs';
const CGCS2000_ELLPS = '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0';
const CGCS2000_RF = 298.257222101;
const WGS84_RF = 298.257223563;
const A = 6378137;

const DEGREE = 'UNIT["Degree",0.0174532925199433]';
const GCS_WGS84 = `GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",${A}.0,${WGS84_RF}]],PRIMEM["Greenwich",0.0],${DEGREE}]`;
const GCS_CGCS2000 = `GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",${A}.0,${CGCS2000_RF}]],PRIMEM["Greenwich",0.0],${DEGREE}]`;

/** ESRI writes whole numbers with '.0'. */
const esriNumber = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));

function tmProj4(
  centralMeridian: number,
  falseEasting: number,
  scale = 1,
  latitudeOfOrigin = 0,
  falseNorthing = 0,
) {
  return (
    `+proj=tmerc +lat_0=${latitudeOfOrigin} +lon_0=${centralMeridian} +k=${scale} +x_0=${falseEasting} ` +
    `+y_0=${falseNorthing} ${CGCS2000_ELLPS} +units=m +no_defs`
  );
}

function gkWkt(name: string, centralMeridian: number, falseEasting: number) {
  const parameters = [
    ['False_Easting', falseEasting],
    ['False_Northing', 0],
    ['Central_Meridian', centralMeridian],
    ['Scale_Factor', 1],
    ['Latitude_Of_Origin', 0],
  ] as const;
  return (
    `PROJCS["${name}",${GCS_CGCS2000},PROJECTION["Gauss_Kruger"],` +
    parameters.map(([key, value]) => `PARAMETER["${key}",${esriNumber(value)}]`).join(',') +
    `,UNIT["Meter",1.0]]`
  );
}

function gkEntry(epsg: number, degrees: 3 | 6, centralMeridian: number, zone: number | undefined): Entry {
  const falseEasting = zone === undefined ? 500000 : zone * 1e6 + 500000;
  const prefix = degrees === 3 ? 'CGCS2000_3_Degree_GK' : 'CGCS2000_GK';
  const esriName = zone === undefined ? `${prefix}_CM_${centralMeridian}E` : `${prefix}_Zone_${zone}`;
  const where = zone === undefined ? `中央经线${centralMeridian}°E（坐标无带号）` : `第${zone}带`;
  return {
    code: `EPSG:${epsg}`,
    label: `CGCS2000 ${degrees}度带高斯-克吕格 ${where}`,
    proj4: tmProj4(centralMeridian, falseEasting),
    wkt: gkWkt(esriName, centralMeridian, falseEasting),
  };
}

const entries: Entry[] = [
  { code: 'EPSG:4326', label: 'WGS84 经纬度', proj4: WGS84_PROJ4, wkt: GCS_WGS84 },
  {
    code: 'EPSG:4490',
    label: 'CGCS2000 经纬度',
    proj4: `+proj=longlat ${CGCS2000_ELLPS} +no_defs`,
    wkt: GCS_CGCS2000,
  },
  {
    code: 'EPSG:3857',
    label: 'Web 墨卡托（WGS84）',
    proj4:
      '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs',
    wkt:
      `PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",${GCS_WGS84},PROJECTION["Mercator_Auxiliary_Sphere"],` +
      'PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",0.0],' +
      'PARAMETER["Standard_Parallel_1",0.0],PARAMETER["Auxiliary_Sphere_Type",0.0],UNIT["Meter",1.0]]',
  },
];
// 6°: zones 13–23 (EPSG:4491–4501), central meridians 75°E–135°E without zone (EPSG:4502–4512).
for (let zone = 13; zone <= 23; zone++) entries.push(gkEntry(4491 + zone - 13, 6, 6 * zone - 3, zone));
for (let zone = 13; zone <= 23; zone++) entries.push(gkEntry(4502 + zone - 13, 6, 6 * zone - 3, undefined));
// 3°: zones 25–45 (EPSG:4513–4533), central meridians 75°E–135°E without zone (EPSG:4534–4554).
for (let zone = 25; zone <= 45; zone++) entries.push(gkEntry(4513 + zone - 25, 3, 3 * zone, zone));
for (let zone = 25; zone <= 45; zone++) entries.push(gkEntry(4534 + zone - 25, 3, 3 * zone, undefined));

const byCode = new Map(entries.map((entry) => [entry.code, entry]));

const publicCrs = ({ code, label, proj4 }: Entry): Crs => ({ code, label, proj4 });

/** Every accepted EPSG entry. */
export const acceptedCrs: readonly Crs[] = entries.map(publicCrs);

/** The map's system: GeoJSON without `crs` and KML are in it, and every reader's output is. */
export const WGS84: Crs = publicCrs(byCode.get('EPSG:4326')!);

/** Aliases the register does not spell as EPSG codes. */
const aliasCodes: Record<string, number> = { CRS84: 4326, '900913': 3857, '102100': 3857, '102113': 3857 };

/**
 * The system a name denotes: 'EPSG:4527', 'urn:ogc:def:crs:EPSG::4527' (with or without a version),
 * 'http://www.opengis.net/def/crs/EPSG/0/4527', 'urn:ogc:def:crs:OGC:1.3:CRS84'; null when not
 * accepted.
 */
export function crsFromName(name: string): Crs | null {
  const text = name.trim();
  const patterns = [
    /^EPSG:{1,2}(\d+)$/i,
    /^urn:ogc:def:crs:EPSG:[\d.]*:(\d+)$/i,
    /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[\d.]+\/(\d+)$/i,
    /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i,
    /^urn:ogc:def:crs:OGC:[\d.]*:(CRS84)$/i,
    /^https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/[\d.]+\/(CRS84)$/i,
    /^(CRS84)$/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const id = match[1]!.toUpperCase();
    const code = aliasCodes[id] ?? Number(id);
    const entry = byCode.get(`EPSG:${code}`);
    return entry ? publicCrs(entry) : null;
  }
  return null;
}

/** The ESRI WKT of an accepted code ('EPSG:4527' or any name crsFromName reads), as a .prj holds it. */
export function prjOf(code: string): string {
  const crs = crsFromName(code);
  if (!crs) throw new Error(`prjOf: not an accepted CRS: ${code}`);
  return byCode.get(crs.code)!.wkt;
}

// ---------------------------------------------------------------------------------------------------
// WKT (.prj) reading

/** A WKT node: KEYWORD[args], each arg a quoted string, a number, a bare word or a node. */
interface WktNode {
  keyword: string;
  args: (string | number | WktNode)[];
}

function parseWkt(text: string): WktNode | null {
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const quoted = () => {
    // "" inside a quoted string is a quote.
    let value = '';
    at++;
    for (;;) {
      const next = text.indexOf('"', at);
      if (next < 0) throw new Error('unterminated string');
      value += text.slice(at, next);
      at = next + 1;
      if (text[at] !== '"') return value;
      value += '"';
      at++;
    }
  };
  /** A node, or a bare word (AXIS["x",EAST]) as a string. */
  function item(): WktNode | string {
    skip();
    const keyword = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at))?.[0];
    if (!keyword) throw new Error('keyword expected');
    at += keyword.length;
    skip();
    const open = text[at];
    if (open !== '[' && open !== '(') return keyword;
    const close = open === '[' ? ']' : ')';
    at++;
    const args: WktNode['args'] = [];
    for (;;) {
      skip();
      const char = text[at];
      if (char === undefined) throw new Error('unexpected end');
      at++;
      if (char === close) break;
      if (char === ',') continue;
      at--;
      if (char === '"') {
        args.push(quoted());
      } else if (/[-+.\d]/.test(char)) {
        const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(text.slice(at))?.[0];
        if (!number) throw new Error('number expected');
        args.push(Number(number));
        at += number.length;
      } else {
        args.push(item());
      }
    }
    return { keyword: keyword.toUpperCase(), args };
  }
  try {
    const root = item();
    skip();
    return typeof root === 'object' && at === text.length ? root : null;
  } catch {
    return null;
  }
}

const children = (node: WktNode | undefined, ...keywords: string[]) =>
  (node?.args ?? []).filter(
    (arg): arg is WktNode => typeof arg === 'object' && keywords.includes(arg.keyword),
  );
const child = (node: WktNode | undefined, ...keywords: string[]) => children(node, ...keywords)[0];
const nameOf = (node: WktNode | undefined) => (typeof node?.args[0] === 'string' ? node.args[0] : '');
const numberAt = (node: WktNode | undefined, index: number) => {
  const value = node?.args[index];
  return typeof value === 'number' ? value : undefined;
};
/** 'GCS_China_Geodetic_Coordinate_System_2000' and 'China Geodetic Coordinate System 2000' alike. */
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first 60 characters of the WKT's own name (or of the text), for the refusal message. */
export function prjName(wkt: string): string {
  const name = /^\s*[A-Za-z_]+\s*[[(]\s*"([^"]*)"/.exec(wkt)?.[1] ?? wkt.trim();
  return name.slice(0, 60);
}

type Datum = 'WGS84' | 'CGCS2000';

/** The datum of a geographic node, by its names and (when given) its ellipsoid's flattening. */
function datumOf(geographic: WktNode | undefined): Datum | null {
  if (!geographic) return null;
  const datum = child(geographic, 'DATUM', 'GEODETICDATUM', 'TRF', 'ENSEMBLE');
  const ellipsoid = child(datum, 'SPHEROID', 'ELLIPSOID');
  const names = [nameOf(geographic), nameOf(datum), nameOf(ellipsoid)].map(squash).join(' ');
  const a = numberAt(ellipsoid, 1);
  const rf = numberAt(ellipsoid, 2);
  const fits = (expected: number) =>
    a === undefined || (Math.abs(a - A) < 0.01 && rf !== undefined && Math.abs(rf - expected) < 1e-6);
  if (/cgcs2000|china2000|chinageodeticcoordinatesystem2000/.test(names) && fits(CGCS2000_RF))
    return 'CGCS2000';
  if (/wgs84|wgs1984|worldgeodeticsystem1984/.test(names) && fits(WGS84_RF)) return 'WGS84';
  return null;
}

/** Projection parameters by squashed name; WKT2 spells them differently. */
const parameterAliases: Record<string, string> = {
  centralmeridian: 'lon0',
  longitudeofnaturalorigin: 'lon0',
  longitudeofcenter: 'lon0',
  falseeasting: 'x0',
  falsenorthing: 'y0',
  scalefactor: 'k',
  scalefactoratnaturalorigin: 'k',
  latitudeoforigin: 'lat0',
  latitudeofnaturalorigin: 'lat0',
  standardparallel1: 'latTs',
  auxiliaryspheretype: 'auxiliary',
};

function parametersOf(projected: WktNode, conversion: WktNode | undefined) {
  const out: Record<string, number> = {};
  for (const parameter of [...children(projected, 'PARAMETER'), ...children(conversion, 'PARAMETER')]) {
    const key = parameterAliases[squash(nameOf(parameter))];
    const value = numberAt(parameter, 1);
    if (key && value !== undefined) out[key] = value;
  }
  return out;
}

const near = (value: number | undefined, expected: number) =>
  Math.abs((value ?? 0) - expected) < 1e-6 * Math.max(1, Math.abs(expected));

/** A Gauss-Krüger entry with these parameters; `hint` chooses 3° or 6° where both fit (CM 117E). */
function gaussKrugerCode(lon0: number, x0: number, hint: 3 | 6 | undefined): string | undefined {
  if (!Number.isInteger(lon0)) return undefined;
  if (near(x0, 500000)) {
    const fits3 = lon0 % 3 === 0 && lon0 >= 75 && lon0 <= 135;
    const fits6 = (lon0 + 3) % 6 === 0 && lon0 >= 75 && lon0 <= 135;
    if (fits6 && (hint === 6 || (!fits3 && hint === undefined))) return `EPSG:${4502 + (lon0 + 3) / 6 - 13}`;
    if (fits3 && hint !== 6) return `EPSG:${4534 + lon0 / 3 - 25}`;
    if (fits6) return `EPSG:${4502 + (lon0 + 3) / 6 - 13}`;
    return undefined;
  }
  const zone = (x0 - 500000) / 1e6;
  if (!Number.isInteger(zone)) return undefined;
  if (zone >= 25 && zone <= 45 && lon0 === 3 * zone) return `EPSG:${4513 + zone - 25}`;
  if (zone >= 13 && zone <= 23 && lon0 === 6 * zone - 3) return `EPSG:${4491 + zone - 13}`;
  return undefined;
}

/** 3 or 6 when the name says which zone width (ESRI's 6° names have no '6_Degree'). */
function zoneWidthHint(name: string): 3 | 6 | undefined {
  if (/3[\s_-]*(degree|度)/i.test(name)) return 3;
  if (/6[\s_-]*(degree|度)/i.test(name)) return 6;
  if (/(^|[^a-z])gk([^a-z]|$)|gauss|kruger|高斯/i.test(name)) return 6;
  return undefined;
}

function transverseMercator(projected: WktNode, conversion: WktNode | undefined, datum: Datum): Crs | null {
  const p = parametersOf(projected, conversion);
  if (p.lon0 === undefined || p.x0 === undefined) return null;
  const k = p.k ?? 1;
  const lat0 = p.lat0 ?? 0;
  const y0 = p.y0 ?? 0;
  // WKT1 puts the linear unit last on PROJCS; WKT2 on each parameter or the coordinate system.
  const unit =
    child(projected, 'UNIT', 'LENGTHUNIT') ?? child(child(projected, 'AXIS'), 'LENGTHUNIT', 'UNIT');
  const toMetre = numberAt(unit, 1) ?? 1;
  if (datum === 'CGCS2000' && near(toMetre, 1) && near(k, 1) && near(lat0, 0) && near(y0, 0)) {
    const code = gaussKrugerCode(p.lon0, p.x0, zoneWidthHint(nameOf(projected)));
    const entry = code === undefined ? undefined : byCode.get(code);
    if (entry) return publicCrs(entry);
  }
  // Any other transverse Mercator (a local central meridian, UTM on WGS84): built from its parameters.
  const ellipsoid = datum === 'CGCS2000' ? CGCS2000_ELLPS : '+datum=WGS84';
  const unitPart = near(toMetre, 1) ? '+units=m' : `+to_meter=${toMetre}`;
  return {
    code: 'WKT',
    label: `${datum} 横轴墨卡托投影（中央经线${p.lon0}°，东偏移${p.x0 * toMetre}米）`,
    proj4:
      `+proj=tmerc +lat_0=${lat0} +lon_0=${p.lon0} +k=${k} +x_0=${p.x0 * toMetre} +y_0=${y0 * toMetre} ` +
      `${ellipsoid} ${unitPart} +no_defs`,
  };
}

function isWebMercator(projected: WktNode, method: string, geographic: WktNode | undefined): boolean {
  const name = squash(nameOf(projected));
  if (/webmercator|pseudomercator|auxiliarysphere/.test(name) || method === 'mercatorauxiliarysphere')
    return true;
  if (method === 'popularvisualisationpseudomercator') return true;
  // Old ESRI: Mercator on a sphere of radius 6378137 (flattening 0).
  const ellipsoid = child(child(geographic, 'DATUM', 'GEODETICDATUM'), 'SPHEROID', 'ELLIPSOID');
  return method.startsWith('mercator') && numberAt(ellipsoid, 1) === A && numberAt(ellipsoid, 2) === 0;
}

/**
 * The system a shapefile's .prj (ESRI or OGC WKT1, or WKT2) describes: WGS84 or CGCS2000 lon/lat, Web
 * Mercator, a transverse Mercator (Gauss-Krüger) on CGCS2000 or WGS84. Null for anything else
 * (Beijing 1954 and Xian 1980 need transformation parameters we do not have).
 */
export function crsFromPrj(wkt: string): Crs | null {
  const root = parseWkt(wkt.replace(/^\uFEFF/, '').trim());
  if (!root) return null;
  if (['GEOGCS', 'GEOGCRS', 'GEODCRS'].includes(root.keyword)) {
    const datum = datumOf(root);
    return datum === null ? null : publicCrs(byCode.get(datum === 'WGS84' ? 'EPSG:4326' : 'EPSG:4490')!);
  }
  if (!['PROJCS', 'PROJCRS'].includes(root.keyword)) return null;
  const geographic = child(root, 'GEOGCS', 'BASEGEOGCRS', 'BASEGEODCRS');
  const conversion = child(root, 'CONVERSION');
  const method = squash(nameOf(child(root, 'PROJECTION') ?? child(conversion, 'METHOD')));
  if (isWebMercator(root, method, geographic)) return publicCrs(byCode.get('EPSG:3857')!);
  const datum = datumOf(geographic);
  if (datum === null) return null;
  if (['gausskruger', 'transversemercator', 'gaussschreibertransversemercator'].includes(method))
    return transverseMercator(root, conversion, datum);
  return null;
}
