/**
 * `npm run bench:notify` — payment notification acknowledgement under concurrency.
 *
 * 1. Uses the PostgreSQL database at DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/gemstock_bench_notify; created and migrated if missing;
 *    loopback and a name containing "bench" only). It adds a buyer and BENCH_NOTIFY_ORDERS
 *    (default 4000) VIP-recharge orders, each with an open WeChat Pay attempt, and deletes
 *    nothing.
 * 2. Generates a WeChat Pay merchant key, a platform key and an APIv3 key, and starts the real
 *    server (bench/bench-server.ts) in a child process with the real WeChat Pay adapter
 *    configured from them, on a random loopback port.
 * 3. Signs one notification per order as WeChat Pay does (AES-256-GCM resource, RSA-SHA256
 *    platform signature) and drives the server with autocannon, 32 connections: GET
 *    /api/health as the baseline, then POST /api/payment/notify/wechat where every
 *    notification is delivered 10 times back to back — so the same payment arrives on several
 *    connections at once, as a gateway's retries do — each first delivery settling its order
 *    (status change, wallet lot, ledger entry in one transaction) and the rest acknowledged as
 *    duplicates.
 * 4. Checks afterwards that every reply was the 204 ack and that each order was paid exactly
 *    once with exactly one ledger entry.
 *
 * Prints p50/p95/p99 and req/s per scenario (target: notify p99 ≤ 1 s) and writes
 * bench/results/notify-<timestamp>.json. `runNotifyBench()` is exported for bench/checkout.ts.
 */
import { COMMON_ROUTES, PAYMENT_PATHS } from '@gemstock/contract';
import { runLoad } from './load.js';
import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connectPostgres, migrateDatabase, type Database } from '../apps/server/src/db/client.js';
import { ledgerEntries, orders, paymentAttempts, users } from '../apps/server/src/db/schema/index.js';
import { newSid } from '../apps/server/src/lib/ids.js';
import { signWechatNotification, wechatTransaction } from '../apps/server/test/helpers/payment-gateways.js';
import { assertSafeDatabase, ensureDatabase } from './bench-database.js';
import { forkBenchServer } from './fork-server.js';
import { figures, type Figures } from './latency-figures.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const TARGET_P99_MS = 1000;
const CONNECTIONS = 32;
const DELIVERIES_PER_NOTIFICATION = 10;
const PRICE_CENTS = 69_900;
const MCH_ID = '1900000109';
const APP_ID = 'wxbench0000000000';
const PLATFORM_SERIAL = 'PUB_KEY_ID_BENCH000000000000000000000000000001';

const log = (line: string) => console.log(line);

export interface NotifyBenchOptions {
  databaseUrl?: string;
  durationS?: number;
  orders?: number;
}

export interface NotifyScenarioResult extends Figures {
  name: string;
  durationS: number;
  non2xx: number;
  errors: number;
}

export interface NotifyBenchResult {
  baseline: NotifyScenarioResult;
  notify: NotifyScenarioResult;
  checks: { notificationsDelivered: number; ordersPaid: number; ledgerEntries: number; ok: boolean };
  targetP99Ms: number;
  pass: boolean;
}

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function runScenario(
  base: string,
  name: string,
  next: () => BenchRequest & { index?: number },
  durationS: number,
  onAck?: (index: number) => void,
): Promise<NotifyScenarioResult> {
  const load = await runLoad(base, { connections: CONNECTIONS, durationS, next });
  if (onAck) {
    for (const { request, statusCode } of load.samples) {
      if (request?.index !== undefined && statusCode === 204) onAck(request.index);
    }
  }
  return {
    name,
    durationS: load.durationS,
    non2xx: load.non2xx,
    errors: load.errors,
    ...figures(
      load.samples.map((x) => x.latency),
      load.durationS,
    ),
  };
}

function printScenario(result: NotifyScenarioResult): void {
  log(
    `${result.name.padEnd(58)} p50 ${String(result.p50).padStart(7)} ms  p95 ${String(result.p95).padStart(7)} ms  ` +
      `p99 ${String(result.p99).padStart(7)} ms  ${String(result.reqPerSec).padStart(6)} req/s` +
      (result.non2xx || result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
  );
}

interface Keys {
  merchant: { privateKey: KeyObject; publicKey: KeyObject };
  platform: { privateKey: KeyObject; publicKey: KeyObject };
  apiV3Key: string;
}

/** A notification exactly as WeChat Pay sends one for a paid Native order (the tests' own signer). */
function signNotification(keys: Keys, outTradeNo: string, transactionId: string): BenchRequest {
  const signed = signWechatNotification(
    wechatTransaction({ outTradeNo, transactionId, amountCents: PRICE_CENTS, appId: APP_ID, mchId: MCH_ID }),
    keys.platform.privateKey,
    { serial: PLATFORM_SERIAL, apiV3Key: keys.apiV3Key },
  );
  return { method: 'POST', path: PAYMENT_PATHS.notifyWechat, headers: signed.headers, body: signed.body };
}

/** A buyer and `count` CREATED recharge orders, each with an open WeChat attempt. */
async function seedOrders(database: Database, count: number): Promise<{ orderSids: string[]; outTradeNos: string[] }> {
  const buyerSid = newSid();
  await database.db
    .insert(users)
    .values({ sid: buyerSid, email: `bench-notify-${buyerSid}@example.com`, passwordHash: 'x' });
  const orderSids: string[] = [];
  const outTradeNos: string[] = [];
  const expiresAt = new Date(Date.now() + 3600_000);
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, () => {
      const sid = newSid();
      return { sid, orderNo: `GSB${sid.toUpperCase()}`, outTradeNo: `GSB${sid.toUpperCase()}P1` };
    });
    await database.db.insert(orders).values(
      batch.map((b) => ({
        sid: b.sid,
        orderNo: b.orderNo,
        name: 'VIP 月度充值',
        orderType: 'wallet',
        payWay: 'WECHAT',
        priceOriginCents: PRICE_CENTS,
        priceCents: PRICE_CENTS,
        userSid: buyerSid,
        ownerSid: buyerSid,
      })),
    );
    await database.db.insert(paymentAttempts).values(
      batch.map((b) => ({
        outTradeNo: b.outTradeNo,
        orderSid: b.sid,
        payWay: 'WECHAT' as const,
        gateway: 'wechat' as const,
        amountCents: PRICE_CENTS,
        link: 'weixin://wxpay/bizpayurl?pr=bench',
        expiresAt,
      })),
    );
    orderSids.push(...batch.map((b) => b.sid));
    outTradeNos.push(...batch.map((b) => b.outTradeNo));
  }
  return { orderSids, outTradeNos };
}

async function startServer(databaseUrl: string, keys: Keys): Promise<{ child: ChildProcess; base: string }> {
  const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
  return forkBenchServer({
    BENCH_DATABASE_URL: databaseUrl,
    PAYMENT_SANDBOX: 'false',
    WECHAT_MCH_ID: MCH_ID,
    WECHAT_APP_ID: APP_ID,
    WECHAT_MCH_SERIAL_NO: 'BENCH0000000000000000000000000000000000001',
    WECHAT_MCH_PRIVATE_KEY: pem(keys.merchant.privateKey, 'pkcs8'),
    WECHAT_API_V3_KEY: keys.apiV3Key,
    WECHAT_PLATFORM_PUBLIC_KEY: pem(keys.platform.publicKey, 'spki'),
    WECHAT_PLATFORM_PUBLIC_KEY_ID: PLATFORM_SERIAL,
    // Never called here: notifications need no outgoing request.
    WECHAT_API_BASE: 'http://127.0.0.1:9',
  });
}

export async function runNotifyBench(options: NotifyBenchOptions = {}): Promise<NotifyBenchResult> {
  const databaseUrl =
    options.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench_notify';
  const durationS = options.durationS ?? Number(process.env.BENCH_DURATION ?? 15);
  const orderCount = options.orders ?? Number(process.env.BENCH_NOTIFY_ORDERS ?? 4000);
  assertSafeDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const database = connectPostgres(databaseUrl, 4);
  await migrateDatabase(database);

  log(`seeding ${orderCount} orders with open WeChat Pay attempts …`);
  const { orderSids, outTradeNos } = await seedOrders(database, orderCount);
  const keys: Keys = {
    merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    apiV3Key: randomBytes(16).toString('hex'),
  };
  // Signed up front (timestamps stay inside WeChat's 5-minute window for a run of minutes).
  const notifications = outTradeNos.map((no, i) =>
    signNotification(keys, no, `4200BENCH${String(i).padStart(10, '0')}${newSid(8)}`),
  );

  const { child, base } = await startServer(databaseUrl, keys);
  try {
    const health: BenchRequest = { method: 'GET', path: COMMON_ROUTES.health.path };
    await runScenario(base, 'warm-up', () => health, 3);
    const baseline = await runScenario(base, 'GET /api/health (baseline)', () => health, durationS);
    printScenario(baseline);

    let sent = 0;
    const acked = new Set<number>();
    const notify = await runScenario(
      base,
      `POST notify/wechat, each payment ${DELIVERIES_PER_NOTIFICATION}× back to back`,
      () => {
        // Past the last notification the run wraps around: later redeliveries, all duplicates.
        const index = Math.floor(sent / DELIVERIES_PER_NOTIFICATION) % notifications.length;
        sent += 1;
        return { ...notifications[index]!, index };
      },
      durationS,
      (index) => acked.add(index),
    );
    printScenario(notify);

    // Every acknowledged payment must have paid its order, and exactly once.
    const ackedOrders = [...acked].map((i) => orderSids[i]!);
    const [paid] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(inArray(orders.sid, ackedOrders), eq(orders.status, 'PAYED')));
    const [ledger] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderSid, ackedOrders));
    const checks = {
      notificationsDelivered: ackedOrders.length,
      ordersPaid: paid?.n ?? 0,
      ledgerEntries: ledger?.n ?? 0,
      ok: (paid?.n ?? 0) === ackedOrders.length && (ledger?.n ?? 0) === ackedOrders.length && notify.non2xx === 0,
    };
    log(
      `checks: ${checks.notificationsDelivered} payments acknowledged, ${checks.ordersPaid} of their orders paid, ` +
        `${checks.ledgerEntries} ledger entries, ${notify.non2xx} non-2xx replies → ${checks.ok ? 'OK' : 'FAILED'}`,
    );
    const pass = notify.p99 <= TARGET_P99_MS && checks.ok;
    log(`notify acknowledgement p99 ${notify.p99} ms (target ≤ ${TARGET_P99_MS} ms): ${pass ? 'PASS' : 'FAIL'}`);
    return { baseline, notify, checks, targetP99Ms: TARGET_P99_MS, pass };
  } finally {
    child.kill('SIGTERM');
    await database.close();
  }
}

async function main() {
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const result = await runNotifyBench();
  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `notify-${new Date().toISOString().replaceAll(':', '-').replace('.', '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`results: ${file}`);
  if (!result.pass) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
