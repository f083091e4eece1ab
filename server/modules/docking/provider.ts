/**
 * Where docked projects come from: a provider reads the approval platform's feed (docs/docking.md).
 * The default one reads JSON feed documents from a directory, so the product runs offline; the HTTP
 * one asks the platform's API with the URL and key of the configuration (DOCKING_*). Both hand the
 * import (import-docked.ts) the same feed documents; the import checks every entry.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DockingConfig } from '@server/config';
import type { DockingSource } from '@shared/domain/docking';
import {
  feedDocumentSchema,
  housingInfoSchema,
  type FeedDocument,
  type FeedFile,
  type HousingInfo,
} from './feed';

export interface DockingProvider {
  readonly source: DockingSource;
  /** Every feed document currently offered (the import is idempotent, so re-reading is harmless). */
  fetchFeed(): Promise<FeedDocument[]>;
  /** The bytes of a file an entry names. */
  readFile(file: FeedFile): Promise<Uint8Array>;
  /** The housing project information registered under a central code, or null. */
  housingInfo(centralCode: string): Promise<HousingInfo | null>;
}

/** A feed the provider could not read (the job reports it; the calls answer 502-like messages). */
export class DockingFeedError extends Error {
  override name = 'DockingFeedError';
}

export function dockingProviderFor(config: DockingConfig): DockingProvider {
  return config.provider === 'http'
    ? createHttpProvider(config.url, config.key)
    : createDirectoryProvider(config.feedDir);
}

function housingOf(documents: FeedDocument[], centralCode: string): HousingInfo | null {
  for (const document of documents)
    for (const raw of document.housing) {
      const parsed = housingInfoSchema.safeParse(raw);
      if (parsed.success && parsed.data.centralCode === centralCode) return parsed.data;
    }
  return null;
}

function fromBase64(file: FeedFile): Uint8Array | null {
  return file.contentBase64 === undefined ? null : new Uint8Array(Buffer.from(file.contentBase64, 'base64'));
}

/** The feed directory: every `*.json` in it (not below it), by name; a missing directory is empty. */
export function createDirectoryProvider(feedDir: string): DockingProvider {
  const root = path.resolve(feedDir);
  async function fetchFeed(): Promise<FeedDocument[]> {
    let names: string[];
    try {
      names = (await fsp.readdir(root)).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const documents: FeedDocument[] = [];
    for (const name of names) {
      let json: unknown;
      try {
        json = JSON.parse(await fsp.readFile(path.join(root, name), 'utf8'));
      } catch (error) {
        throw new DockingFeedError(`feed file ${name} is not JSON: ${(error as Error).message}`);
      }
      const parsed = feedDocumentSchema.safeParse(json);
      if (!parsed.success)
        throw new DockingFeedError(`feed file ${name} is not a ${'docking-feed/1'} document`);
      documents.push(parsed.data);
    }
    return documents;
  }
  return {
    source: 'directory',
    fetchFeed,
    async readFile(file) {
      const inline = fromBase64(file);
      if (inline) return inline;
      if (!file.path) throw new DockingFeedError(`file ${file.name} has no path`);
      const target = path.resolve(root, file.path);
      // A feed names files inside its directory only.
      if (!target.startsWith(root + path.sep))
        throw new DockingFeedError(`file path outside the feed: ${file.path}`);
      return new Uint8Array(await fsp.readFile(target));
    },
    async housingInfo(centralCode) {
      return housingOf(await fetchFeed(), centralCode);
    },
  };
}

const HTTP_TIMEOUT_MS = 15_000;

/**
 * The platform's API: `GET {url}/projects` answers a feed document, `GET {url}/housing?centralCode=`
 * one housing record (404: none), files by their `url`. Every request carries `X-Api-Key`.
 */
export function createHttpProvider(baseUrl: string, key: string): DockingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  async function get(url: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'X-Api-Key': key, Accept: 'application/json' },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DockingFeedError(`approval platform unreachable: ${(error as Error).message}`);
    }
    return response;
  }
  const resolve = (ref: string) => (/^https?:\/\//i.test(ref) ? ref : `${base}/${ref.replace(/^\/+/, '')}`);
  return {
    source: 'http',
    async fetchFeed() {
      const response = await get(`${base}/projects`);
      if (!response.ok) throw new DockingFeedError(`approval platform answered ${response.status}`);
      const parsed = feedDocumentSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new DockingFeedError('approval platform answered no docking-feed/1 document');
      return [parsed.data];
    },
    async readFile(file) {
      const inline = fromBase64(file);
      if (inline) return inline;
      const ref = file.url ?? file.path;
      if (!ref) throw new DockingFeedError(`file ${file.name} has no url`);
      // Only the platform's own host: a feed cannot make us fetch from elsewhere with our key.
      const target = resolve(ref);
      if (new URL(target).origin !== new URL(base).origin)
        throw new DockingFeedError(`file url outside the platform: ${ref}`);
      const response = await get(target);
      if (!response.ok) throw new DockingFeedError(`file ${file.name}: platform answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async housingInfo(centralCode) {
      const response = await get(`${base}/housing?centralCode=${encodeURIComponent(centralCode)}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new DockingFeedError(`approval platform answered ${response.status}`);
      const parsed = housingInfoSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new DockingFeedError('approval platform answered no housing record');
      return parsed.data.centralCode === centralCode ? parsed.data : null;
    },
  };
}
