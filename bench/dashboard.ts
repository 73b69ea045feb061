/**
 * `npm run bench:dashboard` — does the 数据看板 cost the same with 10,000,000 stored events as
 * with 1,000?
 *
 * 1. Creates a fresh PostgreSQL database (DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/gemstock_bench_dashboard; loopback and a name containing
 *    "bench" only; dropped first, and again at the end unless BENCH_KEEP=1), migrates it, adds an
 *    operator, and stores 1,000 analytics events and 100 search-log rows over the year before
 *    today, then rolls up every day before today (the background job's work).
 * 2. Starts the real server (bench/bench-server.ts) and measures GET /api/admin/dashboard for the
 *    last 7 days, 30 days and 366 days: BENCH_CLIENTS (4) clients looping for BENCH_DURATION (3)
 *    seconds after BENCH_WARMUP (1); /api/health as the baseline.
 * 3. Grows the events to BENCH_EVENTS (10,000,000) with INSERT … SELECT generate_series, spread
 *    over the same year, rolls the days up again, analyses, and
 *    measures the same requests.
 *
 * Prints per request `dashboard: <request> p50/p95/p99 <small> → <grown> ms` and last
 * `dashboard: worst p99 ratio <r> (<request>)`; writes bench/results/dashboard-<timestamp>.json.
 */
import { ADMIN_DASHBOARD_ROUTES, chinaDateOf, COMMON_ROUTES, endpointUrl } from '@gemstock/contract';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connectPostgres, migrateDatabase } from '../apps/server/src/db/client.js';
import { newSid } from '../apps/server/src/lib/ids.js';
import { TokenService } from '../apps/server/src/lib/tokens.js';
import { rollupDay } from '../apps/server/src/modules/analytics/analytics.repository.js';
import { addDays, chinaDayBounds } from '../apps/server/src/modules/analytics/analytics.service.js';
import { assertSafeDatabase, dropDatabase, ensureDatabase } from './bench-database.js';
import { forkBenchServer } from './fork-server.js';
import { figures, type Figures, hammer } from './latency-figures.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench_dashboard';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 1);
const SMALL_EVENTS = 1_000;
const GROWN_EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const YEAR_DAYS = 366;
/** The secret bench/bench-server.ts signs with. */
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

function log(line: string) {
  console.log(line);
}

/**
 * `count` events (and a tenth as many searches) spread evenly over the year before today (China
 * time): the stored history. Today's part of the dashboard is counted from today's rows only, so
 * it follows today's traffic, not what is stored; both phases have the same (none).
 */
async function storeEvents(client: pg.Client, first: number, count: number) {
  const started = performance.now();
  const todayStart = chinaDayBounds(chinaDateOf(new Date())).start.toISOString();
  const batch = 1_000_000;
  for (let from = first; from < first + count; from += batch) {
    const to = Math.min(first + count, from + batch) - 1;
    await client.query(
      `INSERT INTO analytics_events (kind, visitor, route, referrer, source, device, subject, created_at)
       SELECT (ARRAY['page_view','page_view','page_view','page_view','detail_view','cart_add'])[1 + g % 6],
              'v' || (g % 50000), '/detail/M' || (g % 20000), '/', CASE WHEN g % 7 = 0 THEN 'xiaohongshu' END,
              (ARRAY['desktop','mobile','tablet'])[1 + g % 3], 'M' || (g % 20000),
              $4::timestamptz - make_interval(secs => 1 + (g::double precision / $3) * ${YEAR_DAYS} * 86400)
       FROM generate_series($1::bigint, $2::bigint) AS g`,
      [from, to, first + count, todayStart],
    );
    await client.query(
      `INSERT INTO search_logs (keyword, searcher_key, result_count, created_at)
       SELECT '关键词' || (g % 500), 'ip:' || (g % 9000), CASE WHEN g % 9 = 0 THEN 0 ELSE 12 END,
              $4::timestamptz - make_interval(secs => 1 + (g::double precision / $3) * ${YEAR_DAYS} * 86400)
       FROM generate_series($1::bigint, $2::bigint, 10) AS g`,
      [from, to, first + count, todayStart],
    );
  }
  await client.query('ANALYZE analytics_events');
  await client.query('ANALYZE search_logs');
  log(`  stored ${count.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Rolls up every day of the year before today, as the background job would have, day by day. */
async function rollupYear(database: ReturnType<typeof connectPostgres>) {
  const started = performance.now();
  const today = chinaDateOf(new Date());
  for (let day = addDays(today, -YEAR_DAYS); day < today; day = addDays(day, 1)) {
    const { start, end } = chinaDayBounds(day);
    await rollupDay(database.db, day, start, end, new Date());
  }
  log(`  rolled up ${YEAR_DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function targets(): { name: string; path: string }[] {
  const today = chinaDateOf(new Date());
  const range = (days: number) =>
    endpointUrl(ADMIN_DASHBOARD_ROUTES.dashboard, { query: { from: addDays(today, 1 - days), to: today } });
  return [
    { name: 'GET /api/health', path: endpointUrl(COMMON_ROUTES.health) },
    { name: 'dashboard, last 7 days', path: range(7) },
    { name: 'dashboard, last 30 days', path: range(30) },
    { name: 'dashboard, last 366 days', path: range(366) },
  ];
}

async function measure(base: string, token: string) {
  const result = new Map<string, Figures & { errors: number }>();
  for (const target of targets()) {
    const url = `${base}${target.path}`;
    await hammer(url, token, WARMUP_S, CLIENTS);
    const { latencies, errors } = await hammer(url, token, DURATION_S, CLIENTS);
    const f = { ...figures(latencies, DURATION_S), errors };
    result.set(target.name, f);
    log(
      `  ${target.name.padEnd(28)} ${String(f.requests).padStart(6)} req  p50 ${f.p50}  p95 ${f.p95}  p99 ${f.p99} ms${errors ? `  ERRORS ${errors}` : ''}`,
    );
  }
  return result;
}

async function main() {
  assertSafeDatabase(DATABASE_URL);
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL, log);
  const database = connectPostgres(DATABASE_URL, 2);
  await migrateDatabase(database);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  let child: ChildProcess | null = null;
  try {
    await client.query('SET synchronous_commit = off');
    const operator = newSid();
    await client.query(
      `INSERT INTO operators (sid, username, password_hash, name, roles) VALUES ($1, $2, 'not-a-real-hash', '基准运营', '{admin}')`,
      [operator, `bench-ops-${operator.slice(0, 6)}`],
    );
    const token = await new TokenService(new TextEncoder().encode(JWT_SECRET), 24 * 3600).sign('operator', {
      sub: operator,
      tv: 0,
    });

    log(`small: ${SMALL_EVENTS.toLocaleString('en')} events`);
    await storeEvents(client, 0, SMALL_EVENTS);
    await rollupYear(database);
    const started = await forkBenchServer({ BENCH_DATABASE_URL: DATABASE_URL });
    child = started.child;
    const small = await measure(started.base, token);

    log(`grown: ${GROWN_EVENTS.toLocaleString('en')} events`);
    await client.query('TRUNCATE analytics_events, search_logs');
    await storeEvents(client, 0, GROWN_EVENTS);
    await rollupYear(database);
    const grown = await measure(started.base, token);

    let worst = { name: '', ratio: 0 };
    for (const [name, s] of small) {
      const g = grown.get(name)!;
      const ratio = Math.round((g.p99 / Math.max(s.p99, 0.01)) * 100) / 100;
      if (name !== 'GET /api/health' && ratio > worst.ratio) worst = { name, ratio };
      log(
        `dashboard: ${name}: p50 ${s.p50} → ${g.p50}, p95 ${s.p95} → ${g.p95}, p99 ${s.p99} → ${g.p99} ms (1,000 → ${GROWN_EVENTS.toLocaleString('en')} events)`,
      );
    }
    log(`dashboard: worst p99 ratio ${worst.ratio} (${worst.name})`);
    const dir = join(HERE, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `dashboard-${new Date().toISOString().replaceAll(':', '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          events: { small: SMALL_EVENTS, grown: GROWN_EVENTS },
          small: Object.fromEntries(small),
          grown: Object.fromEntries(grown),
        },
        null,
        2,
      ),
    );
    log(`wrote ${file}`);
  } finally {
    child?.kill('SIGTERM');
    await client.end();
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(DATABASE_URL);
  }
}

await main();
