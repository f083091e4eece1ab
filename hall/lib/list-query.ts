/**
 * Links of the hall's lists: filters live in the URL, and only non-empty parameters are written
 * (spec section 5, "Lists"), so a filtered list can be linked and shared and the page cache sees one
 * URL per view.
 */
export type QueryValues = Record<string, string | number | undefined | null>;

/** `path?name=value&...` with empty values left out. */
export function hrefWith(path: string, values: QueryValues): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') params.set(name, text);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export interface PageLink {
  page: number;
  href: string;
  isCurrent: boolean;
}

/** The page numbers to offer: first, last, and two either side of the current one; 0 marks a gap. */
export function pageWindow(current: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount]);
  for (let page = current - 2; page <= current + 2; page++)
    if (page >= 1 && page <= pageCount) pages.add(page);
  const sorted = [...pages].filter((page) => page >= 1).sort((a, b) => a - b);
  const result: number[] = [];
  for (const page of sorted) {
    const last = result[result.length - 1];
    if (last !== undefined && page - last > 1) result.push(0);
    result.push(page);
  }
  return result;
}

export function pageCountOf(total: number, rows: number): number {
  return Math.max(1, Math.ceil(total / rows));
}
