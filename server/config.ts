/**
 * The one configuration module: environment variables, validated with zod, with defaults that make
 * `npm start` work offline on the embedded database. README's configuration table mirrors `envSchema`.
 */
import path from 'node:path';
import { z } from 'zod';
import type { BBox } from './lib/geometry';
import type { StorageSettings } from './storage/open-storage';
import { loadServiceFiles, ServiceRegistryError, type FileCasService } from '@server/modules/identity';
import type { SelectionMethod } from '@shared/domain/selection';
import {
  DEFAULT_CREDIT_GRADE_RULE,
  type CreditGrade,
  type CreditGradeRule,
} from '@shared/domain/credit-score';
import { apiBaseNames, defaultApiBases, type ApiBaseName, type ApiBases } from '@shared/api/bases';

/** A list of credit grades, comma separated (`C`, `C,D`), or `none`. */
const creditGradeList = (name: string, fallback: readonly CreditGrade[]) =>
  z
    .string()
    .regex(
      /^\s*(none|[A-D]\s*(,\s*[A-D]\s*)*)\s*$/,
      `${name}: grades among A, B, C, D (comma separated) or none`,
    )
    .default(fallback.length > 0 ? fallback.join(',') : 'none');

const { floors: defaultFloors } = DEFAULT_CREDIT_GRADE_RULE;

const port = z.coerce.number().int().min(0).max(65535);
const apiBase = z.string().regex(/^\/[A-Za-z0-9_-]+$/, 'API base must look like /name');

/** API_BASE_BUSINESS=/smsend, API_BASE_UC=/uc, ...: one variable per base of spec section 7. */
const apiBaseVariable = (name: ApiBaseName) =>
  `API_BASE_${name.toUpperCase()}` as `API_BASE_${Uppercase<ApiBaseName>}`;
const apiBaseVariables = Object.fromEntries(
  apiBaseNames.map((name) => [apiBaseVariable(name), apiBase.default(defaultApiBases[name])]),
) as Record<`API_BASE_${Uppercase<ApiBaseName>}`, z.ZodDefault<typeof apiBase>>;

export const envSchema = z.object({
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: port.default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where stored files live: `fs` under DATA_DIR/files, or `s3`, an S3-compatible store (docs/operations.md). */
  STORAGE: z.enum(['fs', 's3']).default('fs'),
  /** The object store's address (MinIO, Ceph RGW …); unset for AWS S3, which S3_REGION locates. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3 to 63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  DATABASE_URL: z.url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo projects generated on the first start of an empty demo database. */
  SEED_PROJECTS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  ...apiBaseVariables,
  /** Test-only: fixes the image captcha. Refused in production mode. */
  CAPTCHA_TEST_CODE: z.string().length(4).optional(),
  /** Behind a reverse proxy: take the client address and https from X-Forwarded-For / -Proto. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** With TRUST_PROXY: how many proxies append to X-Forwarded-For (the client is that many from the right). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** nginx in front (deploy/nginx): the folder where public hall pages are kept as files for it. */
  PAGE_MIRROR_DIR: z.string().min(1).optional(),
  /**
   * The hall's public address (https://dcdh.example.gov.cn): printed in certificates' QR codes, which
   * must open from a phone. Default: http://localhost:<PORT>.
   */
  PUBLIC_URL: z.url().optional(),
  /** Phone codes one mobile number may receive per day (the 60 s resend wait is the spec's). */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  /** External entry: the service whose /cas service tickets the default identity provider trusts. */
  EXTERNAL_IDENTITY_SERVICE: z.string().min(1).default('/centerLoding'),
  /** A directory of Apereo CAS JSON service definitions, loaded at start (docs/cas.md). */
  CAS_SERVICE_REGISTRY: z.string().min(1).optional(),
  /** Tianditu browser key: with it the map uses Tianditu tiles, place search and reverse geocoding. */
  TIANDITU_TOKEN: z.string().min(1).optional(),
  TIANDITU_API_URL: z.url().default('https://api.tianditu.gov.cn'),
  /** How often each instance looks for due jobs (server/modules/jobs). */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Chunk size of the archive's chunked upload, in MB (spec section 9; 0.0625 to 10). */
  ARCHIVE_CHUNK_MB: z.coerce.number().min(0.0625).max(10).default(5),
  /** Days an approved result-sharing application lets its applicant download (1 to 3650). */
  SHARE_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Test-only: the product's clock runs this many days ahead (jobs, credit periods). Refused in production. */
  CLOCK_OFFSET_DAYS: z.coerce.number().int().min(-3650).max(3650).optional(),
  /** Selection methods owners may choose for a demand, comma separated (direct, draw, price). */
  SELECTION_METHODS: z
    .string()
    .regex(
      /^\s*(direct|draw|price)\s*(,\s*(direct|draw|price)\s*)*$/,
      'SELECTION_METHODS: direct, draw and/or price',
    )
    .default('direct,draw,price'),
  /**
   * The credit grades (docs/credit-score.md): the lowest score of A, B and C, strictly decreasing
   * within 0–100 (D is below C's), …
   */
  CREDIT_GRADE_FLOORS: z
    .string()
    .regex(
      /^\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*$/,
      'CREDIT_GRADE_FLOORS must be three scores A,B,C (e.g. 90,75,60)',
    )
    .default(`${defaultFloors.A},${defaultFloors.B},${defaultFloors.C}`),
  /** … the grades that keep an agency out of new demands (or none), … */
  CREDIT_UNSELECTABLE_GRADES: creditGradeList(
    'CREDIT_UNSELECTABLE_GRADES',
    DEFAULT_CREDIT_GRADE_RULE.unselectable,
  ),
  /** … and those an owner may only choose directly: no draw, no price comparison (or none). */
  CREDIT_DIRECT_CHOICE_GRADES: creditGradeList(
    'CREDIT_DIRECT_CHOICE_GRADES',
    DEFAULT_CREDIT_GRADE_RULE.directChoiceOnly,
  ),
  /** Where docked projects come from (docs/docking.md): a feed directory (offline) or the platform's HTTP API. */
  DOCKING_PROVIDER: z.enum(['directory', 'http']).default('directory'),
  /** The feed directory of the directory provider; default DATA_DIR/docking/feed. */
  DOCKING_FEED_DIR: z.string().min(1).optional(),
  /** The approval platform's API (http provider): base URL and access key. */
  DOCKING_HTTP_URL: z.url().optional(),
  DOCKING_HTTP_KEY: z.string().min(8).optional(),
  /**
   * Where accepted results and certificates are reported to the provincial platform (docs/reporting.md):
   * a drop directory (offline) or the platform's HTTP API.
   */
  RESULTS_REPORT_PROVIDER: z.enum(['directory', 'http']).default('directory'),
  /** The directory provider's drop directory; default DATA_DIR/reporting/outbox. */
  RESULTS_REPORT_DIR: z.string().min(1).optional(),
  /** The provincial platform's results API (http provider): base URL and access key. */
  RESULTS_REPORT_HTTP_URL: z.url().optional(),
  RESULTS_REPORT_HTTP_KEY: z.string().min(8).optional(),
  /** The city's fixed lon/lat box "west,south,east,north": map bounds and place-search bound. */
  MAP_BBOX: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'MAP_BBOX must be west,south,east,north')
    .default('118.0,36.2,118.6,36.6'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  mode: Env['APP_MODE'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where stored files live (STORAGE and S3_*). */
  storage: StorageSettings;
  /** When set, a PostgreSQL server; otherwise the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dbPoolMax: number;
  logLevel: Env['LOG_LEVEL'];
  seedProjects: number;
  apiBases: ApiBases;
  captchaTestCode: string | undefined;
  trustProxy: boolean;
  /** Trusted proxies in front of us (server/lib/client-address.ts). */
  proxyHops: number;
  /** Where the page cache keeps its pages as files for nginx (server/lib/page-mirror.ts), or unset. */
  pageMirrorDir: string | undefined;
  /** The hall's public address, no trailing slash (PUBLIC_URL). */
  publicUrl: string;
  smsDailyLimit: number;
  externalIdentityService: string;
  /** CAS services from the files of CAS_SERVICE_REGISTRY (the console's are in the database). */
  casServiceFiles: readonly FileCasService[];
  map: MapConfig;
  jobPollMs: number;
  /** Bytes per chunk of the archive's uploader (ARCHIVE_CHUNK_MB). */
  archiveChunkBytes: number;
  /** Days an approved result-sharing application stays valid (SHARE_VALID_DAYS). */
  shareValidDays: number;
  /** Test-only (CLOCK_OFFSET_DAYS): added to the real time by the services' clock. */
  clockOffsetMs: number;
  /**
   * The credit grade rule (CREDIT_GRADE_FLOORS, CREDIT_UNSELECTABLE_GRADES, CREDIT_DIRECT_CHOICE_GRADES);
   * withServices hands it to the credit module (server/services.ts).
   */
  creditGradeRule: CreditGradeRule;
  /** Selection methods owners may choose (SELECTION_METHODS). */
  selectionMethods: readonly SelectionMethod[];
  /** The approval platform's docking (server/modules/docking, docs/docking.md). */
  docking: DockingConfig;
  /** Results reporting to the provincial platform (server/modules/reporting, docs/reporting.md). */
  reporting: ReportingConfig;
}

export type ReportingConfig =
  { provider: 'directory'; dir: string } | { provider: 'http'; url: string; key: string; dir: string };

export type DockingConfig =
  | { provider: 'directory'; feedDir: string }
  | { provider: 'http'; url: string; key: string; feedDir: string };

export interface MapConfig {
  tiandituToken: string | undefined;
  tiandituApiUrl: string;
  bbox: BBox;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration; throws ConfigError with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.APP_MODE === 'production';
  if (isProduction && env.CAPTCHA_TEST_CODE) {
    throw new ConfigError('CAPTCHA_TEST_CODE is a test-only setting and is refused in production mode');
  }
  if (isProduction && env.CLOCK_OFFSET_DAYS !== undefined) {
    throw new ConfigError('CLOCK_OFFSET_DAYS is a test-only setting and is refused in production mode');
  }
  const [west, south, east, north] = env.MAP_BBOX.split(',').map(Number) as [number, number, number, number];
  if (!(west < east && south < north)) throw new ConfigError('MAP_BBOX must be west,south,east,north');
  const apiBases = Object.fromEntries(
    apiBaseNames.map((name) => [name, env[apiBaseVariable(name)]]),
  ) as Record<ApiBaseName, string>;
  let casServiceFiles: FileCasService[] = [];
  if (env.CAS_SERVICE_REGISTRY) {
    try {
      casServiceFiles = loadServiceFiles(path.resolve(env.CAS_SERVICE_REGISTRY));
    } catch (error) {
      if (error instanceof ServiceRegistryError) throw new ConfigError(error.message);
      throw error;
    }
  }
  if (env.DOCKING_PROVIDER === 'http' && (!env.DOCKING_HTTP_URL || !env.DOCKING_HTTP_KEY)) {
    throw new ConfigError('DOCKING_PROVIDER=http needs DOCKING_HTTP_URL and DOCKING_HTTP_KEY');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const storage = storageSettings(env, dataDir);
  const feedDir = path.resolve(env.DOCKING_FEED_DIR ?? path.join(dataDir, 'docking', 'feed'));
  const docking: DockingConfig =
    env.DOCKING_PROVIDER === 'http'
      ? {
          provider: 'http',
          url: (env.DOCKING_HTTP_URL ?? '').replace(/\/+$/, ''),
          key: env.DOCKING_HTTP_KEY ?? '',
          feedDir,
        }
      : { provider: 'directory', feedDir };
  if (
    env.RESULTS_REPORT_PROVIDER === 'http' &&
    (!env.RESULTS_REPORT_HTTP_URL || !env.RESULTS_REPORT_HTTP_KEY)
  ) {
    throw new ConfigError(
      'RESULTS_REPORT_PROVIDER=http needs RESULTS_REPORT_HTTP_URL and RESULTS_REPORT_HTTP_KEY',
    );
  }
  const reportDir = path.resolve(env.RESULTS_REPORT_DIR ?? path.join(dataDir, 'reporting', 'outbox'));
  const reporting: ReportingConfig =
    env.RESULTS_REPORT_PROVIDER === 'http'
      ? {
          provider: 'http',
          url: (env.RESULTS_REPORT_HTTP_URL ?? '').replace(/\/+$/, ''),
          key: env.RESULTS_REPORT_HTTP_KEY ?? '',
          dir: reportDir,
        }
      : { provider: 'directory', dir: reportDir };
  const creditGradeRule = creditGradeRuleOf(env);
  if (new Set(Object.values(apiBases)).size !== Object.keys(apiBases).length) {
    throw new ConfigError('API bases must be distinct');
  }
  return {
    mode: env.APP_MODE,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    storage,
    databaseUrl: env.DATABASE_URL,
    dbPoolMax: env.DB_POOL_MAX,
    logLevel: env.LOG_LEVEL,
    seedProjects: env.SEED_PROJECTS,
    apiBases,
    captchaTestCode: env.CAPTCHA_TEST_CODE,
    trustProxy: env.TRUST_PROXY === 'true',
    proxyHops: env.TRUST_PROXY_HOPS,
    pageMirrorDir: env.PAGE_MIRROR_DIR && path.resolve(env.PAGE_MIRROR_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smsDailyLimit: env.SMS_DAILY_LIMIT,
    externalIdentityService: env.EXTERNAL_IDENTITY_SERVICE,
    casServiceFiles,
    jobPollMs: env.JOB_POLL_SECONDS * 1000,
    archiveChunkBytes: Math.round(env.ARCHIVE_CHUNK_MB * 1024 * 1024),
    shareValidDays: env.SHARE_VALID_DAYS,
    clockOffsetMs: (env.CLOCK_OFFSET_DAYS ?? 0) * 24 * 60 * 60 * 1000,
    docking,
    reporting,
    creditGradeRule,
    selectionMethods: [...new Set(env.SELECTION_METHODS.split(',').map((m) => m.trim() as SelectionMethod))],
    map: {
      tiandituToken: env.TIANDITU_TOKEN,
      tiandituApiUrl: env.TIANDITU_API_URL.replace(/\/+$/, ''),
      bbox: { west, south, east, north },
    },
  };
}

/** The grade rule of the CREDIT_* variables, checked as a whole (their formats are the schema's). */
function creditGradeRuleOf(env: Env): CreditGradeRule {
  const [A, B, C] = env.CREDIT_GRADE_FLOORS.split(',').map(Number) as [number, number, number];
  if (!(A <= 100 && A > B && B > C && C >= 0)) {
    throw new ConfigError(
      `CREDIT_GRADE_FLOORS must be three scores A,B,C, strictly decreasing within 0–100 (got ${env.CREDIT_GRADE_FLOORS.trim()})`,
    );
  }
  const grades = (value: string): CreditGrade[] =>
    value.trim() === 'none' ? [] : [...new Set(value.split(',').map((grade) => grade.trim() as CreditGrade))];
  const unselectable = grades(env.CREDIT_UNSELECTABLE_GRADES);
  const directChoiceOnly = grades(env.CREDIT_DIRECT_CHOICE_GRADES);
  const both = directChoiceOnly.filter((grade) => unselectable.includes(grade));
  if (both.length > 0) {
    throw new ConfigError(
      `CREDIT_DIRECT_CHOICE_GRADES and CREDIT_UNSELECTABLE_GRADES both name ${both.join(', ')}: a grade is either out of selection or direct choice only`,
    );
  }
  return { floors: { A, B, C }, unselectable, directChoiceOnly };
}

function storageSettings(env: Env, dataDir: string): StorageSettings {
  if (env.STORAGE === 'fs') return { kind: 'fs', root: path.join(dataDir, 'files') };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !env[name],
  );
  if (missing.length > 0) throw new ConfigError(`STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}
