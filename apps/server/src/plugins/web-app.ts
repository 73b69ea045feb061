import fastifyStatic from '@fastify/static';
import { mobileSiteTarget } from '@gemstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Hashed build output (`assets/name-<hash>.js`): the same URL never changes content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: browsers must ask again every time. */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** Files in public/ (favicon) keep their name across releases: cache briefly. */
const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Paths the server answers itself (API, media, sandbox pay page, probes, metrics) or that
 * name build files. A miss under one of them is a plain 404, never the single-page app.
 */
const NON_PAGE_PREFIXES = ['/api', '/media', '/sandbox', '/assets', '/metrics', '/healthz', '/readyz'];

/**
 * Whether a request that matched no route is a page the single-page app renders (`/detail/…`,
 * `/user/order`, an unknown page that shows the app's 404). A path with a file extension
 * (`/foo.js`, `/robots.txt`) or under a server prefix is not: it gets the JSON 404.
 */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (NON_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * Serves the built web app (apps/web/dist). `vite build` writes a `.br` and a `.gz` beside each
 * file (apps/web/vite.config.ts); `preCompressed` sends the one the browser accepts, so nothing
 * is compressed per request. Returns false when there is no build (API-only deployments, tests).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const assetsDir = `${join(webDist, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Headers are set below, per kind of file; `send`'s own max-age would override them.
    cacheControl: false,
    setHeaders: (reply, path) => {
      // `path` is the file sent, which may be the `.br` / `.gz` beside the one asked for.
      const file = path.replace(/\.(br|gz)$/, '');
      const cacheControl = file.startsWith(assetsDir)
        ? IMMUTABLE_CACHE_CONTROL
        : file.endsWith(`${sep}index.html`)
          ? PAGE_CACHE_CONTROL
          : PUBLIC_FILE_CACHE_CONTROL;
      reply.header('cache-control', cacheControl);
    },
  });
  return true;
}

/**
 * The single-page app's shell, for a page route the server has no route of its own for. With a
 * separate mobile site configured, phones are redirected there with the same path and query
 * before any script loads (spec §2).
 */
export function sendAppShell(request: FastifyRequest, reply: FastifyReply, mobileSiteUrl: string | undefined) {
  reply.header('cache-control', PAGE_CACHE_CONTROL);
  if (mobileSiteUrl) {
    reply.header('vary', 'user-agent');
    const target = mobileSiteTarget(
      request.url,
      request.headers['user-agent'] ?? '',
      mobileSiteUrl,
      `${request.protocol}://${request.host}`,
    );
    if (target) return reply.redirect(target, 302);
  }
  return reply.sendFile('index.html');
}
