/** The part of shpjs (it ships no types) that the vector reader uses. */
declare module 'shpjs' {
  import type { Geometry } from 'geojson';

  /** The geometry of each record (null for a null shape); reprojects only when given a prj. */
  export function parseShp(shp: ArrayBufferView | ArrayBuffer, prj?: string | false): (Geometry | null)[];
  /** One object per record, keyed by field name: strings, numbers (NaN when blank), booleans, dates. */
  export function parseDbf(
    dbf: ArrayBufferView | ArrayBuffer,
    cpg?: string,
  ): Record<string, string | number | boolean | Date>[];
}
