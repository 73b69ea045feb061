import fastifyStatic from '@fastify/static';
import {
  API_PREFIX,
  DEFERRED_START_SCRIPT,
  MATERIAL_ROUTES,
  FIRST_RESPONSE_ELEMENT_ID,
  SIDE_RESPONSE_CLASS,
  type TMaterial,
  firstCallOfPage,
  hasSignedInCookie,
  isMobileUserAgent,
  landingPageOf,
  consoleShellOf,
  mobileSiteTarget,
  phoneTileSize,
  previewStillUrl,
  sideCallsOfPage,
  thumbnailSrcSet,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../lib/html.js';
import { sendEncoded } from '../lib/response-encoding.js';

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
const NON_PAGE_PREFIXES = [API_PREFIX, '/media', '/sandbox', '/assets', '/metrics', '/healthz', '/readyz'];

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
  // loaded now rather than by the first visitor's request
  await rendererFor(webDist, app.log);
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
        : file.endsWith('.html')
          ? PAGE_CACHE_CONTROL
          : PUBLIC_FILE_CACHE_CONTROL;
      reply.header('cache-control', cacheControl);
    },
  });
  return true;
}

// How wide a first page's tiles will be, for a page the browser draws itself (a drawn page
// preloads what its drawing asks for: drawnPage). On a phone the grid has two columns and the
// contract's `sizes` entry for them, so the preload picks the very file the tile asks for. On a
// computer the column count depends on the window: the tiles' usual width is the guess.
const PHONE_TILE = phoneTileSize(2);
const TILE_SIZES: Record<string, string> = {
  [MATERIAL_ROUTES.search.path]: `${PHONE_TILE}, 240px`,
  [MATERIAL_ROUTES.free.path]: `${PHONE_TILE}, 240px`,
  [MATERIAL_ROUTES.featuredVideo.path]: `${PHONE_TILE}, 320px`,
};
/** Pictures of a page preloaded: a phone's first row of a list. */
const PRELOADED_PICTURES = 2;

/**
 * Preloads of the pictures a first page shows first, named in its first answer: the material's
 * still on its detail page, the first tiles' thumbnails on a list (the same srcset as the tile,
 * so the browser picks the same file). They then download beside the scripts instead of after.
 */
function picturePreloads(call: string, data: unknown): string {
  const link = (attributes: string) => `<link rel="preload" as="image" fetchpriority="high" ${attributes}>`;
  const sizes = TILE_SIZES[call.split('?')[0] ?? ''];
  if (sizes) {
    const materials = (data as { materials?: TMaterial[] } | null)?.materials ?? [];
    return materials
      .slice(0, PRELOADED_PICTURES)
      .map((m) => thumbnailSrcSet(m))
      .filter((srcset): srcset is string => Boolean(srcset))
      .map((srcset) => link(`imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}"`))
      .join('');
  }
  const still = data && typeof data === 'object' ? previewStillUrl(data as TMaterial) : undefined;
  return still ? link(`href="${escapeHtml(still)}"`) : '';
}

/** `<`, `>`, `&` and the line separators escaped: JSON that cannot end the element holding it. */
function jsonForHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An HTML page made for this request, brotli or gzip as the browser accepts. Compressed here:
 * the page fallback is the not-found handler, which is no route, so @fastify/compress (a hook on
 * routes) never sees it.
 */
function sendCompressedHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  return sendEncoded(request, reply, 'text/html; charset=utf-8', html);
}

/**
 * The pages a first visit lands on, and the console's pages (`admin-<page>`), have a shell of
 * their own (`shells/<page>.html`, written by apps/web/build/route-shells.ts): index.html plus a
 * preload of that page's code. Read once per page; null when the build has none (an older build,
 * tests), and then index.html is sent.
 */
interface Shell {
  file: string;
  html: string;
}
const shells = new Map<string, Shell | null>();

function shellFor(url: string, webDist: string): Shell | null {
  const path = url.split('?')[0] ?? '/';
  const page = landingPageOf(path) ?? consoleShellOf(path);
  if (!page) return null;
  const key = `${webDist}\0${page}`;
  if (!shells.has(key)) {
    const file = `shells/${page}.html`;
    const path = join(webDist, file);
    const html = existsSync(path) ? readFileSync(path, 'utf8') : '';
    shells.set(key, html.includes('</head>') && html.includes('</body>') ? { file, html } : null);
  }
  return shells.get(key) ?? null;
}

/** apps/web src/entry-server.tsx, as `vite build --ssr` writes it beside the web build. */
interface LandingPageRenderer {
  renderLandingPage(page: {
    url: string;
    answer: unknown;
    sideAnswers: Record<string, unknown>;
    viewportWidth: number;
  }): Promise<string | null>;
}
const renderers = new Map<string, Promise<LandingPageRenderer | null>>();

/** The server-side renderer of the web build in `webDist`, loaded once; null without one. */
function rendererFor(webDist: string, log: FastifyInstance['log']): Promise<LandingPageRenderer | null> {
  let renderer = renderers.get(webDist);
  if (!renderer) {
    const entry = join(dirname(webDist), 'dist-ssr', 'entry-server.js');
    renderer = existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<LandingPageRenderer>).catch((error: unknown) => {
          log.error({ err: error }, 'the landing pages renderer did not load; pages are drawn in the browser');
          return null;
        })
      : Promise.resolve(null);
    renderers.set(webDist, renderer);
  }
  return renderer;
}

/**
 * The width the server's drawing assumes: the one the browser states (`Sec-CH-Viewport-Width`,
 * which Chromium sends once a page of the site has asked for it with `Accept-CH`), else a
 * phone's or a desktop's by the User-Agent. Phones get two columns of tiles at any width; a
 * desktop whose window holds another column count than assumed re-lays out once hydrated.
 */
export const PHONE_VIEWPORT_WIDTH = 390;
export const DESKTOP_VIEWPORT_WIDTH = 1440;
const VIEWPORT_HINT = 'sec-ch-viewport-width';

function assumedViewportWidth(request: FastifyRequest): number {
  const stated = Number(request.headers[VIEWPORT_HINT]);
  if (Number.isInteger(stated) && stated >= 240 && stated <= 8000) return stated;
  return isMobileUserAgent(request.headers['user-agent'] ?? '') ? PHONE_VIEWPORT_WIDTH : DESKTOP_VIEWPORT_WIDTH;
}

const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const REACT_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;
const FIRST_SCREEN_PRELOAD = /<link rel="preload" as="image"[^>]*fetchPriority="high"[^>]*\/>/g;

/** `html` with `preloads` at the end of its head. */
const withPreloads = (html: string, preloads: string) => html.replace('</head>', () => `${preloads}</head>`);
const ROOT_CONTENT = /<div id="root">[\s\S]*?<!--\/loading-->\s*<\/div>/;

/**
 * The page drawn by the web app for a visitor without a session, in place of the loading screen,
 * with the width it was drawn for (the browser hydrates it assuming the same). The shell with
 * `preloads`, the page's own guess at its first pictures, when there is no renderer or it fails:
 * the browser then draws the page itself.
 */
async function drawnPage(
  request: FastifyRequest,
  html: string,
  preloads: string,
  answer: unknown,
  sideAnswers: Record<string, unknown>,
  webDist: string,
): Promise<string> {
  const undrawn = withPreloads(html, preloads);
  const renderer = await rendererFor(webDist, request.log);
  if (!renderer || !ROOT_CONTENT.test(html)) return undrawn;
  // a signed-in buyer's page is drawn by their browser (the server has no session to draw with)
  if (hasSignedInCookie(request.headers.cookie)) return undrawn;
  const viewportWidth = assumedViewportWidth(request);
  try {
    const markup = await renderer.renderLandingPage({ url: request.url, answer, sideAnswers, viewportWidth });
    if (markup === null) return undrawn;
    // React puts a preload of every picture it draws eagerly before the markup. The first
    // screen's (fetchPriority="high") name the very file each drawn picture asks for, for the
    // width drawn for, phone or computer: the first of those go in the head, where the browser
    // finds them first, in place of the page's own guess; the rest go.
    const reactPreloads = REACT_IMAGE_PRELOADS.exec(markup)?.[0] ?? '';
    const drawing = markup.slice(reactPreloads.length);
    const firstPictures = (reactPreloads.match(FIRST_SCREEN_PRELOAD) ?? []).slice(0, PRELOADED_PICTURES).join('');
    return (
      withPreloads(html, firstPictures || preloads)
        // a drawn page needs its code only to respond, not to appear: its scripts follow the
        // module graph from the entry instead of downloading beside the first pictures
        .replace(MODULE_PRELOADS, '')
        // and start once the first screen's pictures are painted (the contract's DEFERRED_START_SCRIPT)
        .replace(
          ENTRY_SCRIPT,
          (_script, entry: string) => `<script data-entry="${entry}">${DEFERRED_START_SCRIPT}</script>`,
        )
        .replace(ROOT_CONTENT, () => `<div id="root" data-viewport-width="${viewportWidth}">${drawing}</div>`)
    );
  } catch (error) {
    request.log.error({ err: error }, 'a landing page could not be drawn on the server');
    return undrawn;
  }
}

/**
 * A page a first visit lands on, with the answer to its first call inside it (the contract's
 * `firstCallOfPage`) and those of its side calls (`sideCallsOfPage`), and drawn with them. Only
 * successes are sent. Null when the page has no first call or it did not succeed: the page then
 * makes the call itself.
 */
async function withFirstResponse(request: FastifyRequest, shell: Shell, webDist: string): Promise<string | null> {
  const call = firstCallOfPage(request.url);
  if (!call) return null;
  const sideCalls = sideCallsOfPage(request.url);
  const [first, ...side] = await Promise.all([call, ...sideCalls].map((url) => answerAsVisitor(request, url)));
  if (!first) return null;
  const sideAnswers: Record<string, unknown> = {};
  let sideElements = '';
  side.forEach((answer, index) => {
    const url = sideCalls[index]!;
    // a side call that failed is made by the page itself, as on any other page
    if (!answer) return;
    sideAnswers[url] = answer.data;
    sideElements += jsonElement(`class="${SIDE_RESPONSE_CLASS}"`, url, answer.body);
  });
  const html = shell.html.replace(
    '</body>',
    () => `${jsonElement(`id="${FIRST_RESPONSE_ELEMENT_ID}"`, call, first.body)}${sideElements}</body>`,
  );
  return drawnPage(request, html, picturePreloads(call, first.data), first.data, sideAnswers, webDist);
}

/**
 * A call made through the API's own route, as the visitor (their address counts against their
 * own rate limit): its JSON and data when it succeeded, else null.
 */
async function answerAsVisitor(request: FastifyRequest, url: string): Promise<{ body: string; data: unknown } | null> {
  const answer = await request.server.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
  });
  if (answer.statusCode !== 200 || !answer.headers['content-type']?.toString().includes('json')) return null;
  return { body: answer.body, data: (JSON.parse(answer.body) as { data?: unknown }).data };
}

/** An answer inside the page: a JSON element naming the call it answers. */
function jsonElement(identity: string, url: string, json: string): string {
  return `<script type="application/json" ${identity} data-url="${escapeHtml(url)}">${jsonForHtml(json)}</script>`;
}

/**
 * The single-page app's shell, for a page route the server has no route of its own for. With a
 * separate mobile site configured, phones are redirected there with the same path and query
 * before any script loads (spec §2).
 */
export async function sendAppShell(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { mobileSiteUrl: string | undefined; webDist: string },
) {
  const { mobileSiteUrl } = options;
  reply.header('cache-control', PAGE_CACHE_CONTROL);
  // the next page drawn for this browser can be drawn for its real width
  reply.header('accept-ch', 'Sec-CH-Viewport-Width');
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
  const shell = shellFor(request.url, options.webDist);
  if (shell && request.method === 'GET') {
    const html = await withFirstResponse(request, shell, options.webDist);
    if (html !== null) return sendCompressedHtml(request, reply, html);
  }
  return reply.sendFile(shell?.file ?? 'index.html');
}
