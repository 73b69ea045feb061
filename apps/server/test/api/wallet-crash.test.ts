import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectPostgres, migrateDatabase, openPglite, wrapPglite, type Database } from '../../src/db/client.js';
import { ledgerEntries, materials, orderItems, orders, users, walletLots } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { TokenService } from '../../src/lib/tokens.js';
import { materialValues } from '../helpers/factories.js';
import { COMMON_API, ORDER_API, WALLET_API, endpointUrl } from '@gemstock/contract';

/**
 * The real server, killed with SIGKILL in the middle of a wallet payment and started again.
 * WALLET_PAY_TEST_DELAY_MS (test only; refused in production) holds the payment transaction
 * open after the debit is written, so the kill lands inside it. After the restart the order is
 * either PAYED with its debit or CREATED without it, and the ledger agrees with the lots.
 */

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const JWT_SECRET = 'crash-test-secret-crash-test-secret-0123456789';
const PRICE = 298; // 298 yuan at the VIP price (1%)
const FUNDS = 69_900;

const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-crash-'));
let postgresName: string | null = null;
const children = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresName && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
    await admin.end();
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A database the spawned server will use: a PGlite directory, or a fresh PostgreSQL database. */
async function databaseUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  postgresName = `gemstock_crash_${newSid(8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresName} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${postgresName}`;
  return target.toString();
}

async function openDirect(url: string | null): Promise<Database> {
  if (url) return connectPostgres(url, 2);
  const client = await openPglite({ dataDir: join(dataDir, 'pglite') });
  const database = wrapPglite(client);
  await migrateDatabase(database);
  return database;
}

async function startServer(url: string | null, port: number, delayMs: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SEED_DEMO: 'false',
    MEDIA_WORKER: 'false',
    LOG_LEVEL: 'warn',
    WALLET_PAY_TEST_DELAY_MS: String(delayMs),
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: 'pipe' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${COMMON_API.health.path}`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${output}`);
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function seed(db: Database['db']) {
  const buyerSid = newSid();
  await db.insert(users).values({
    sid: buyerSid,
    email: `crash-${buyerSid}@example.com`,
    passwordHash: 'x',
    company: '杭州崩溃测试珠宝有限公司',
    companyLicense: '91330100MA2CRA5H1J',
  });
  const rechargeSid = newSid();
  await db.insert(orders).values({
    sid: rechargeSid,
    orderNo: `GS${Date.now()}01`,
    name: 'VIP',
    orderType: 'wallet',
    status: 'PAYED',
    payWay: 'WECHAT',
    priceOriginCents: FUNDS,
    priceCents: FUNDS,
    userSid: buyerSid,
    ownerSid: buyerSid,
  });
  const lotSid = newSid();
  await db.insert(walletLots).values({
    sid: lotSid,
    userSid: buyerSid,
    orderSid: rechargeSid,
    totalCents: FUNDS,
    remainingCents: FUNDS,
    validBefore: new Date(Date.now() + 20 * 86_400_000),
  });
  await db.insert(ledgerEntries).values({
    userSid: buyerSid,
    lotSid,
    orderSid: rechargeSid,
    kind: 'recharge',
    amountCents: FUNDS,
    idempotencyKey: `recharge:${rechargeSid}`,
  });
  const orderSids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const m = materialValues({ keywords: ['崩溃'] });
    await db.insert(materials).values(m);
    const sid = newSid();
    await db.insert(orders).values({
      sid,
      orderNo: `GS${Date.now()}${i}9`,
      name: '素材授权',
      orderType: 'material',
      priceOriginCents: 29_800,
      priceCents: 29_800,
      userSid: buyerSid,
      ownerSid: buyerSid,
    });
    await db.insert(orderItems).values({ orderSid: sid, materialSid: m.sid, spec: 2, unitPriceCents: 29_800 });
    orderSids.push(sid);
  }
  return { buyerSid, orderSids };
}

async function books(db: Database['db'], buyerSid: string) {
  const [ledger] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`, n: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userSid, buyerSid));
  const [lots] = await db
    .select({ total: sql<string>`coalesce(sum(${walletLots.remainingCents}), 0)` })
    .from(walletLots)
    .where(eq(walletLots.userSid, buyerSid));
  return { ledger: Number(ledger!.total), entries: Number(ledger!.n), lots: Number(lots!.total) };
}

describe('SIGKILL during a wallet payment', () => {
  it('leaves the order PAYED with its debit or CREATED without it, and the books agree', async () => {
    const url = await databaseUrl();
    let direct = await openDirect(url);
    const { buyerSid, orderSids } = await seed(direct.db);
    await direct.close();
    const token = await new TokenService(new TextEncoder().encode(JWT_SECRET), 3600).sign('buyer', {
      sub: buyerSid,
      tv: 0,
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const pay = (sid: string) =>
      fetch(`${base}${endpointUrl(ORDER_API.payByWallet, { params: { id: sid } })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: null, referer: null }),
      });
    const get = async (path: string) =>
      (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        code: number;
        data: Record<string, unknown>;
      };

    // 1. Killed inside the payment transaction (debit written, not committed).
    let server = await startServer(url, port, 4_000);
    const inFlight = pay(orderSids[0]!).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 1_500));
    await kill9(server);
    expect(await inFlight).toBeInstanceOf(Error);

    server = await startServer(url, port, 0);
    const first = (await get(endpointUrl(ORDER_API.detail, { params: { id: orderSids[0]! } }))).data.order as {
      status: string;
    };
    const wallet = (await get(endpointUrl(WALLET_API.list))).data as { balance: number };
    if (first.status === 'PAYED') expect(wallet.balance).toBe(FUNDS - PRICE);
    else {
      expect(first.status).toBe('CREATED');
      expect(wallet.balance).toBe(FUNDS);
    }
    // The buyer simply pays again; it goes through exactly once.
    const retried = (await (await pay(orderSids[0]!)).json()) as { code: number };
    expect(retried.code).toBe(0);

    // 2. Killed right after a payment answered: a committed payment survives the kill.
    const second = (await (await pay(orderSids[1]!)).json()) as { code: number };
    expect(second.code).toBe(0);
    await kill9(server);
    server = await startServer(url, port, 0);
    expect(
      ((await get(endpointUrl(ORDER_API.detail, { params: { id: orderSids[1]! } }))).data.order as { status: string })
        .status,
    ).toBe('PAYED');
    expect(((await get(endpointUrl(WALLET_API.list))).data as { balance: number }).balance).toBe(FUNDS - 2 * PRICE);
    await stop(server);

    direct = await openDirect(url);
    try {
      const b = await books(direct.db, buyerSid);
      expect(b).toEqual({ ledger: FUNDS - 2 * PRICE, entries: 3, lots: FUNDS - 2 * PRICE });
      const statuses = await direct.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.userSid, buyerSid));
      expect(statuses.map((s) => s.status).sort()).toEqual(['PAYED', 'PAYED', 'PAYED']);
    } finally {
      await direct.close();
    }
  }, 240_000);
});
