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
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_PAGES, type FirstRender, measureFirstRender, median } from './console-first-render.js';

const [A, B] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!A || !B) throw new Error('usage: console-ab.ts <url A> <url B> [--runs=5] [--pages=…] [--trace=dir]');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 5);
const TRACE_DIR = option('trace');
const PAGES = CONSOLE_PAGES.filter((page) => !option('pages') || option('pages')!.split(',').includes(page.key));

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}${ADMIN_ROUTES.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: 'Demo1234!' }),
  });
  const envelope = (await response.json()) as { data: { access_token: string } };
  return envelope.data.access_token;
}

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
    const runs: Record<'A' | 'B', FirstRender[]> = { A: [], B: [] };
    for (let run = 0; run <= RUNS; run++) {
      for (const side of run % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const base = side === 'A' ? A : B;
        const trace = TRACE_DIR && run === RUNS ? join(TRACE_DIR, `${key}-${side}.json`) : undefined;
        const figure = await measureFirstRender(browser, base, tokens[side], { path, ready }, trace);
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
