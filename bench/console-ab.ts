/**
 * `npx tsx bench/console-ab.ts <url A> <url B> [--runs=5] [--pages=materials,orders,admin] [--trace=dir]`:
 * the console's first render (bench/web.ts's method: a fresh context each run, signed in,
 * 1440×900, until the list's first row) on two running demo servers — two builds of the web app,
 * each served by `npm run serve` with its own WEB_DIST — alternated run by run (A, B, A, B …), so a
 * shared machine's load falls on both alike. Prints, per page, the p50 and every run of the time
 * and of the renderer's main-thread CPU (Chrome's TaskDuration, thread time), and the scripts
 * loaded by then. --trace=dir also writes one Chrome trace per page and server (the last run).
 */
import { ADMIN_ROUTES } from '@gemstock/contract';
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [A, B] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!A || !B) throw new Error('usage: console-ab.ts <url A> <url B> [--runs=5] [--pages=…] [--trace=dir]');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 5);
const TRACE_DIR = option('trace');
const PAGES = [
  { key: 'admin', path: '/admin', ready: '.ant-card .ant-card a[aria-label]' },
  { key: 'orders', path: '/admin/orders', ready: '.ant-table-tbody tr.ant-table-row' },
  { key: 'materials', path: '/admin/materials', ready: '.ant-table-tbody tr.ant-table-row' },
].filter((page) => !option('pages') || option('pages')!.split(',').includes(page.key));

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}${ADMIN_ROUTES.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: 'Demo1234!' }),
  });
  const envelope = (await response.json()) as { data: { access_token: string } };
  return envelope.data.access_token;
}

const probe = (ready: string) => `(() => {
  const ready = ${JSON.stringify(ready)};
  const drawn = () =>
    document.querySelector(ready) !== null ||
    (document.querySelector('.ant-empty') !== null && document.querySelector('.ant-spin-spinning') === null);
  const tick = () => {
    if (!drawn()) return requestAnimationFrame(tick);
    const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'));
    window.__firstRender = {
      ms: performance.now(),
      jsBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
      jsFiles: scripts.length,
    };
  };
  requestAnimationFrame(tick);
})();`;

interface Figure {
  ms: number;
  cpu: number;
  jsBytes: number;
  jsFiles: number;
}

async function once(browser: Browser, base: string, auth: string, path: string, ready: string, trace?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript({ content: `localStorage.setItem('gemstock.admin-token', ${JSON.stringify(auth)});` });
  await context.addInitScript({ content: probe(ready) });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
  const events: unknown[] = [];
  if (trace) {
    devtools.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await devtools.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink.user_timing,loading,disabled-by-default-v8.cpu_profiler',
      transferMode: 'ReportEvents',
    });
  }
  await page.goto(`${base}${path}`);
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { __firstRender?: Omit<Figure, 'cpu'> }).__firstRender,
    undefined,
    { timeout: 30_000 },
  );
  const figure = (await handle.jsonValue()) as Omit<Figure, 'cpu'>;
  const { metrics } = await devtools.send('Performance.getMetrics');
  const cpu = Math.round((metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000);
  if (trace) {
    const done = new Promise<void>((resolve) => devtools.once('Tracing.tracingComplete', () => resolve()));
    await devtools.send('Tracing.end');
    await done;
    writeFileSync(trace, JSON.stringify({ traceEvents: events }));
  }
  await context.close();
  return { ...figure, ms: Math.round(figure.ms), cpu };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
const tokens = { A: await token(A), B: await token(B) };
if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
try {
  for (const { key, path, ready } of PAGES) {
    const runs: Record<'A' | 'B', Figure[]> = { A: [], B: [] };
    for (let run = 0; run <= RUNS; run++) {
      for (const side of run % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const base = side === 'A' ? A : B;
        const trace = TRACE_DIR && run === RUNS ? join(TRACE_DIR, `${key}-${side}.json`) : undefined;
        const figure = await once(browser, base, tokens[side], path, ready, trace);
        // run 0 warms each server's answers for the page
        if (run > 0 && !trace) runs[side].push(figure);
      }
    }
    for (const side of ['A', 'B'] as const) {
      const figures = runs[side];
      console.log(
        `${side} ${path.padEnd(17)} p50 ${median(figures.map((f) => f.ms))} ms (${figures.map((f) => f.ms).join(', ')}), CPU p50 ${median(figures.map((f) => f.cpu))} ms (${figures.map((f) => f.cpu).join(', ')}), JS ${(Math.max(...figures.map((f) => f.jsBytes)) / 1024).toFixed(1)} KB in ${Math.max(...figures.map((f) => f.jsFiles))} files`,
      );
    }
  }
} finally {
  await browser.close();
}
