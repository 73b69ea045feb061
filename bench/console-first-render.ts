import type { Browser } from '@playwright/test';
import { writeFileSync } from 'node:fs';

/*
 * The console's first render in a cold browser, as bench/web.ts (`--console-only`) and
 * bench/console-ab.ts (two builds alternated) both measure it.
 */

/**
 * Console pages and what shows that each has drawn its content: a table row, a 今日待办 figure, or
 * an empty state once nothing is loading any more (antd draws the empty table under the spinner).
 */
export const CONSOLE_PAGES = [
  { key: 'admin', name: '今日待办 /admin', path: '/admin', ready: '.ant-card .ant-card a[aria-label]' },
  { key: 'orders', name: '/admin/orders', path: '/admin/orders', ready: '.ant-table-tbody tr.ant-table-row' },
  { key: 'materials', name: '/admin/materials', path: '/admin/materials', ready: '.ant-table-tbody tr.ant-table-row' },
] as const;

/**
 * Installed before the app starts: on every frame, looks for the page's ready selector and, the
 * first time it is there, records the time since navigation start and the compressed bytes of
 * every script fetched so far (Resource Timing; same origin, so encodedBodySize is filled in).
 * Checked per frame in the page rather than polled from here, so the figure is the frame the
 * operator would see, not a round trip of the test driver later. Page source as a string: tsx
 * wraps a function's inner functions in a helper that does not exist in the page.
 */
function firstRenderProbe(ready: string): { content: string } {
  return {
    content: `(() => {
  const ready = ${JSON.stringify(ready)};
  const drawn = () =>
    document.querySelector(ready) !== null ||
    (document.querySelector('.ant-empty') !== null && document.querySelector('.ant-spin-spinning') === null);
  const tick = () => {
    if (!drawn()) return requestAnimationFrame(tick);
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'));
    const jsBytes = scripts.reduce((sum, e) => sum + e.encodedBodySize, 0);
    window.__firstRender = { ms: performance.now(), jsBytes, jsFiles: scripts.length };
  };
  requestAnimationFrame(tick);
})();`,
  };
}

export interface FirstRender {
  /** Navigation start to the frame the page's content was drawn in. */
  ms: number;
  /** The renderer's main thread until about then, in thread time (what it ran, not how long it waited for a core). */
  cpu: number;
  jsBytes: number;
  jsFiles: number;
}

const TRACE_CATEGORIES =
  'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink.user_timing,loading,disabled-by-default-v8.cpu_profiler';

/**
 * One cold load of a console page (a fresh context: empty cache, signed in with `token`, 1440×900)
 * until its content is drawn; with `trace`, a Chrome trace of it is written there.
 */
export async function measureFirstRender(
  browser: Browser,
  base: string,
  token: string,
  page: { path: string; ready: string },
  trace?: string,
): Promise<FirstRender> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript({ content: `localStorage.setItem('gemstock.admin-token', ${JSON.stringify(token)});` });
  await context.addInitScript(firstRenderProbe(page.ready));
  const tab = await context.newPage();
  const devtools = await context.newCDPSession(tab);
  await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
  const events: unknown[] = [];
  if (trace) {
    devtools.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await devtools.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  }
  await tab.goto(`${base}${page.path}`);
  const handle = await tab.waitForFunction(
    () => (globalThis as unknown as { __firstRender?: Omit<FirstRender, 'cpu'> }).__firstRender,
    undefined,
    { timeout: 30_000 },
  );
  const figure = (await handle.jsonValue()) as Omit<FirstRender, 'cpu'>;
  // read a frame or two after the content was drawn (the driver's round trip): a little more than
  // the work until then, never less
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

/** The median, the mean of the middle two for an even count. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}
