/**
 * The API bases of spec section 7 as configuration. The server takes them from its config
 * (server/config.ts, API_BASE_* variables); the browser reads them from a small JSON the console page
 * embeds (`<script type="application/json" id="api-bases">`), so the console can be pointed at
 * another host, including the legacy back end.
 */

export const apiBaseNames = ['business', 'workflow', 'task', 'cas', 'uc', 'archive', 'notices'] as const;

export type ApiBaseName = (typeof apiBaseNames)[number];

/** Each base is a path ('/smsend') or an absolute http(s) URL ('https://api.example.gov/smsend'). */
export type ApiBases = Readonly<Record<ApiBaseName, string>>;

/** Spec section 7 defaults. */
export const defaultApiBases: ApiBases = {
  business: '/smsend',
  workflow: '/smsworkflow',
  task: '/task',
  cas: '/cas',
  uc: '/uc',
  archive: '/archive',
  notices: '/oa',
};

/** Id of the element the console page embeds the browser's bases in. */
export const API_BASES_ELEMENT_ID = 'api-bases';

function normalizeBase(value: string): string | undefined {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (/^\/[A-Za-z0-9_\-/.]*[A-Za-z0-9_-]$/.test(trimmed)) return trimmed;
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) {
    try {
      return new URL(trimmed).href.replace(/\/+$/, '');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The defaults with every valid override applied. Unknown names and malformed values are ignored
 * (the console must still start when an operator mistypes one entry), trailing slashes dropped.
 */
export function resolveApiBases(overrides?: unknown): ApiBases {
  const bases: Record<ApiBaseName, string> = { ...defaultApiBases };
  if (overrides && typeof overrides === 'object') {
    for (const name of apiBaseNames) {
      const value = (overrides as Record<string, unknown>)[name];
      if (typeof value !== 'string') continue;
      const base = normalizeBase(value);
      if (base) bases[name] = base;
    }
  }
  return bases;
}

/**
 * The same-origin path prefixes among `bases` (absolute URLs point elsewhere and are skipped). The
 * front server sends requests under these straight to the API.
 */
export function apiBasePrefixes(bases: ApiBases = defaultApiBases): string[] {
  return apiBaseNames.map((name) => bases[name]).filter((base) => base.startsWith('/'));
}

/**
 * The JSON text to embed in `<script type="application/json" id="api-bases">`. '<' is escaped so no
 * value can close the script element.
 */
export function serializeApiBases(bases: ApiBases): string {
  return JSON.stringify(bases).replace(/</g, '\\u003c');
}

/** The bases the page embedded, or the defaults when there is none or it is not valid JSON. */
export function readEmbeddedApiBases(doc: Pick<Document, 'getElementById'> | undefined): ApiBases {
  const text = doc?.getElementById(API_BASES_ELEMENT_ID)?.textContent;
  if (!text) return defaultApiBases;
  try {
    return resolveApiBases(JSON.parse(text));
  } catch {
    return defaultApiBases;
  }
}
