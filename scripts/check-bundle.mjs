// JavaScript budget of the buyer pages: for each route, the gzipped size of every script a first
// visit loads before the page can render (the entry, the route's lazy chunks and all their static
// imports) must stay within BUDGET_KB. Fails when one is over, when a route in
// apps/web/src/app/router.tsx is missing from the table below, or when a buyer page loads
// operator-console code.
//   npm run check:bundle            (after `npm run build`)
//   node scripts/check-bundle.mjs --json   (figures only, for bench:web)
//   node scripts/check-bundle.mjs --ceilings   (CI: fails when a route grows past its figure in
//     scripts/bundle-ceilings.json, and when a page without antd goes over 150 KB: those meet the
//     target; the pages built with antd do not, so CI holds them to what they weigh today and
//     their ceilings are lowered as they get lighter)
//   node scripts/check-bundle.mjs --write-ceilings   (records today's figures as the ceilings)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 150;
/**
 * Light pages held to their recorded ceiling although it is above the budget: a known regression,
 * reported and to be won back, not a new normal. /customize went 1.4 KB over when page views,
 * operator-edited content and privacy requests each added to the shared entry chunks
 * (the preload list of every lazy chunk's files, the content seeding of first pages); naming
 * antd's chunks by hash alone won 0.7 KB back on every page; the team boards' routes and the
 * facet filters in the URL added 1 KB to every page's entry, of which moving the password eye,
 * the cart's and the guide's icons out of the first-paint icons won most back: 1.5 KB remain.
 * 加入收藏夹 on every tile, the colour filter in the URL, the typed-text limits and the new error
 * messages then added 1.3–1.9 KB to every route: /customize is 2.9 KB over and /user/privacy 1.4 KB.
 */
const OVER_BUDGET_FOR_NOW = new Set(['/customize', '/user/privacy']);
/** Growth allowed over a recorded ceiling: the same code rebuilt varies by a few hundred bytes. */
const CEILING_SLACK_KB = 1;
const CEILINGS_FILE = new URL('./bundle-ceilings.json', import.meta.url).pathname;

const ROOT = new URL('..', import.meta.url).pathname;
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');

/** Buyer routes and the lazy modules a first visit to each loads (layouts, then the page). */
/** antd's theme and locale, which every page built with antd loads with it (apps/web/src/app/router.tsx). */
const ANTD = 'app/antd-scope';

/**
 * Buyer routes and the lazy modules a first visit to each loads (antd's scope when the page uses
 * antd, layouts, then the page). Every buyer page is plain elements now and loads no antd; the
 * dialogs and drawers they open load it on first use.
 */
export const BUYER_ROUTES = {
  '/': ['features/catalog/routes/home-page'],
  '/detail/:sid': ['features/material/routes/detail-page'],
  '/cart': ['features/cart/routes/cart-page'],
  '/video': ['features/video/routes/video-page'],
  '/free-material': ['features/free-material/routes/free-material-page'],
  '/wallet': ['features/wallet/routes/wallet-page'],
  '/question': ['features/faq/routes/question-page'],
  '/customize': ['features/customize/routes/customize-page'],
  '/xiaohongshu': ['features/promotion/routes/xiaohongshu-page'],
  // the account and records layouts and their pages are plain
  '/user/account-setting': ['features/account/routes/user-layout', 'features/account/routes/account-setting-page'],
  '/user/company-setting': ['features/account/routes/user-layout', 'features/account/routes/company-setting-page'],
  '/user/order': ['features/account/routes/user-layout', 'features/records/routes/user-order-page'],
  '/user/like': ['features/account/routes/user-layout', 'features/account/routes/like-page'],
  '/user/sub-account': ['features/account/routes/user-layout', 'features/account/routes/sub-account-page'],
  '/user/privacy': ['features/account/routes/user-layout', 'features/account/routes/privacy-page'],
  '/record/ordinary': ['features/records/routes/record-layout', 'features/records/routes/ordinary-records-page'],
  '/record/customize': ['features/records/routes/record-layout', 'features/records/routes/customize-records-page'],
  '/dev/outbox': ['features/dev-outbox/routes/outbox-page'],
  // where a phone's browser comes back from a gateway's mobile page (decision 0026)
  '/pay/return': [ANTD, 'features/checkout/routes/pay-return-page'],
  // team boards (decision 0047): plain pages in the account layout, and the client's shared page
  '/user/board': ['features/account/routes/user-layout', 'features/board/routes/boards-page'],
  '/user/board/:sid': ['features/account/routes/user-layout', 'features/board/routes/board-page'],
  '/board-share/:token': ['features/board/routes/shared-board-page'],
  '/<404>': ['app/routes/not-found-page'],
};
/**
 * Strings only antd (its style runtime) and zod (its issue codes) contain: a page listed without
 * ANTD must carry neither, so a stray import of either into a first page fails the check.
 */
const LIBRARY_MARKERS = { antd: 'data-css-hash', zod: 'invalid_type' };
/** Lazy modules that are not buyer pages. */
const NOT_BUYER = new Set([
  'features/admin/admin-app',
  'features/admin/console-pages',
  'features/api-docs/routes/api-docs-page',
]);
/** Strings only the operator console contains (its storage key and its login title). */
const CONSOLE_MARKERS = ['gemstock.admin-token', '宝图运营后台'];

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exitCode = 1;
}

export function measureRoutes() {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('apps/web/dist/.vite/manifest.json not found: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzipCache = new Map();
  const gzipBytes = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const closure = (keys) => {
    const seen = new Set();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.pop();
      if (seen.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      seen.add(key);
      queue.push(...(chunk.imports ?? []));
    }
    return [...seen].map((key) => manifest[key].file);
  };
  const sourceKey = (module) => {
    const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === `src/${module}`);
    if (!key) throw new Error(`src/${module} is not a chunk of the build`);
    return key;
  };
  return Object.entries(BUYER_ROUTES).map(([route, modules]) => {
    const files = closure([entryKey, ...modules.map(sourceKey)]);
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return { route, files, gzipKb: Math.round(bytes / 102.4) / 10 };
  });
}

/**
 * Every `import('@/…')` of the router is either a buyer route above or known not to be one, and
 * a page the router wraps in antd's scope (`antdPage`) is listed with ANTD.
 */
function checkRouteTable() {
  const router = readFileSync(join(WEB, 'src/app/router.tsx'), 'utf8');
  const listed = new Set(Object.values(BUYER_ROUTES).flat());
  const withAntd = new Set(
    Object.values(BUYER_ROUTES)
      .filter((modules) => modules.includes(ANTD))
      .flat(),
  );
  const moduleOf = (spec) => spec.replace(/^@\//, '').replace(/^\.\//, 'app/');
  for (const [, spec] of router.matchAll(/import\('([^']+)'\)/g)) {
    const module = moduleOf(spec);
    if (module === ANTD) continue;
    if (!listed.has(module) && !NOT_BUYER.has(module)) {
      fail(`${spec} (src/app/router.tsx) is not in BUYER_ROUTES of scripts/check-bundle.mjs`);
    }
  }
  for (const [, spec] of router.matchAll(/antdPage\(\(\) => import\('([^']+)'\)\)/g)) {
    const module = moduleOf(spec);
    if (!NOT_BUYER.has(module) && !withAntd.has(module)) {
      fail(`${spec} is an antd page (src/app/router.tsx) but is listed without ANTD in scripts/check-bundle.mjs`);
    }
  }
}

/** The pages listed without ANTD load neither antd nor zod. */
function checkLightRoutes(results) {
  for (const { route, files } of results) {
    if (BUYER_ROUTES[route].includes(ANTD)) continue;
    for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
      const file = files.find((f) => readFileSync(join(DIST, f), 'utf8').includes(marker));
      if (file) fail(`${route} loads ${library} (${file}); its first paint is meant to be plain elements`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = measureRoutes();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(results.map(({ route, gzipKb }) => ({ route, gzipKb }))));
  } else if (process.argv.includes('--write-ceilings')) {
    const ceilings = Object.fromEntries(results.map(({ route, gzipKb }) => [route, gzipKb]));
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(ceilings, null, 2)}\n`);
    console.log(`Wrote ${results.length} ceilings to scripts/bundle-ceilings.json`);
  } else {
    checkRouteTable();
    checkLightRoutes(results);
    const ceilings = process.argv.includes('--ceilings') ? JSON.parse(readFileSync(CEILINGS_FILE, 'utf8')) : null;
    console.log(
      ceilings
        ? `Initial JS per buyer route (gzip -9; each held to its ceiling in scripts/bundle-ceilings.json; target ${BUDGET_KB} KB):`
        : `Initial JS per buyer route (gzip -9; budget ${BUDGET_KB} KB):`,
    );
    for (const { route, files, gzipKb } of results) {
      // the pages without antd meet the budget: CI holds them to it, not only to their ceiling
      const isLight = !BUYER_ROUTES[route].includes(ANTD);
      const limit = ceilings
        ? isLight && !OVER_BUDGET_FOR_NOW.has(route)
          ? Math.min(ceilings[route], BUDGET_KB)
          : ceilings[route]
        : BUDGET_KB;
      if (limit === undefined) {
        fail(`${route} has no ceiling in scripts/bundle-ceilings.json`);
        continue;
      }
      const over = gzipKb > limit + (ceilings ? CEILING_SLACK_KB : 0);
      const overTarget = gzipKb - BUDGET_KB;
      const note = ceilings
        ? `  limit ${limit.toFixed(1)} KB, ${overTarget > 0 ? `${overTarget.toFixed(1)} KB over` : 'within'} the target`
        : '';
      console.log(
        `  ${over ? '✗' : '✓'} ${route.padEnd(24)} ${gzipKb.toFixed(1).padStart(6)} KB  (${files.length} files)${note}`,
      );
      if (over)
        fail(
          `${route} loads ${gzipKb} KB of gzipped JavaScript, over its ${limit} KB ${ceilings ? 'ceiling' : 'budget'}`,
        );
      const leaks = files.filter((file) => {
        const code = readFileSync(join(DIST, file), 'utf8');
        return CONSOLE_MARKERS.some((marker) => code.includes(marker));
      });
      if (leaks.length > 0) fail(`${route} loads operator console code: ${leaks.join(', ')}`);
    }
    if (!process.exitCode) console.log('OK: every buyer route is within its limit and loads no console code');
  }
}
