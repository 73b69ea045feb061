/**
 * `npm run bench:checkout` — placing an order and paying it from the wallet, under load.
 *
 * 1. Uses the PostgreSQL database at DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/gemstock_bench_checkout; loopback and a name containing
 *    "bench" only), dropped and created afresh each run unless BENCH_REUSE=1, and migrated. It
 *    adds BENCH_BUYERS (16) buyers with a company and a funded VIP wallet (lots seeded directly)
 *    and 4000 materials.
 * 2. Starts the real server (bench/bench-server.ts: buildApp on PostgreSQL in its own process)
 *    on a random loopback port.
 * 3. Runs the scenarios in order, each BENCH_DURATION seconds (default 20) after a warm-up:
 *    - `health`: 16 clients looping GET /api/health — the baseline of this machine and client;
 *    - `checkout`: 16 buyers, each looping POST /api/order/place/material (1–3 materials it
 *      has not bought yet) then POST /api/order/{id}/wallet — figures per step and for the pair;
 *    - `notify`: the payment-notification acknowledgement bench (bench/notify.ts), when
 *      BENCH_SCENARIOS includes it (default: all).
 *    A scenario is an entry of SCENARIOS below: name + run(context) → figures.
 * 4. Checks the books afterwards: every buyer's ledger equals what its lots hold and every
 *    paid order has exactly its spend entries.
 *
 * Prints p50/p95/p99 and req/s per step (target, issue #34: p95 of place + pay ≤ 100 ms), the server's and
 * PostgreSQL's CPU per place + pay (bench/process-cpu.ts: comparable between versions on a busy
 * machine, where latency is not), and writes bench/results/checkout-<timestamp>.json.
 */
import { COMMON_ROUTES, endpointUrl, ORDER_ROUTES, qualifyingLicenceTypes } from '@gemstock/contract';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { connectPostgres, migrateDatabase, type Database } from '../apps/server/src/db/client.js';
import { ledgerEntries, materials, orders, users, walletLots } from '../apps/server/src/db/schema/index.js';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { newSid } from '../apps/server/src/lib/ids.js';
import { TokenService } from '../apps/server/src/lib/tokens.js';
import { searchTokensFor } from '../apps/server/src/modules/search/search-tokens.js';
import { runNotifyBench } from './notify.js';
import { assertSafeDatabase, dropDatabase, ensureDatabase } from './bench-database.js';
import { forkBenchServers, statementsSentByAll } from './fork-server.js';
import { type BenchResponse, benchRequest } from './http-client.js';
import { figures, type Figures } from './latency-figures.js';
import { cpuPer, type CpuPerRequest, type CpuSnapshot, SERVER_BACKENDS_SQL, snapshotCpu } from './process-cpu.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench_checkout';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const SCENARIO_NAMES = (process.env.BENCH_SCENARIOS ?? 'health,checkout,notify').split(',').map((s) => s.trim());
/**
 * Each buyer walks its own shuffled list of materials and never picks one twice, because a
 * licence the company already holds cannot be bought again; this many keeps every buyer in new
 * materials for the whole run.
 */
const MATERIALS = 4000;
/** The secret bench/bench-server.ts signs with. */
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const TARGET_P95_MS = 100;

const log = (line: string) => console.log(line);

/* ---------------------------------------------------------------- figures */

function printFigures(name: string, f: Figures, errors = 0) {
  log(
    `${name.padEnd(26)} ${String(f.requests).padStart(7)} req ${String(f.reqPerSec).padStart(6)} req/s  p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  max ${f.max} ms${errors ? `  errors ${errors}` : ''}`,
  );
}

/* ---------------------------------------------------------------- seeding */

interface Buyer {
  sid: string;
  token: string;
}

async function seed(database: Database): Promise<{ buyers: Buyer[]; materialSids: string[] }> {
  const { db } = database;
  const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 24 * 3600);
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const sid = newSid();
    await db.insert(users).values({
      sid,
      email: `bench-checkout-${sid}@example.com`,
      passwordHash: 'not-a-real-hash',
      company: `基准测试珠宝有限公司${i}`,
      companyLicense: '91310000MA1BENCH0J',
      companyAddress: '上海市',
    });
    // A funded VIP wallet, as a paid recharge leaves it: a lot and its 'recharge' entry.
    const orderSid = newSid();
    const amount = 1_000_000_000;
    await db.insert(orders).values({
      sid: orderSid,
      orderNo: `GSBENCH${Date.now()}${i}`,
      name: 'VIP 月度会员充值',
      orderType: 'wallet',
      status: 'PAYED',
      payWay: 'TRANSFER',
      payTime: new Date(),
      priceOriginCents: amount,
      priceCents: amount,
      userSid: sid,
      ownerSid: sid,
      settlementKey: `bench:${orderSid}`,
    });
    const lotSid = newSid();
    await db.insert(walletLots).values({
      sid: lotSid,
      userSid: sid,
      orderSid,
      totalCents: amount,
      remainingCents: amount,
      validBefore: new Date(Date.now() + 25 * 86_400_000),
    });
    await db.insert(ledgerEntries).values({
      userSid: sid,
      lotSid,
      orderSid,
      kind: 'recharge',
      amountCents: amount,
      idempotencyKey: `recharge:${orderSid}`,
    });
    buyers.push({ sid, token: await tokens.sign('buyer', { sub: sid, tv: 0 }) });
  }
  const materialSids: string[] = [];
  const rows = [];
  for (let i = 0; i < MATERIALS; i += 1) {
    const sid = newSid();
    const keywords = ['基准', `钻戒${i % 17}`];
    rows.push({
      sid,
      format: 'image',
      keywords,
      searchTokens: searchTokensFor(keywords),
      width: 3000,
      height: 4000,
      authTypes: qualifyingLicenceTypes(3000, 4000),
      originalKey: `private/materials/${sid}/original-0123456789abcdef.jpg`,
      originalMime: 'image/jpeg',
      originalBytes: 1024,
      thumbKey: `public/materials/${sid}/thumb-0123456789abcdef.webp`,
      reviewState: 'listed',
    });
    materialSids.push(sid);
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(materials).values(rows.slice(i, i + 500));
  return { buyers, materialSids };
}

/* ---------------------------------------------------------------- server */

function startServers(databaseUrl: string): Promise<{ children: ChildProcess[]; base: string }> {
  return forkBenchServers({ BENCH_DATABASE_URL: databaseUrl });
}

/* ---------------------------------------------------------------- scenarios */

interface ScenarioContext {
  base: string;
  buyers: Buyer[];
  materialSids: string[];
  durationS: number;
  warmupS: number;
  /** CPU of the server and its PostgreSQL backends now (see process-cpu.ts). */
  snapshotCpu: () => Promise<CpuSnapshot>;
  /** Statements the server has sent PostgreSQL so far (each one a round trip). */
  statementsSent: () => Promise<number>;
}

interface ScenarioResult {
  name: string;
  steps: Record<string, Figures & { errors: number }>;
  /** Extra figures a scenario wants kept (e.g. the notify bench's own result). */
  details?: unknown;
  /** Server and PostgreSQL CPU per completed iteration of the measured period, in ms. */
  cpuPerIteration?: CpuPerRequest;
  /** Statements sent to PostgreSQL per completed iteration of the measured period. */
  statementsPerIteration?: number;
  pass?: boolean;
}

interface Scenario {
  name: string;
  run(context: ScenarioContext): Promise<ScenarioResult>;
}

/** `clients` loops of `iteration` for `seconds`, collecting latencies per named step. */
async function loop(
  clients: number,
  seconds: number,
  iteration: (
    client: number,
    time: (step: string, fn: () => Promise<BenchResponse>) => Promise<BenchResponse>,
  ) => Promise<void>,
) {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  const time = async (step: string, fn: () => Promise<BenchResponse>) => {
    const started = performance.now();
    const res = await fn();
    const body = (await res.json()) as { code?: number };
    const elapsed = performance.now() - started;
    if (!latencies.has(step)) latencies.set(step, []);
    latencies.get(step)!.push(elapsed);
    if (!res.ok || body.code !== 0) errors.set(step, (errors.get(step) ?? 0) + 1);
    return Object.assign(res, { parsed: body });
  };
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) await iteration(client, time);
    }),
  );
  return { latencies, errors };
}

const healthScenario: Scenario = {
  name: 'health',
  async run({ base, buyers, durationS, warmupS }) {
    const once = (seconds: number) =>
      loop(buyers.length, seconds, async (_, time) => {
        await time('GET /api/health', () => benchRequest(`${base}${COMMON_ROUTES.health.path}`));
      });
    await once(warmupS);
    const { latencies, errors } = await once(durationS);
    const steps = Object.fromEntries(
      [...latencies].map(([step, l]) => [step, { ...figures(l, durationS), errors: errors.get(step) ?? 0 }]),
    );
    return { name: 'health', steps };
  },
};

const checkoutScenario: Scenario = {
  name: 'checkout',
  async run({ base, buyers, materialSids, durationS, warmupS, snapshotCpu: snapshot, statementsSent }) {
    let pairs: number[] = [];
    // Per buyer: its own order of the materials and how far it has got.
    const walks = buyers.map(() => [...materialSids].sort(() => Math.random() - 0.5));
    const cursors = buyers.map(() => 0);
    const once = (seconds: number) =>
      loop(buyers.length, seconds, async (client, time) => {
        const buyer = buyers[client]!;
        const headers = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
        const count = 1 + Math.floor(Math.random() * 3);
        const selection: Record<string, number> = {};
        const walk = walks[client]!;
        for (let i = 0; i < count; i += 1) {
          selection[walk[cursors[client]! % walk.length]!] = 1 + Math.floor(Math.random() * 3);
          cursors[client]! += 1;
        }
        const started = performance.now();
        const placed = (await time('POST place/material', () =>
          benchRequest(`${base}${ORDER_ROUTES.placeMaterial.path}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ materials: selection, source: 'bench' }),
          }),
        )) as BenchResponse & { parsed: { data?: { order?: { sid: string } } } };
        const sid = placed.parsed.data?.order?.sid;
        if (!sid) return;
        await time('POST {id}/wallet', () =>
          benchRequest(`${base}${endpointUrl(ORDER_ROUTES.payByWallet, { params: { id: sid } })}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ code: null, referer: null }),
          }),
        );
        pairs.push(performance.now() - started);
      });
    await once(warmupS);
    pairs = [];
    const cpuBefore = await snapshot();
    const statementsBefore = await statementsSent();
    const { latencies, errors } = await once(durationS);
    const cpu = cpuPer(cpuBefore, await snapshot(), pairs.length);
    const statements = (await statementsSent()) - statementsBefore;
    const steps: ScenarioResult['steps'] = Object.fromEntries(
      [...latencies].map(([step, l]) => [step, { ...figures(l, durationS), errors: errors.get(step) ?? 0 }]),
    );
    steps['place + wallet pay'] = { ...figures(pairs, durationS), errors: 0 };
    return {
      name: 'checkout',
      steps,
      cpuPerIteration: cpu,
      statementsPerIteration: Math.round((statements / Math.max(1, pairs.length)) * 100) / 100,
      pass: steps['place + wallet pay'].p95 <= TARGET_P95_MS,
    };
  },
};

const notifyScenario: Scenario = {
  name: 'notify',
  async run({ durationS }) {
    const result = await runNotifyBench({ durationS });
    return {
      name: 'notify',
      steps: {
        'GET /api/health (notify run)': { ...result.baseline, errors: result.baseline.errors },
        'POST notify/wechat': { ...result.notify, errors: result.notify.errors + result.notify.non2xx },
      },
      details: result,
      pass: result.pass,
    };
  },
};

/** Scenarios in the order they run; add one here to measure something else in the same run. */
const SCENARIOS: Scenario[] = [healthScenario, checkoutScenario, notifyScenario];

/* ---------------------------------------------------------------- books check */

async function checkBooks(database: Database, buyers: Buyer[]) {
  const sids = buyers.map((b) => b.sid);
  const ledger = await database.db
    .select({ userSid: ledgerEntries.userSid, total: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.userSid, sids))
    .groupBy(ledgerEntries.userSid);
  const lots = await database.db
    .select({ userSid: walletLots.userSid, total: sql<string>`sum(${walletLots.remainingCents})` })
    .from(walletLots)
    .where(inArray(walletLots.userSid, sids))
    .groupBy(walletLots.userSid);
  const lotsBy = new Map(lots.map((l) => [l.userSid, Number(l.total)]));
  const mismatched = ledger.filter((l) => Number(l.total) !== lotsBy.get(l.userSid)).length;
  const [paid] = await database.db
    .select({
      orders: sql<string>`count(*)`,
      charged: sql<string>`coalesce(sum(${orders.priceCents}), 0)`,
    })
    .from(orders)
    .where(sql`${orders.ownerSid} in ${sids} and ${orders.status} = 'PAYED' and ${orders.payWay} = 'WALLET'`);
  const [spent] = await database.db
    .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.userSid} in ${sids} and ${ledgerEntries.kind} = 'spend'`);
  const ok = mismatched === 0 && Number(paid?.charged ?? 0) === Number(spent?.total ?? 0);
  return { walletsChecked: ledger.length, mismatched, paidOrders: Number(paid?.orders ?? 0), ok };
}

/* ---------------------------------------------------------------- main */

async function main() {
  assertSafeDatabase(DATABASE_URL);
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // Each run starts from an empty database (BENCH_REUSE=1 keeps the last run's): the paid
  // orders of earlier runs, and their dead row versions until autovacuum has passed, make a
  // later run slower (p95 103 against 91 ms after some 25,000 orders), so only runs on equal
  // databases compare.
  if (process.env.BENCH_REUSE !== '1') await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  const database = connectPostgres(DATABASE_URL, 4);
  await migrateDatabase(database);
  const { buyers, materialSids } = await seed(database);
  log(`seeded ${buyers.length} buyers with funded wallets and ${materialSids.length} materials`);
  const { children, base } = await startServers(DATABASE_URL);
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of SCENARIOS.filter((s) => SCENARIO_NAMES.includes(s.name))) {
      log(`\n— ${scenario.name} (${DURATION_S} s, ${buyers.length} clients)`);
      const result = await scenario.run({
        base,
        buyers,
        materialSids,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
        snapshotCpu: () =>
          snapshotCpu(
            children.map((child) => child.pid!),
            async () =>
              rowsOf<{ pid: number }>(await database.db.execute(sql.raw(SERVER_BACKENDS_SQL))).map((r) => r.pid),
          ),
        statementsSent: () => statementsSentByAll(children),
      });
      for (const [step, f] of Object.entries(result.steps)) printFigures(step, f, f.errors);
      if (result.cpuPerIteration)
        log(
          `CPU per iteration: server ${result.cpuPerIteration.serverMs} ms, PostgreSQL ${result.cpuPerIteration.databaseMs} ms, load generator ${result.cpuPerIteration.loadGeneratorMs} ms, ${Math.round(result.cpuPerIteration.idleShare * 100)} % of the cores idle` +
            (result.statementsPerIteration === undefined
              ? ''
              : `; statements (round trips) per iteration: ${result.statementsPerIteration}`),
        );
      results.push(result);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
  const books = await checkBooks(database, buyers);
  await database.close();
  log(
    `\nbooks: ${books.walletsChecked} wallets, ${books.paidOrders} wallet-paid orders, ${books.ok ? 'consistent' : 'MISMATCH'}`,
  );
  const checkout = results.find((r) => r.name === 'checkout');
  const pair = checkout?.steps['place + wallet pay'];
  if (pair)
    log(`place + wallet pay p95 ${pair.p95} ms (target ≤ ${TARGET_P95_MS} ms): ${checkout?.pass ? 'PASS' : 'FAIL'}`);

  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `checkout-${new Date().toISOString().replaceAll(':', '-').replace('.', '-')}.json`);
  const pass = results.every((r) => r.pass !== false) && books.ok;
  writeFileSync(
    file,
    `${JSON.stringify({ machine: { cpus: cpus().length, model: cpus()[0]?.model }, durationS: DURATION_S, buyers: buyers.length, targetP95Ms: TARGET_P95_MS, results, books, pass }, null, 2)}\n`,
  );
  log(`results: ${file}`);
  if (!pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
