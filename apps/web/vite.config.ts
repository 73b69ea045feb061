import react from '@vitejs/plugin-react';
import { CONSOLE_SHELL_PAGES, type ConsoleShellPage } from '../../packages/contract/src/first-response.ts';
import { defineConfig } from 'vite';
import { consoleChunk } from './build/console-chunk.ts';
import { CONSOLE_COPY, consoleCopies, packageOf } from './build/console-copies.ts';
import { decorativeIcons } from './build/decorative-icons.ts';
import { earlyClicks } from './build/early-clicks.ts';
import { precompress } from './build/precompress.ts';
import { routeShells } from './build/route-shells.ts';
import { separateCopies } from './build/separate-copies.ts';
import { stylesheetLast } from './build/stylesheet-last.ts';

const SRC_DIR = new URL('./src', import.meta.url).pathname;

/**
 * A shell for each console page (`admin-<segment>`, the contract's CONSOLE_SHELL_PAGES): what the
 * /admin/* route loads before anything renders — the console's frame (with its own antd) and the
 * table of its pages — and the page itself, so a cold first render is not a chain of downloads.
 */
function consoleShells(): Record<string, string[]> {
  const file: Partial<Record<ConsoleShellPage, string>> = { service: 'service-settings-page' };
  return Object.fromEntries(
    CONSOLE_SHELL_PAGES.map((segment) => [
      `admin-${segment}`,
      [
        // the page table first: its chunk starts the list's calls (build/console-chunk.ts), so it
        // is asked for ahead of the frame's
        'src/features/admin/console-pages.ts',
        'src/features/admin/admin-app.tsx',
        `src/features/admin/routes/${file[segment] ?? `${segment}-page`}.tsx`,
      ],
    ]),
  );
}
/** The console's own code in two chunks, its first calls and its frame (build/console-chunk.ts). */
const CONSOLE_CHUNK = consoleChunk({
  roots: [`${SRC_DIR}/features/admin/admin-app.tsx`, `${SRC_DIR}/features/admin/console-pages.ts`],
  // 今日待办 and the two lists an operator opens most (issue #32's first-render pages)
  firstPages: ['overview-page', 'orders-page', 'materials-page'].map(
    (page) => `${SRC_DIR}/features/admin/routes/${page}.tsx`,
  ),
  // the console's API route tables (the contract's routes/admin*.ts, service-qr.ts): only it imports them
  also: /[\\/]packages[\\/]contract[\\/]src[\\/]routes[\\/](admin|service-qr)/,
  // the page table starts the page's first calls: it loads without antd, in a chunk of its own
  calls: `${SRC_DIR}/features/admin/console-pages.ts`,
});

/** The API server (apps/server). In production it also serves this SPA from dist/. */
const API_TARGET = process.env.GEMSTOCK_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    decorativeIcons(),
    earlyClicks(),
    stylesheetLast(),
    // the operator console's own antd, in one chunk (see codeSplitting below, decision 0052)
    consoleCopies(`${SRC_DIR}/features/admin/`, `${SRC_DIR}/`),
    CONSOLE_CHUNK.plugin,
    // the API reference's Scalar keeps its own zod and clsx (src/features/api-docs)
    separateCopies(/[\\/]node_modules[\\/](@scalar|@ai-sdk|ai|cva)[\\/]/, ['zod', 'clsx']),
    // the pages a first visit lands on; the server maps paths to these shells (plugins/web-app.ts)
    routeShells(
      {
        ...consoleShells(),
        home: 'src/features/catalog/routes/home-page.tsx',
        detail: 'src/features/material/routes/detail-page.tsx',
        video: 'src/features/video/routes/video-page.tsx',
        'free-material': 'src/features/free-material/routes/free-material-page.tsx',
        question: 'src/features/faq/routes/question-page.tsx',
        xiaohongshu: 'src/features/promotion/routes/xiaohongshu-page.tsx',
      },
      // the console's antd stylesheet starts with its scripts (the buyer pages' shells are unchanged)
      { preloadStylesheets: (shell) => shell.startsWith('admin-') },
    ),
    precompress(),
  ],
  resolve: { alias: { '@': SRC_DIR } },
  // The server's drawing of the landing pages (src/entry-server.tsx, `vite build --ssr`) is one
  // self-contained bundle: the server's image installs only the server's own dependencies. antd
  // and the libraries only the other pages use stay outside: the server never loads those pages.
  // the server's renderer is React's production build whatever NODE_ENV the server runs with
  // (its development build renders several times slower)
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: {
    noExternal: [
      '@gemstock/contract',
      'react',
      'react-dom',
      'react-router',
      'scheduler',
      /^@tanstack\//,
      'zustand',
      'zod',
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      '/sandbox': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    // every browser the site supports preloads modules itself; older ones load them on demand
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph scripts/check-bundle.mjs measures per route
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The entry names every lazy page's chunks for preloading: antd's hundred-odd shared
        // pieces by their hash alone keep that list short on every page (−0.7 KB gzipped each);
        // the project's own chunks keep their names, which the network panel shows.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/node_modules/'))
            ? 'assets/[hash].js'
            : 'assets/[name]-[hash].js',
        // Routes are split by their `import()` in src/app/router.tsx. These groups keep the
        // long-lived vendor code in cache-stable chunks. The operator console's own code
        // (src/features/admin, one `import()` of its own) has no group: a group also captures
        // the dependencies of what it matches (React, the contract, the api-client …), which
        // would put them in the console's chunk and make every buyer page load it. Its own lazy
        // import already keeps it out of the buyer entry (checked by scripts/check-admin-split.mjs).
        // Its copy of antd has one (console-antd): nothing outside the console imports a copy.
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand)[\\/]/,
              priority: 20,
            },
            {
              // The operator console's copy of antd, its icons and dayjs (build/console-copies.ts):
              // one file instead of the hundred-odd pieces a console page loaded, each a request
              // before the first render. Only the console's chunks import these copies, so no buyer
              // page loads it; below React's group, which keeps React out of it.
              name: 'console-antd',
              test: (id) => id.endsWith(CONSOLE_COPY) && packageOf(id) !== null,
              priority: 15,
            },
            {
              // The console's page table and its first calls (build/console-chunk.ts), with the
              // contract's route tables for the console (one file per group; only the console
              // imports them): apart from the frame, whose antd takes a while to run, so the calls
              // start before it.
              name: 'console-calls',
              test: CONSOLE_CHUNK.callsTest,
              includeDependenciesRecursively: false,
              priority: 13,
            },
            {
              // The operator console's own code: its frame and its lists' helpers
              // (build/console-chunk.ts), one file instead of twenty. Only modules no buyer page
              // reaches, and none of what they import (includeDependenciesRecursively), so no buyer
              // page loads it.
              name: 'console',
              test: CONSOLE_CHUNK.test,
              includeDependenciesRecursively: false,
              priority: 12,
            },
            {
              // The plain components and rules every page a first visit lands on (home, detail,
              // /video, /free-material) shares: one request instead of a dozen tiny chunks, each
              // a round trip on a slow phone connection. None of them imports antd or zod
              // (scripts/check-bundle.mjs fails the build if a first page loads either). What no
              // first page shows stays out: the table, checkbox, select, form field, switch,
              // progress bar, badge, segmented control, upload box and the later pages' icons
              // (icon-paths-later, the password field's eye).
              name: 'first-paint',
              test: /[\\/](apps[\\/]web[\\/]src[\\/](components[\\/](ui[\\/](?!table|checkbox|select|field|password-icons|switch|progress|badge|segmented|upload-box|icon-paths-later)|material-grid[\\/])|components[\\/](load-error|page-container)\.tsx|lib[\\/]material-licence\.ts)|packages[\\/]contract[\\/]src[\\/](catalog|money|pricing)\.ts)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
