import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeShells } from '../build/route-shells';

const ROOT = '/app';

/** A chunk as the bundle hands it to writeBundle: its file, module, static imports and stylesheets. */
function chunk(fileName: string, facade: string | null, imports: string[], css: string[] = []): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade && join(ROOT, facade),
    isEntry: facade === 'src/main.tsx',
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as OutputChunk;
}

const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source }) as unknown as OutputAsset;

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/index.js', 'src/main.tsx', ['assets/react.js'], ['assets/index.css']),
    chunk('assets/react.js', null, []),
    chunk('assets/home-page.js', 'src/home-page.tsx', ['assets/react.js'], ['assets/home-page.css']),
    chunk('assets/admin-app.js', 'src/admin-app.tsx', ['assets/console-antd.js'], ['assets/admin-app.css']),
    chunk('assets/console-antd.js', null, ['assets/react.js']),
    chunk('assets/orders-page.js', 'src/orders-page.tsx', ['assets/console-antd.js', 'assets/index.js']),
    asset('assets/index.css', 'body{margin:0}'),
    asset('assets/home-page.css', '.home{}'),
    asset('assets/admin-app.css', '.ant-table{}'),
  ].map((file) => [file.fileName, file]),
) as OutputBundle;

const INDEX_HTML = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head><body><div id="root"></div>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </body></html>`;

let outDir: string;
beforeEach(() => {
  outDir = mkdtempSync(join(tmpdir(), 'route-shells-'));
  writeFileSync(join(outDir, 'index.html'), INDEX_HTML);
});
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

function writeShells(options?: Parameters<typeof routeShells>[1]): { home: string; 'admin-orders': string } {
  const plugin: Plugin = routeShells(
    { home: 'src/home-page.tsx', 'admin-orders': ['src/admin-app.tsx', 'src/orders-page.tsx'] },
    options,
  );
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root: ROOT, build: { outDir } } as ResolvedConfig);
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.writeBundle as (this: unknown, options: unknown, bundle: OutputBundle) => void).call(context, {}, BUNDLE);
  return {
    home: readFileSync(join(outDir, 'shells/home.html'), 'utf8'),
    'admin-orders': readFileSync(join(outDir, 'shells/admin-orders.html'), 'utf8'),
  };
}

describe('the shells of the pages a first visit lands on (build/route-shells.ts)', () => {
  it("preloads each page's scripts beyond the entry's, and inlines the entry's stylesheet", () => {
    const shells = writeShells();
    expect(shells['admin-orders']).toContain('<link rel="modulepreload" crossorigin href="/assets/admin-app.js">');
    expect(shells['admin-orders']).toContain('<link rel="modulepreload" crossorigin href="/assets/console-antd.js">');
    expect(shells['admin-orders']).toContain('<link rel="modulepreload" crossorigin href="/assets/orders-page.js">');
    expect(shells['admin-orders']).not.toContain('modulepreload" crossorigin href="/assets/react.js"');
    expect(shells.home).toContain('<style>body{margin:0}</style>');
    expect(shells.home).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css" disabled>');
    // no stylesheet preloads unless asked for
    expect(shells['admin-orders']).not.toContain('rel="preload"');
  });

  it("starts a console page's own stylesheet with its scripts, and leaves the buyer pages' shells alone", () => {
    const shells = writeShells({ preloadStylesheets: (shell) => shell.startsWith('admin-') });
    // as the scripts' loader links it (crossorigin), so the loader's <link> takes the preloaded copy;
    // at low priority, after the scripts, which the entry needs first
    expect(shells['admin-orders']).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/admin-app.css">',
    );
    expect(shells['admin-orders'].indexOf('admin-app.css')).toBeGreaterThan(
      shells['admin-orders'].indexOf('orders-page.js'),
    );
    // the entry's stylesheet is inline already
    expect(shells['admin-orders']).not.toContain('as="style" fetchpriority="low" crossorigin href="/assets/index.css"');
    expect(shells.home).not.toContain('rel="preload"');
  });
});
