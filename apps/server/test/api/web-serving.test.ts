import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFERRED_START_SCRIPT,
  EARLY_CLICK_SCRIPT,
  SIDE_CALLS,
  COMMON_API,
  MATERIAL_API,
  endpointUrl,
} from '@gemstock/contract';
import type { S3Config } from '../../src/config.js';
import { insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const INDEX_HTML =
  `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><script>${EARLY_CLICK_SCRIPT}</script><title>宝图</title></head>` +
  '<body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';
const ENTRY_JS = `console.log(${JSON.stringify('宝图'.repeat(400))});`;
/** What the pages' policy allows to run, beside the app's own files: the contract's inline scripts. */
const PAGE_SCRIPT_SRC = `'self' ${sha256Source(EARLY_CLICK_SCRIPT)} ${sha256Source(DEFERRED_START_SCRIPT)} 'wasm-unsafe-eval'`;

/** The text of every inline script of a page that runs (not a module file, not a JSON island). */
function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/json"/.test(attributes!))
    .map((match) => match[2]!);
}

/** A page's shell: index.html with a preload of that page's code (apps/web/build/route-shells.ts). */
const shellOf = (chunk: string) =>
  INDEX_HTML.replace('</head>', `<link rel="modulepreload" href="/assets/${chunk}"></head>`);

/** A web build as `vite build` leaves it: hashed assets, each text file with a .br and a .gz. */
function writeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'gemstock-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'shells'));
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'shells/home.html': shellOf('home-page-H1.js'),
    'shells/detail.html': shellOf('detail-page-D1.js'),
    'shells/admin-overview.html': shellOf('overview-page-O1.js'),
    'shells/admin-orders.html': shellOf('orders-page-R1.js'),
    'assets/index-AbC123.js': ENTRY_JS,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dist, name), content);
    if (name !== 'favicon.svg') {
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
    }
  }
  return dist;
}

/** A CSP source naming a script by its SHA-256, as a browser computes it over the script's text. */
function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

function cspOf(headers: Record<string, unknown>): Record<string, string> {
  const csp = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('serving the web app: compression, caching, page fallback', () => {
  let t: TestApp;
  let dist: string;
  let scripted: Awaited<ReturnType<typeof insertMaterial>>;
  beforeAll(async () => {
    dist = writeWebBuild();
    t = await buildTestApp({ webDist: dist });
    // before any page is asked for: the catalogue caches a search's matches for a while
    for (let i = 0; i < 12; i += 1) await insertMaterial(t, { keywords: ['钻戒', `款式${i}`] });
    // text that would end the element, and text a string replacement would read as a pattern
    scripted = await insertMaterial(t, { keywords: ['</script><script>alert(1)</script>', "钻戒$&$'$`"] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a page address that does not decode with a page that says so and leads home', async () => {
    const res = await t.app.inject({ url: '/detail/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.body).toContain('页面地址不正确');
    expect(res.body).toContain('<a href="/"');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; style-src 'unsafe-inline'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the pre-compressed brotli file of a hashed asset, cached for a year as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(ENTRY_JS.length / 4);
  });

  it('sends the gzip file to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzip = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY_JS);
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY_JS);
  });

  it('answers page routes with index.html, compressed and never cached', async () => {
    for (const url of ['/', '/detail/M123?keyword=戒指', '/user/order', '/admin', '/no-such-page']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers a page a first visit lands on with its own shell, which preloads that page's code", async () => {
    const shells = {
      '/': 'home-page-H1.js',
      '/?keyword=戒指': 'home-page-H1.js',
      '/detail/M123': 'detail-page-D1.js',
      '/detail/M123?keyword=戒指': 'detail-page-D1.js',
    };
    for (const [url, chunk] of Object.entries(shells)) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`<link rel="modulepreload" href="/assets/${chunk}">`);
    }
    // pages without a shell, and a page whose shell the build lacks (/video here), get index.html
    for (const url of ['/detail/M123/more', '/user/order', '/video', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it("answers a console page with its console shell, which preloads the console's frame and that page's code", async () => {
    const shells = {
      '/admin/orders': 'orders-page-R1.js',
      '/admin/orders?status=paid': 'orders-page-R1.js',
      '/admin/orders/': 'orders-page-R1.js',
      // /admin opens 今日待办 for most roles
      '/admin': 'overview-page-O1.js',
      '/admin/overview': 'overview-page-O1.js',
    };
    for (const [url, chunk] of Object.entries(shells)) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.body, url).toContain(`<link rel="modulepreload" href="/assets/${chunk}">`);
    }
    // a console page the build has no shell for, one the console does not have, a deeper path
    for (const url of ['/admin/materials', '/admin/no-such-page', '/admin/orders/extra', '/administrator']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it("sends inside a first page the answer to that page's first call, for the app to take instead of asking", async () => {
    const material = scripted;
    const home = await t.app.inject({ url: '/' });
    const element = /<script type="application\/json" id="gs-first-response" data-url="([^"]*)">(.*?)<\/script>/s.exec(
      home.body,
    );
    expect(element?.[1]).toBe(`${MATERIAL_API.search.path}?sort=random&amp;page=1&amp;page_size=30`);
    // the answer is the API's own, and no text in it can close the element early
    expect(home.body).not.toContain('</script><script>alert(1)');
    const answer = JSON.parse(element![2]!) as { code: number; data: { materials: { sid: string }[]; seed: number } };
    expect(answer.code).toBe(0);
    expect(answer.data.materials.map((m) => m.sid)).toContain(material.sid);
    // the page carries the API's answer as it was, to the character
    const api = (await t.app.inject({ url: element![1]!.replaceAll('&amp;', '&') })).json<{
      data: { materials: { sid: string; keywords: string[] }[] };
    }>();
    const keywordsOf = (materials: { sid: string; keywords?: string[] }[]) =>
      materials.find((m) => m.sid === material.sid)?.keywords;
    expect(keywordsOf(answer.data.materials)).toEqual(keywordsOf(api.data.materials));
    expect(keywordsOf(answer.data.materials)).toContain("钻戒$&$'$`");
    expect(typeof answer.data.seed).toBe('number');

    // the first row's pictures are preloaded with the tiles' own srcset, and on a phone their sizes
    const tiles = [
      ...home.body.matchAll(
        /<link rel="preload" as="image" fetchpriority="high" imagesrcset="([^"]+)" imagesizes="([^"]+)"/g,
      ),
    ];
    expect(tiles).toHaveLength(2);
    for (const [, , sizes] of tiles) expect(sizes).toMatch(/^\(max-width: 767px\) calc\(\(100vw - 36px\) \/ 2\), /);
    for (const [, srcset] of tiles) expect(srcset).toMatch(/^\/media\/materials\/\w+\/thumb-\w+\.webp \d+w$/);

    const detail = await t.app.inject({ url: `/detail/${material.sid}` });
    expect(detail.body).toContain(`data-url="/api/material/${material.sid}"`);
    const { data: shown } = (
      await t.app.inject({ url: endpointUrl(MATERIAL_API.detail, { params: { id: material.sid } }) })
    ).json<{
      data: { watermarkUrl: string };
    }>();
    expect(detail.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${shown.watermarkUrl}">`);
    expect(detail.body).toContain('<link rel="modulepreload" href="/assets/detail-page-D1.js">');

    // a call that does not succeed is left to the page; a search or a filter is not answered
    // a search is answered with the query the page makes from its address
    const search = await t.app.inject({ url: `/?keyword=${encodeURIComponent('钻戒')}&sort=newest&source=xhs` });
    expect(search.body).toContain(
      `data-url="/api/material?sort=-created&amp;keyword=${encodeURIComponent('钻戒')}&amp;page=1&amp;page_size=30"`,
    );

    for (const url of ['/detail/no-such-material', '/user/order']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('gs-first-response');
    }
  });

  it('never answers a file, a server path or an API path with the app shell', async () => {
    for (const url of [
      '/metrics',
      '/foo.js',
      '/robots.txt',
      '/assets/missing-Zz9.js',
      '/media/public/no/such.jpg',
      '/sandbox',
      // eslint-disable-next-line endpoints/no-api-path -- deliberately no such endpoint
      '/api/no/such/thing',
      // eslint-disable-next-line endpoints/no-api-path -- deliberately no such endpoint
      '/api',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // The probes answer for themselves, in JSON, never with the page.
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    const post = await t.app.inject({ method: 'POST', url: '/detail/M123' });
    expect(post.statusCode).toBe(404);
  });

  it('compresses JSON API responses above 1 KB and leaves small ones alone', async () => {
    const large = await t.app.inject({
      url: endpointUrl(MATERIAL_API.search, { query: { page_size: '50' } }),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.statusCode).toBe(200);
    const body = gunzipSync(large.rawPayload).toString();
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body)).toMatchObject({ code: 0 });

    const small = await t.app.inject({ url: endpointUrl(COMMON_API.health), headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 0 });
  });
});

/**
 * A web build with the server-side renderer `vite build --ssr` writes beside it
 * (apps/web/src/entry-server.tsx): this one draws what it was given, refuses /free-material and
 * fails on a detail page.
 */
function writeWebBuildWithRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), 'gemstock-web-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'shells'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'));
  const shell =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-E1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/home-page-H1.js"></head><body><div id="root">\n  <!--loading--><div class="gs-app-loading">加载中…</div><!--/loading-->\n</div></body></html>';
  writeFileSync(join(dist, 'index.html'), shell);
  for (const page of ['home', 'detail', 'free-material']) writeFileSync(join(dist, 'shells', `${page}.html`), shell);
  writeFileSync(
    join(root, 'dist-ssr', 'entry-server.js'),
    `export async function renderLandingPage({ url, answer, sideAnswers, viewportWidth }) {
      globalThis.__sideAnswersDrawnWith = sideAnswers;
      if (url.startsWith('/detail/')) throw new Error('cannot draw');
      if (url.startsWith('/free-material')) return null;
      // React's own preloads of the pictures it draws come first: the logo's, then the first screen's
      return '<link rel="preload" as="image" href="/a.webp"/>' +
        '<link rel="preload" as="image" imageSrcSet="/b.webp 240w" imageSizes="50vw" fetchPriority="high"/>' +
        '<link rel="preload" as="image" imageSrcSet="/c.webp 240w" imageSizes="50vw" fetchPriority="high"/>' +
        '<link rel="preload" as="image" imageSrcSet="/d.webp 240w" imageSizes="50vw" fetchPriority="high"/>' +
        '<main data-url="' + url + '" data-width="' + viewportWidth + '">' + answer.materials.length + ' 个素材</main>';
    }`,
  );
  return dist;
}

describe("a landing page drawn by the web app's server-side renderer", () => {
  let t: TestApp;
  let dist: string;
  let material: Awaited<ReturnType<typeof insertMaterial>>;
  beforeAll(async () => {
    dist = writeWebBuildWithRenderer();
    t = await buildTestApp({ webDist: dist });
    material = await insertMaterial(t, { keywords: ['钻戒'] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dirname(dist), { recursive: true, force: true });
  });

  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

  it('puts the drawing in place of the loading screen, for the width the browser suggests, with the answer it was drawn from', async () => {
    const phone = await t.app.inject({ url: '/', headers: { 'user-agent': PHONE } });
    expect(phone.body).toContain(
      '<div id="root" data-viewport-width="390"><main data-url="/" data-width="390">1 个素材</main></div>',
    );
    expect(phone.body).not.toContain('gs-app-loading');
    // the first two of the drawing's first-screen pictures are preloaded in its head, as the
    // drawing asks for them; React's other preloads go
    expect(phone.body).toContain(
      '<link rel="preload" as="image" imageSrcSet="/b.webp 240w" imageSizes="50vw" fetchPriority="high"/>' +
        '<link rel="preload" as="image" imageSrcSet="/c.webp 240w" imageSizes="50vw" fetchPriority="high"/></head>',
    );
    expect(phone.body).not.toContain('/a.webp');
    expect(phone.body).not.toContain('/d.webp');
    expect(phone.body.match(/rel="preload" as="image"/g)).toHaveLength(2);
    // its code follows from the entry instead of competing with its first pictures
    expect(phone.body).not.toContain('modulepreload');
    // the browser seeds its cache from the same answer, so its first render is this drawing
    expect(phone.body).toContain('id="gs-first-response"');
    // the app starts once the first pictures are painted: its entry is the deferred start's, and
    // that inline script is one the page's policy allows
    expect(phone.body).not.toContain('<script type="module"');
    expect(phone.body).toContain(`<script data-entry="/assets/index-E1.js">${DEFERRED_START_SCRIPT}</script>`);
    expect(executableInlineScripts(phone.body)).toEqual([DEFERRED_START_SCRIPT]);
    expect(cspOf(phone.headers)['script-src']!.split(' ')).toContain(sha256Source(DEFERRED_START_SCRIPT));
    // home is sent and drawn with the site's configuration and the hot keywords its hero offers
    const site = (await t.app.inject({ url: SIDE_CALLS.siteConfig })).json<{ data: unknown }>().data;
    const hot = (await t.app.inject({ url: SIDE_CALLS.hotKeywords })).json<{ data: unknown }>().data;
    expect((globalThis as { __sideAnswersDrawnWith?: unknown }).__sideAnswersDrawnWith).toEqual({
      [SIDE_CALLS.siteConfig]: site,
      [SIDE_CALLS.hotKeywords]: hot,
    });
    const sideElements = [
      ...phone.body.matchAll(
        /<script type="application\/json" class="gs-side-response" data-url="([^"]*)">(.*?)<\/script>/gs,
      ),
    ];
    expect(sideElements.map(([, url]) => url)).toEqual([SIDE_CALLS.siteConfig, SIDE_CALLS.hotKeywords]);
    expect(JSON.parse(sideElements[0]![2]!)).toMatchObject({ code: 0, data: site });

    // a browser that states its width (asked for by Accept-CH on every page) is drawn for it
    expect(phone.headers['accept-ch']).toBe('Sec-CH-Viewport-Width');
    const stated = await t.app.inject({
      url: '/',
      headers: { 'user-agent': DESKTOP, 'sec-ch-viewport-width': '1280' },
    });
    expect(stated.body).toContain('<div id="root" data-viewport-width="1280">');

    const desktop = await t.app.inject({ url: '/?keyword=钻戒', headers: { 'user-agent': DESKTOP } });
    expect(desktop.body).toContain(
      `<div id="root" data-viewport-width="1440"><main data-url="/?keyword=${encodeURIComponent('钻戒')}"`,
    );
  });

  it('leaves the page of a browser with a session (gs_signed_in) to that browser, with its answer', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'user-agent': PHONE, cookie: 'a=b; gs_signed_in=1' } });
    expect(res.body).toContain('<!--loading-->');
    expect(res.body).not.toContain('data-viewport-width');
    expect(res.body).toContain('id="gs-first-response"');
  });

  it('sends the loading screen when the renderer draws nothing or fails, and when the first call did not succeed', async () => {
    for (const url of ['/free-material', `/detail/${material.sid}`, '/detail/no-such-material']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">\n  <!--loading--><div class="gs-app-loading">');
      expect(res.body, url).not.toContain('data-viewport-width');
      expect(res.body, url).toContain('modulepreload');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-E1.js"></script>');
      expect(res.body, url).not.toContain('data-entry');
    }
    // the page still carries the answer, and its own preload of the still, when only the drawing failed
    const undrawn = (await t.app.inject({ url: `/detail/${material.sid}` })).body;
    expect(undrawn).toContain('id="gs-first-response"');
    expect(undrawn).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="[^"]+"><\/head>/);
  });
});

describe('a separate mobile site (MOBILE_SITE_URL)', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  let dist: string;
  beforeAll(() => {
    dist = writeWebBuild();
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a phone asking for a page there, with the same path and query', async () => {
    const t = await buildTestApp({ webDist: dist, mobileSiteUrl: 'https://m.example.com/' });
    try {
      const res = await t.app.inject({ url: '/detail/M123?source=xhs', headers: { 'user-agent': IPHONE } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://m.example.com/detail/M123?source=xhs');
      expect(res.headers.vary).toMatch(/user-agent/i);

      const desktop = await t.app.inject({ url: '/detail/M123?source=xhs', headers: { 'user-agent': DESKTOP } });
      expect(desktop.statusCode).toBe(200);
      expect(desktop.body).toContain('<div id="root">');
      expect(desktop.headers.vary).toMatch(/user-agent/i);

      // the API, files and media are never redirected
      const api = await t.app.inject({ url: endpointUrl(COMMON_API.health), headers: { 'user-agent': IPHONE } });
      expect(api.statusCode).toBe(200);
      const asset = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'user-agent': IPHONE } });
      expect(asset.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('serves phones the responsive site when it is not set', async () => {
    const t = await buildTestApp({ webDist: dist });
    try {
      const res = await t.app.inject({ url: '/detail/M123', headers: { 'user-agent': IPHONE } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    } finally {
      await t.close();
    }
  });

  it('never redirects to itself', async () => {
    const t = await buildTestApp({ webDist: dist, mobileSiteUrl: 'http://localhost:80' });
    try {
      const res = await t.app.inject({ url: '/', headers: { 'user-agent': IPHONE, host: 'localhost:80' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebBuild();
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a buyer page gets a CSP that allows its one inline script by hash, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = cspOf(res.headers);
    expect(csp['default-src']).toBe("'self'");
    expect(csp['script-src']).toBe(PAGE_SCRIPT_SRC);
    expect(csp['script-src']).not.toContain('unsafe-inline');
    expect(csp['object-src']).toBe("'none'");
    expect(csp['worker-src']).toBe("'self' blob:");
    expect(csp['frame-ancestors']).toBe("'self'");
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // served over plain HTTP here (PUBLIC_URL is http://…): no HSTS
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('every inline script of a page, a landing page with its answer or not, is one its policy allows', async () => {
    await insertMaterial(t, { keywords: ['钻戒'] });
    for (const url of ['/', '/user/order', '/admin']) {
      const res = await t.app.inject({ url });
      const inline = executableInlineScripts(res.body);
      expect(inline, url).toEqual([EARLY_CLICK_SCRIPT]);
      const allowed = cspOf(res.headers)['script-src']!.split(' ');
      for (const script of inline) expect(allowed, url).toContain(sha256Source(script));
    }
  });

  it('the operator console may not be framed at all', async () => {
    for (const url of ['/admin', '/admin/orders']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const csp = cspOf(res.headers);
      expect(csp['frame-ancestors'], url).toBe("'none'");
      expect(csp['script-src'], url).toBe(PAGE_SCRIPT_SRC);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('API responses run nothing and may not be framed', async () => {
    // eslint-disable-next-line endpoints/no-api-path -- deliberately no such endpoint beside a real one
    for (const url of [MATERIAL_API.search.path, '/api/no/such/thing']) {
      const res = await t.app.inject({ url });
      const csp = cspOf(res.headers);
      expect(csp, url).toEqual({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lists the object-storage origin for images, video and downloads when S3 serves media', async () => {
    const s3: S3Config = {
      endpoint: 'https://oss-cn-shenzhen.aliyuncs.com',
      region: 'cn-shenzhen',
      bucket: 'gemstock',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.example.com/media/',
      forcePathStyle: false,
    };
    const withS3 = await buildTestApp({ webDist: dist, storage: { driver: 's3', s3 } });
    try {
      const csp = cspOf((await withS3.app.inject({ url: '/detail/M1' })).headers);
      expect(csp['img-src']).toBe("'self' data: blob: https://cdn.example.com");
      expect(csp['media-src']).toBe("'self' blob: https://cdn.example.com");
      // …and the bucket itself, where the custom-design page POSTs direct uploads.
      expect(csp['connect-src']).toBe("'self' https://cdn.example.com https://gemstock.oss-cn-shenzhen.aliyuncs.com");
    } finally {
      await withS3.close();
    }
  });

  it('sends HSTS only when the public address is HTTPS', async () => {
    const https = await buildTestApp({ webDist: dist, publicUrl: 'https://www.example.com' });
    try {
      const res = await https.app.inject({ url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
