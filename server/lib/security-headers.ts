/**
 * The security headers of every answer (issue 11, finding 4), computed once at start: the front sends
 * them with API answers, static files, rendered pages and page-cache hits alike (server/front.ts).
 *
 * Scripts come only from our own origin. The only inline scripts a built page carries are Astro's
 * island runtime and its client-directive loaders (astro.config.mjs turns the inlining of our own
 * processed scripts off), so their SHA-256 hashes are the whole exception, taken from the very
 * strings Astro inlines. Styles keep 'unsafe-inline': React and Leaflet set style attributes, and a
 * style cannot run code. HSTS only goes out over TLS and is never stored in the page cache (it is
 * added per answer, page-cache.ts drops it from what it keeps).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import astroIsland from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { isSecureConnection } from './client-address';

/** The inline scripts Astro writes into pages with islands (runtime/server/scripts.js, getPrescripts). */
export const astroInlineScripts: readonly string[] = [
  astroIsland,
  idleDirective,
  loadDirective,
  mediaDirective,
  onlyDirective,
  visibleDirective,
];

/** The CSP source of an inline script's text: `'sha256-…'`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface SecurityHeaderOptions {
  /** With a Tianditu key the map loads tiles from t0…t7.tianditu.gov.cn (server/modules/map). */
  tiandituToken: string | undefined;
  /** Behind a reverse proxy: X-Forwarded-Proto (its last hop) says whether the browser used TLS. */
  trustProxy: boolean;
}

/** Header name, value, name, value, … as node's writeHead takes them. */
export type HeaderList = readonly string[];

export interface SecurityHeaders {
  /** The headers of an answer to this request (with HSTS when it came over TLS). */
  forRequest(req: IncomingMessage): HeaderList;
  /** The headers without HSTS (plain HTTP). */
  readonly plain: HeaderList;
  /** The headers with HSTS (TLS). */
  readonly secure: HeaderList;
}

export function contentSecurityPolicy(options: Pick<SecurityHeaderOptions, 'tiandituToken'>): string {
  const images = [
    "'self'",
    'data:',
    'blob:',
    ...(options.tiandituToken ? ['https://*.tianditu.gov.cn'] : []),
  ];
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${astroInlineScripts.map(scriptHash).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** Features the product never uses, refused for every page and any frame. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

export const HSTS_HEADER = 'Strict-Transport-Security';

/** Every header this module sets, lower-case (the page cache keeps none of them). */
export const securityHeaderNames: readonly string[] = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'x-content-type-options',
  'permissions-policy',
  HSTS_HEADER.toLowerCase(),
];

export function createSecurityHeaders(options: SecurityHeaderOptions): SecurityHeaders {
  const plain: HeaderList = [
    'Content-Security-Policy',
    contentSecurityPolicy(options),
    'X-Frame-Options',
    'DENY',
    'Referrer-Policy',
    'strict-origin-when-cross-origin',
    'X-Content-Type-Options',
    'nosniff',
    'Permissions-Policy',
    PERMISSIONS_POLICY,
  ];
  const secure: HeaderList = [...plain, HSTS_HEADER, 'max-age=31536000; includeSubDomains'];
  return {
    plain,
    secure,
    forRequest: (req) => (isSecureConnection(req, options.trustProxy) ? secure : plain),
  };
}
