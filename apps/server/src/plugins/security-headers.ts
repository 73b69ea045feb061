import { createHash } from 'node:crypto';
import { API_PREFIX, DEFERRED_START_SCRIPT, EARLY_CLICK_SCRIPT } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { s3BucketUrl } from '../modules/upload/index.js';

type Directives = Record<string, string[]>;

/** The browser origin media files come from when object storage serves them directly, else null. */
export function mediaOriginOf(config: Pick<Config, 'storage'>): string | null {
  if (config.storage.driver !== 's3' || !config.storage.s3.publicBaseUrl) return null;
  return new URL(config.storage.s3.publicBaseUrl).origin;
}

/**
 * The bucket's origin when storage is S3: the custom-design page POSTs uploads straight to it
 * (modules/upload/s3-post-policy.ts), so `connect-src` must allow it. Null on local storage.
 */
export function uploadOriginOf(config: Pick<Config, 'storage'>): string | null {
  if (config.storage.driver !== 's3') return null;
  return new URL(s3BucketUrl(config.storage.s3)).origin;
}

/** Where Baidu Tongji's hm.js and its beacons live. */
export const BAIDU_TONGJI_ORIGIN = 'https://hm.baidu.com';

const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The inline script at the top of every page of the web app, allowed by its hash (CSP level 2). */
export const EARLY_CLICK_SCRIPT_HASH = sha256Source(EARLY_CLICK_SCRIPT);
/** The inline script that starts the app on a page the server drew (web-app.ts). */
export const DEFERRED_START_SCRIPT_HASH = sha256Source(DEFERRED_START_SCRIPT);

/**
 * The Content-Security-Policy of the web app's pages. Their only inline scripts are the
 * contract's EARLY_CLICK_SCRIPT and DEFERRED_START_SCRIPT, allowed by their hashes; everything
 * else is a module file. antd writes its CSS-in-JS as <style> elements, hence `style-src 'unsafe-inline'`.
 * The verification-code challenge computes in a worker built from a blob and may use WebAssembly.
 * The sandbox pay page is a link opened in its own tab: it needs nothing here, and sends a
 * stricter policy of its own.
 */
export function pageDirectives(
  mediaOrigin: string | null,
  frameAncestors: string,
  uploadOrigin: string | null = null,
  tongji = false,
): Directives {
  const media = mediaOrigin ? [mediaOrigin] : [];
  // Baidu Tongji (BAIDU_TONGJI_SITE_ID): its script and its beacons, only when configured
  const baidu = tongji ? [BAIDU_TONGJI_ORIGIN] : [];
  const uploads = uploadOrigin && uploadOrigin !== mediaOrigin ? [uploadOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", EARLY_CLICK_SCRIPT_HASH, DEFERRED_START_SCRIPT_HASH, "'wasm-unsafe-eval'", ...baidu],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...baidu],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...media, ...uploads, ...baidu],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  };
}

/** API responses are data: nothing in them may run, and no page may frame them. */
const API_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The headers of an answer made before any hook runs (the router's own refusals, app.ts): the
 * API's policy, and inline styles for the small page a person may be shown.
 */
export const BEFORE_HOOKS_HEADERS = {
  'content-security-policy': serializeDirectives({ ...API_DIRECTIVES, 'style-src': ["'unsafe-inline'"] }),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/**
 * Security headers on every response (helmet): a CSP, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy`, no framing by other sites. The operator console and the API may not be
 * framed at all (`frame-ancestors 'none'`, `X-Frame-Options: DENY`).
 */
async function securityHeaders(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const mediaOrigin = mediaOriginOf(config);
  const uploadOrigin = uploadOriginOf(config);
  const strictPage = serializeDirectives(pageDirectives(mediaOrigin, "'none'", uploadOrigin));
  const api = serializeDirectives(API_DIRECTIVES);

  // Built once: @fastify/helmet built helmet's middleware, parsing every directive, on each request.
  const helmetHeaders = helmet({
    // Explicit directives only: helmet's defaults add `upgrade-insecure-requests`, which breaks
    // a plain-HTTP deployment on a LAN address.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: pageDirectives(mediaOrigin, "'self'", uploadOrigin, config.baiduTongjiSiteId !== undefined),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is really served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000 } : false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    helmetHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error as Error);
      const path = request.url;
      if (isUnder(path, API_PREFIX)) {
        reply.raw.setHeader('content-security-policy', api);
        reply.raw.setHeader('x-frame-options', 'DENY');
      } else if (isUnder(path, '/admin')) {
        reply.raw.setHeader('content-security-policy', strictPage);
        reply.raw.setHeader('x-frame-options', 'DENY');
      }
      done();
    });
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
