/**
 * `npm run bench:search` — catalogue search under load, plus thumbnail throughput.
 *
 * 1. Seeds BENCH_MATERIALS (default 1,000,000) materials into the PostgreSQL database at
 *    DATABASE_URL (default postgres://postgres@127.0.0.1:5432/gemstock_bench; created if missing,
 *    reseeded only when the generator changed). It refuses any host but loopback and any
 *    database whose name lacks "bench", because seeding truncates the catalogue.
 * 2. Starts the real server (bench/search-server.ts) in a child process on a random loopback port.
 * 3. Drives it with autocannon, 32 connections, BENCH_DURATION seconds per scenario, after a
 *    warm-up: GET /api/health as the baseline, then searches mixing 1-, 2- and 3+-character
 *    keywords, filters, the three sorts and pages 1–50 (session seeds from a pool of 16, as
 *    visitors who keep their seed while scrolling), then page 1 only, then pages 41–50 only,
 *    then first pages of brand-new random seeds. Cold (never cached) searches are timed one by
 *    one afterwards.
 * 4. Thumbnails: a 4000×3000 JPEG to 480 px through the media image processor and through
 *    sharp directly.
 *
 * Prints p50/p95/p99 and req/s per scenario and writes bench/results/search-<timestamp>.json.
 */
import autocannon from 'autocannon';
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { connectPostgres, migrateDatabase } from '../apps/server/src/db/client.js';
import { makeThumbnail } from '../apps/server/src/media/image-processor.js';
import { searchTokensFor } from '../apps/server/src/modules/catalog/search-tokens.js';
import { ensureBenchMaterials } from './seed-materials.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench';
const MATERIAL_COUNT = Number(process.env.BENCH_MATERIALS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 10);
const CONNECTIONS = 32;
const TARGET_P95_MS = 30;

const log = (line: string) => console.log(line);

function assertSafeDatabase(url: string): void {
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(parsed.hostname);
  if (!loopback || !parsed.pathname.includes('bench')) {
    throw new Error(`refusing ${parsed.hostname}${parsed.pathname}: the bench truncates materials; use a loopback *bench* database`);
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

/* ---------------------------------------------------------------- request mixes */

const ONE_CHAR = ['金', '银', '钻', '玉', '珠', '链', '花'];
const TWO_CHAR = ['戒指', '项链', '钻石', '黄金', '珍珠', '婚礼', '白底', '复古', '耳环', '翡翠'];
const LONG = ['钻石项链', '玫瑰金', '古法金', '和田玉', '模特佩戴', '黄金手镯', '红宝石', '18K金'];
const FILTERS: Record<string, string>[] = [
  {},
  {},
  {},
  { format: 'video' },
  { format: 'image' },
  { orientation: 'PORTRAIT' },
  { orientation: 'LANDSCAPE' },
  { orientation: 'SQUARE' },
  { period: 'MONTH' },
  { period: 'YEAR' },
  { format: 'image', orientation: 'PORTRAIT' },
];
const SORTS = ['random', 'random', '-created', '-likes'];
const SESSION_SEEDS = Array.from({ length: 16 }, (_, i) => 1_000_003 * (i + 1));

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type KeywordKind = 'one' | 'two' | 'long' | 'mixed';

function searchPaths(options: {
  count: number;
  seed: number;
  keywords: KeywordKind;
  pages: [number, number];
  freshSeeds?: boolean;
  sort?: string;
}): string[] {
  const random = mulberry32(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const pools = { one: ONE_CHAR, two: TWO_CHAR, long: LONG };
  const paths: string[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const kind = options.keywords === 'mixed' ? pick(['one', 'two', 'long'] as const) : options.keywords;
    const sort = options.sort ?? pick(SORTS);
    const query: Record<string, string> = { keyword: pick(pools[kind]), ...pick(FILTERS), sort };
    const [from, to] = options.pages;
    query.page = String(from + Math.floor(random() * (to - from + 1)));
    if (sort === 'random') {
      query.seed = String(options.freshSeeds ? 100_000_000 + i * 7 + Math.floor(random() * 7) : pick(SESSION_SEEDS));
    }
    paths.push(`/api/material?${new URLSearchParams(query).toString()}`);
  }
  return paths;
}

/* ---------------------------------------------------------------- measuring */

interface ScenarioResult {
  name: string;
  requests: number;
  durationS: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

function summarize(name: string, latencies: number[], durationS: number, non2xx: number, errors: number): ScenarioResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    durationS,
    reqPerSec: Math.round(latencies.length / durationS),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    non2xx,
    errors,
  };
}

async function runScenario(base: string, name: string, paths: string[], durationS: number): Promise<ScenarioResult> {
  let next = 0;
  const latencies: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: durationS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const path = paths[next % paths.length]!;
              next += 1;
              return { ...request, path };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    });
  });
  return summarize(name, latencies, result.duration, non2xx, result.errors + result.timeouts);
}

/** Every response of a mix must be a success envelope: a fast error page would flatter the figures. */
async function checkPaths(base: string, paths: string[]): Promise<void> {
  for (const path of paths.slice(0, 40)) {
    const res = await fetch(base + path);
    const body = (await res.json()) as { code: number; message: string };
    if (body.code !== 0) throw new Error(`${path} answered ${body.code} ${body.message}`);
  }
}

/** One request at a time, each for a result set no cache has seen: the uncached path. */
async function timeColdSearches(base: string, count: number): Promise<ScenarioResult> {
  const random = mulberry32(99);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const latencies: number[] = [];
  const started = Date.now();
  for (let i = 0; i < count; i += 1) {
    // Two-term keywords with a filter are combinations the load scenarios never asked for.
    const query = new URLSearchParams({
      keyword: `${pick([...TWO_CHAR, ...LONG])} ${pick([...ONE_CHAR, ...TWO_CHAR])}`,
      ...pick(FILTERS),
      sort: pick(SORTS),
      seed: String(500_000_000 + i),
      page: String(1 + Math.floor(random() * 50)),
    });
    const t0 = performance.now();
    const res = await fetch(`${base}/api/material?${query.toString()}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return summarize('cold: never-cached searches, one at a time, pages 1–50', latencies, (Date.now() - started) / 1000, 0, 0);
}

/* ---------------------------------------------------------------- thumbnails */

/** A photo-like 4000×3000 JPEG: smooth gradients and shapes with fine noise, quality 90. */
async function makeSourceJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  const random = mulberry32(7);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const r = Math.hypot(x - 2000, y - 1500) / 2500;
      const n = (random() - 0.5) * 18;
      pixels[i] = 200 - 120 * r + 40 * Math.sin(x / 90) + n;
      pixels[i + 1] = 170 - 100 * r + 30 * Math.sin(y / 70) + n;
      pixels[i + 2] = 120 - 60 * r + 50 * Math.sin((x + y) / 150) + n;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function imagesPerSecond(make: () => Promise<unknown>, total: number, inFlight: number): Promise<number> {
  await make(); // warm the decoder and the thread pool
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (issued < total) {
        issued += 1;
        await make();
      }
    }),
  );
  return Math.round((total / ((performance.now() - started) / 1000)) * 100) / 100;
}

async function benchThumbnails() {
  const source = await makeSourceJpeg();
  const viaProcessor = () => makeThumbnail(source);
  // What the processor does, minus its safety and normalisation steps (pixel limit, rotation, flatten).
  const viaSharp = () =>
    sharp(source)
      .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 76, effort: 3 })
      .toBuffer();
  const out = await makeThumbnail(source);
  const result = {
    sourceBytes: source.length,
    output: `${out.width}×${out.height} ${out.mime}, ${out.data.length} bytes`,
    imageProcessor: {
      sequential: await imagesPerSecond(viaProcessor, 12, 1),
      parallel4: await imagesPerSecond(viaProcessor, 16, 4),
    },
    rawSharp: { sequential: await imagesPerSecond(viaSharp, 12, 1), parallel4: await imagesPerSecond(viaSharp, 16, 4) },
  };
  return result;
}

/* ---------------------------------------------------------------- main */

function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(join(HERE, 'search-server.ts'), [], {
    env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, base: (message as { address: string }).address }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function main() {
  assertSafeDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  const database = connectPostgres(DATABASE_URL, 1);
  await migrateDatabase(database);
  await database.close();

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const seedStarted = Date.now();
  const seeded = await ensureBenchMaterials(client, { count: MATERIAL_COUNT, tokensFor: searchTokensFor, log });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings
     WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'jit', 'random_page_cost', 'effective_cache_size')`,
  );
  const sizes = await client.query<{ table: string; total: string }>(
    `SELECT pg_size_pretty(pg_relation_size('materials')) AS table, pg_size_pretty(pg_total_relation_size('materials')) AS total`,
  );
  await client.end();
  log(seeded ? `seeded in ${seedSeconds.toFixed(1)} s` : `catalogue of ${MATERIAL_COUNT} materials already seeded`);

  const loadBefore = loadavg();
  const { child, base } = await startServer();
  log(`server at ${base}; ${CONNECTIONS} connections, ${DURATION_S} s per scenario`);

  const mixed = searchPaths({ count: 20_000, seed: 1, keywords: 'mixed', pages: [1, 50] });
  const scenarios: [string, string[]][] = [
    ['GET /api/health (baseline)', ['/api/health']],
    ['search: 1–3+ char keywords, filters, sorts, pages 1–50', mixed],
    ['search: 1-character keywords, pages 1–50', searchPaths({ count: 20_000, seed: 2, keywords: 'one', pages: [1, 50] })],
    ['search: 2-character keywords, pages 1–50', searchPaths({ count: 20_000, seed: 3, keywords: 'two', pages: [1, 50] })],
    ['search: 3+-character keywords, pages 1–50', searchPaths({ count: 20_000, seed: 4, keywords: 'long', pages: [1, 50] })],
    ['search: page 1 only', searchPaths({ count: 20_000, seed: 5, keywords: 'mixed', pages: [1, 1] })],
    ['search: deep pages 41–50 only', searchPaths({ count: 20_000, seed: 6, keywords: 'mixed', pages: [41, 50] })],
    [
      'search: page 1 of a new random seed every request',
      searchPaths({ count: 200_000, seed: 7, keywords: 'mixed', pages: [1, 1], freshSeeds: true, sort: 'random' }),
    ],
    ['GET /api/health (baseline, again)', ['/api/health']],
  ];

  const results: ScenarioResult[] = [];
  let cold: ScenarioResult;
  try {
    for (const [, paths] of scenarios) await checkPaths(base, paths);
    log(`warm-up: ${WARMUP_S} s of the mixed search`);
    await runScenario(base, 'warm-up', mixed, WARMUP_S);
    for (const [name, paths] of scenarios) {
      const result = await runScenario(base, name, paths, DURATION_S);
      results.push(result);
      log(
        `${name.padEnd(58)} p50 ${String(result.p50).padStart(6)} ms  p95 ${String(result.p95).padStart(6)} ms  p99 ${String(result.p99).padStart(6)} ms  ${String(result.reqPerSec).padStart(6)} req/s${result.non2xx || result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`,
      );
    }
    cold = await timeColdSearches(base, 60);
    log(`${cold.name.padEnd(58)} p50 ${cold.p50} ms  p95 ${cold.p95} ms  p99 ${cold.p99} ms  max ${cold.max} ms`);
  } finally {
    child.kill('SIGTERM');
  }
  const loadAfter = loadavg();

  log('thumbnails: 4000×3000 JPEG → 480 px');
  const thumbnails = await benchThumbnails();
  log(
    `  image processor: ${thumbnails.imageProcessor.sequential} images/s sequential, ${thumbnails.imageProcessor.parallel4} images/s with 4 in flight`,
  );
  log(
    `  raw sharp:       ${thumbnails.rawSharp.sequential} images/s sequential, ${thumbnails.rawSharp.parallel4} images/s with 4 in flight`,
  );

  const find = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
  const keywordScenario = find('search: 1–3+');
  const page1 = find('search: page 1 only');
  const deep = find('search: deep pages');
  const targets = {
    keywordPageP95: { limitMs: TARGET_P95_MS, actualMs: keywordScenario.p95, met: keywordScenario.p95 <= TARGET_P95_MS },
    deepVsPage1P95: { limitRatio: 2, actualRatio: Math.round((deep.p95 / page1.p95) * 100) / 100, met: deep.p95 <= 2 * page1.p95 },
  };
  log(
    `targets: keyword page p95 ${keywordScenario.p95} ms (≤ ${TARGET_P95_MS}: ${targets.keywordPageP95.met ? 'met' : 'NOT met'}); deep/page-1 p95 ${targets.deepVsPage1P95.actualRatio}× (≤ 2: ${targets.deepVsPage1P95.met ? 'met' : 'NOT met'})`,
  );

  const report = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), loadBefore, loadAfter },
    database: {
      url: DATABASE_URL.replace(/\/\/[^@]*@/, '//'),
      materials: MATERIAL_COUNT,
      seededThisRun: seeded,
      seedSeconds: seeded ? seedSeconds : null,
      size: sizes.rows[0],
      settings: Object.fromEntries(settings.rows.map((r) => [r.name, r.unit ? `${r.setting} ${r.unit}` : r.setting])),
    },
    load: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
    scenarios: results,
    cold,
    thumbnails,
    targets,
  };
  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `search-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`written ${file}`);
}

await main();
