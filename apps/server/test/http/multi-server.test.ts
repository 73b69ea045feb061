import {
  ADMIN_REVIEW_API,
  type TAdminMaterial,
  type TAdminMaterialResponse,
  type TDownloadUrlResponse,
  type TServiceWarnings,
  ADMIN_API,
  ADMIN_MATERIAL_API,
  ADMIN_MATERIAL_PATHS,
  LICENCE_API,
  MATERIAL_API,
  PAYMENT_API,
  PAYMENT_PATHS,
  USER_API,
  ErrorCode,
  endpointUrl,
  pathUrl,
  type TOnlinePayResponse,
  type TSearchMaterialsResponse,
  ADMIN_CONTENT_API,
  CONTENT_API,
  type TContentVersion,
  type TPublishedContent,
  ORDER_REWARD_API,
} from '@gemstock/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectPostgres, type Database } from '../../src/db/client.js';
import { count, eq } from 'drizzle-orm';
import { licences, orders, serverHeartbeats, verificationCodes } from '../../src/db/schema/index.js';
import { deriveSandboxKey, SandboxGateway } from '../../src/payment-gateways/sandbox-gateway.js';
import { newSid } from '../../src/lib/ids.js';
import { TokenService } from '../../src/lib/tokens.js';
import { createTestOperator, filePart, makeJpeg, multipartBody } from '../helpers/admin.js';
import { insertMaterial } from '../helpers/factories.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { insertTestOrder } from '../helpers/payment-orders.js';
import {
  killServerProcesses,
  remoteTestApp,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../helpers/server-process.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Several real server processes on one PostgreSQL database (docs/decisions/0013): with shared
 * S3-compatible storage (s3rver, in this process) whatever one server stores every other serves;
 * with local storage they refuse traffic (readiness 1604) until only one is left.
 */

const JWT_SECRET = 'multi-server-secret-multi-server-secret-0123';
const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 3600);
const usePostgres = Boolean(process.env.DATABASE_URL);

interface ReadyBody {
  code: number;
  message: string;
  data: { status: string; checks: Record<string, { ok: boolean; reason?: string }> };
}

async function readiness(server: ServerProcess): Promise<{ status: number; body: ReadyBody }> {
  const res = await fetch(`${server.base}/readyz`);
  return { status: res.status, body: (await res.json()) as ReadyBody };
}

describe.skipIf(!usePostgres)('several servers on one PostgreSQL database', () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const databases: string[] = [];
  const dirs: string[] = [];
  const opened: Database[] = [];

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    killServerProcesses();
    await Promise.all(opened.map((d) => d.close()));
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A migrated database of its own (a copy of the run's template) and a direct connection to it. */
  async function freshDatabase(): Promise<{ url: string; database: Database }> {
    const name = `gemstock_multi_${newSid(8).toLowerCase()}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    databases.push(name);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = connectPostgres(url.toString(), 2);
    opened.push(database);
    return { url: url.toString(), database };
  }

  function tempDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  }

  it('with S3 storage: a material uploaded through one server is processed by another and served by all', async () => {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: tempDir('gemstock-s3rver-'),
      configureBuckets: [{ name: 'gemstock', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    try {
      const { url, database } = await freshDatabase();
      const shared = {
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '4',
        JWT_SECRET,
        HEARTBEAT_INTERVAL_SECONDS: '1',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: 'gemstock',
        // s3rver's built-in account
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
      // Server 1 takes the upload but never processes media: whoever claims the job does not
      // have the original on its disk and must read it from the shared store.
      const servers = await Promise.all([
        startServerProcess({ ...shared, DATA_DIR: tempDir('gemstock-s1-'), MEDIA_WORKER: 'false' }),
        startServerProcess({ ...shared, DATA_DIR: tempDir('gemstock-s2-'), MEDIA_WORKER: 'true' }),
        startServerProcess({ ...shared, DATA_DIR: tempDir('gemstock-s3-'), MEDIA_WORKER: 'true' }),
      ]);
      const [one, two, three] = servers.map((s) => remoteTestApp(s.base, database, tokens)) as [
        TestApp,
        TestApp,
        TestApp,
      ];

      // All three see each other and share one bucket: all ready.
      await waitFor('three heartbeat rows', async () => {
        const rows = await database.db.select().from(serverHeartbeats);
        return rows.length === 3 && rows;
      });
      const rows = await database.db.select().from(serverHeartbeats);
      expect(new Set(rows.map((r) => `${r.storageDriver} ${r.storageIdentity}`))).toEqual(
        new Set([`s3 http://127.0.0.1:${s3Port}/gemstock`]),
      );
      for (const server of servers) {
        const ready = await readiness(server);
        expect(ready.status, server.output()).toBe(200);
        expect(ready.body.data.checks.cluster).toEqual({ ok: true });
      }

      // The operator uploads through server 1.
      const operator = await createTestOperator(one);
      const original = await makeJpeg(1600, 1200);
      const body = multipartBody([
        { name: 'keywords', value: '多服务器测试戒指' },
        filePart(original, 'ring.jpg', 'image/jpeg'),
      ]);
      const uploaded = await one.call<TAdminMaterialResponse>({
        method: 'POST',
        url: ADMIN_MATERIAL_PATHS.upload,
        token: operator.token,
        payload: body.payload,
        headers: body.headers,
      });
      expect(uploaded.code, uploaded.message).toBe(0);
      const sid = uploaded.data.material.sid;

      // Whichever of servers 2 and 3 claims the job makes the renditions.
      const ready = await waitFor('the media job to finish', async () => {
        const res = await one.call<TAdminMaterialResponse>({
          method: 'GET',
          url: endpointUrl(ADMIN_MATERIAL_API.detail, { params: { id: sid } }),
          token: operator.token,
        });
        const material: TAdminMaterial = res.data.material;
        if (material.status === 'failed') throw new Error(`media job failed: ${JSON.stringify(material.job)}`);
        return material.status === 'ready' && material;
      });
      expect(ready.job).toMatchObject({ status: 'done' });
      expect(ready.thumbUrl).toMatch(/^\/media\/materials\//);

      // The thumbnail is served by every server, whoever made it.
      for (const server of servers) {
        const thumb = await fetch(`${server.base}${ready.thumbUrl}`);
        expect(thumb.status).toBe(200);
        expect(thumb.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);
      }

      // Review lists it (through server 3): only then is it for sale.
      const listed = await three.call({
        method: ADMIN_REVIEW_API.list.method,
        url: ADMIN_REVIEW_API.list.path,
        payload: { sids: [sid] },
        token: operator.token,
      });
      expect(listed.code, listed.message).toBe(0);

      // A buyer pays through server 2 and downloads the original through server 3.
      const buyer = await createCompanyBuyer(two);
      await fundWallet(two, buyer.sid, 1_000_000);
      const order = await placeOrder(two, buyer, { [sid]: 2 });
      expect((await payByWallet(two, buyer, order.sid)).code).toBe(0);
      const link = await three.call<TDownloadUrlResponse>({
        method: 'GET',
        url: endpointUrl(LICENCE_API.materialDownload, { params: { id: sid } }),
        token: buyer.token,
      });
      expect(link.code, link.message).toBe(0);
      // What it gets is the licence's trace-marked copy (docs/decisions/0049): the picture at its
      // full size, not the original's bytes, made once into the shared storage, so every server
      // hands out the one server 3 made.
      const copies: Buffer[] = [];
      for (const server of [servers[2]!, servers[0]!, servers[1]!]) {
        const file = await fetch(new URL(link.data.url, server.base));
        expect(file.status).toBe(200);
        copies.push(Buffer.from(await file.arrayBuffer()));
      }
      expect(await sharp(copies[0]!).metadata()).toMatchObject({ width: 1600, height: 1200 });
      expect(copies[0]!.equals(original)).toBe(false);
      expect(copies[1]!.equals(copies[0]!)).toBe(true);
      expect(copies[2]!.equals(copies[0]!)).toBe(true);

      // A clean shutdown takes each server's row away.
      expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0, 0]);
      expect(await database.db.select().from(serverHeartbeats)).toEqual([]);
    } finally {
      await s3.close();
    }
  }, 120_000);

  it('with local storage: two servers are not ready (1604) until one of them stops', async () => {
    const { url, database } = await freshDatabase();
    const shared = { DATABASE_URL: url, DATABASE_POOL_SIZE: '4', JWT_SECRET, HEARTBEAT_INTERVAL_SECONDS: '1' };
    const [first, second] = await Promise.all([
      startServerProcess({ ...shared, DATA_DIR: tempDir('gemstock-local1-'), MEDIA_WORKER: 'false' }),
      startServerProcess({ ...shared, DATA_DIR: tempDir('gemstock-local2-'), MEDIA_WORKER: 'false' }),
    ]);

    for (const server of [first!, second!]) {
      const refused = await waitFor('readiness 1604', async () => {
        const ready = await readiness(server);
        return ready.status === 503 && ready.body.code === 1604 && ready.body;
      });
      expect(refused.message).toContain('S3 兼容对象存储');
      expect(refused.data.checks.cluster?.ok).toBe(false);
      expect(refused.data.checks.cluster?.reason).toContain('本地磁盘');
      expect(refused.data.checks.database).toEqual({ ok: true });
    }
    // The console of either server says so.
    const console1 = remoteTestApp(first!.base, database, tokens);
    const operator = await createTestOperator(console1);
    const me = await console1.call<{ warnings: TServiceWarnings }>({
      method: 'GET',
      url: endpointUrl(ADMIN_API.me),
      token: operator.token,
    });
    expect(me.data.warnings.cluster).toContain('STORAGE_DRIVER=s3');

    // One server left: it is ready again, and the console warning is gone.
    expect(await second!.stop()).toBe(0);
    await waitFor('readiness back to 200', async () => (await readiness(first!)).status === 200);
    const after = await console1.call<{ warnings: TServiceWarnings }>({
      method: 'GET',
      url: endpointUrl(ADMIN_API.me),
      token: operator.token,
    });
    expect(after.data.warnings).toEqual({ cluster: null });
    expect(await first!.stop()).toBe(0);
  }, 120_000);

  it('three servers on PostgreSQL and Redis stay in step: catalogue changes, rate limits, code caps, notifications', async () => {
    const { url, database } = await freshDatabase();
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const shared = {
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      JWT_SECRET,
      HEARTBEAT_INTERVAL_SECONDS: '1',
      REDIS_URL: redisUrl,
      // Each request below names its own client address, so this run's limits are its own.
      TRUST_PROXY: 'true',
      CODE_CHALLENGE_AFTER: '1000',
      MEDIA_WORKER: 'false',
    };
    const servers = await Promise.all(
      [1, 2, 3].map((n) => startServerProcess({ ...shared, DATA_DIR: tempDir(`gemstock-three${n}-`) })),
    );
    const apps = servers.map((s) => remoteTestApp(s.base, database, tokens));
    const [one] = apps as [TestApp, TestApp, TestApp];
    const runId = newSid(6).toLowerCase();
    let addresses = 0;
    const nextAddress = () => {
      addresses += 1;
      return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
    };

    // 1. A catalogue change made through one server shows on the others within 2 s, although
    //    each has the search cached.
    const keyword = `同步${runId}`;
    const listed = await insertMaterial(one, { keywords: [keyword] });
    const waiting = await insertMaterial(one, { keywords: [keyword], reviewState: 'pending' });
    const found = async (app: TestApp) => {
      const res = await app.call<TSearchMaterialsResponse>({
        method: 'GET',
        url: endpointUrl(MATERIAL_API.search, { query: { keyword, sort: '-created' } }),
      });
      expect(res.code, res.message).toBe(0);
      return res.data.materials.map((m) => m.sid).sort();
    };
    // Written straight into the database (no server announced it): each server's search index
    // reads it within a second (docs/decisions/0053).
    for (const app of apps)
      await waitFor('the listed material on every server', async () => (await found(app)).join() === listed.sid);
    const operator = await createTestOperator(one);
    const inStep = async (what: string, expected: string[]) => {
      const started = Date.now();
      for (const app of apps.slice(1)) await waitFor(what, async () => (await found(app)).join() === expected.join());
      return Date.now() - started;
    };

    const reviewed = await one.call({
      method: ADMIN_REVIEW_API.list.method,
      url: ADMIN_REVIEW_API.list.path,
      payload: { sids: [waiting.sid] },
      token: operator.token,
    });
    expect(reviewed.code, reviewed.message).toBe(0);
    expect(await inStep('the new material on every server', [listed.sid, waiting.sid].sort())).toBeLessThanOrEqual(
      2000,
    );

    const disabled = await one.call({
      method: ADMIN_MATERIAL_API.update.method,
      url: endpointUrl(ADMIN_MATERIAL_API.update, { params: { id: listed.sid } }),
      payload: { disabled: true },
      token: operator.token,
    });
    expect(disabled.code, disabled.message).toBe(0);
    expect(await inStep('the disabled material gone everywhere', [waiting.sid])).toBeLessThanOrEqual(2000);

    // 1b. A document published in 内容管理 through one server shows on the others within 2 s,
    //     although each has it cached (decision 0042: the change feed's content channel).
    const faqVersion = async (app: TestApp) =>
      (
        await app.call<TPublishedContent>({
          method: 'GET',
          url: endpointUrl(CONTENT_API.published, { params: { key: 'faq' } }),
        })
      ).data.version;
    for (const app of apps) expect(await faqVersion(app)).toBe(1);
    const draft = await one.call<TContentVersion>({
      method: ADMIN_CONTENT_API.saveDraft.method,
      url: endpointUrl(ADMIN_CONTENT_API.saveDraft, { params: { key: 'faq' } }),
      payload: { title: '常见问题', body: '## 新分组\n### 新问题\n新答案', base: 1 },
      token: operator.token,
    });
    expect(draft.code, draft.message).toBe(0);
    const published = await one.call({
      method: ADMIN_CONTENT_API.publish.method,
      url: endpointUrl(ADMIN_CONTENT_API.publish, { params: { key: 'faq' } }),
      payload: { version: draft.data.version },
      token: operator.token,
    });
    expect(published.code, published.message).toBe(0);
    const publishedAt = Date.now();
    for (const app of apps.slice(1)) {
      await waitFor('the published FAQ on every server', async () => (await faqVersion(app)) === draft.data.version);
    }
    expect(Date.now() - publishedAt).toBeLessThanOrEqual(2000);

    // 1c. The order reward saved in the console through one server applies to wallet payments
    //     through the others within 2 s, although each keeps the policy it read (the change
    //     feed's settings channel).
    const rewardOfAPayment = async (app: TestApp) => {
      const buyer = await createCompanyBuyer(app);
      await fundWallet(app, buyer.sid, 69_900);
      const [material] = await createMaterials(app, 1);
      const order = await placeOrder(app, buyer, { [material!.sid]: 2 });
      const paid = await payByWallet(app, buyer, order.sid);
      expect(paid.code, paid.message).toBe(0);
      return paid.data.coupon;
    };
    for (const app of apps.slice(1)) expect(await rewardOfAPayment(app)).toBeNull();
    const rewardSaved = await one.call({
      method: ORDER_REWARD_API.save.method,
      url: ORDER_REWARD_API.save.path,
      payload: { enabled: true, type: 1, amount: 2_000, validDays: 30 },
      token: operator.token,
    });
    expect(rewardSaved.code, rewardSaved.message).toBe(0);
    const rewardSavedAt = Date.now();
    for (const app of apps.slice(1)) {
      await waitFor('the order reward on every server', async () => (await rewardOfAPayment(app)) !== null);
    }
    expect(Date.now() - rewardSavedAt).toBeLessThanOrEqual(2000);

    // 2. A per-address limit reached across servers holds on all of them (login: 10 a minute).
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await fetch(`${servers[i % 3]!.base}${endpointUrl(USER_API.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username: `nobody-${runId}`, password: 'wrong-password-1' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    // 3. The code limits of one address hold across servers: asked of all three at once, one
    //    code goes out and the others are told to wait (the daily and hourly caps are counted
    //    under the same lock, in the database).
    const email = `cap-${runId}@example.com`;
    const sent = await Promise.all(
      apps.map((app) =>
        app.call({
          method: 'POST',
          url: endpointUrl(USER_API.sendEmailCode),
          payload: { email, purpose: 'register' },
          headers: { 'x-forwarded-for': nextAddress() },
        }),
      ),
    );
    expect(sent.map((r) => r.code).sort()).toEqual(
      [0, ErrorCode.CODE_TOO_FREQUENT.code, ErrorCode.CODE_TOO_FREQUENT.code].sort(),
    );
    const [codeRows] = await database.db
      .select({ n: count() })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(codeRows!.n).toBe(1);

    // 4. One payment notification delivered to each of the three servers at once settles once.
    const { order, buyer } = await insertTestOrder(one);
    const started = await apps[1]!.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: order.sid } }),
      payload: { code: null, referer: null },
      token: buyer.token,
    });
    expect(started.code, started.message).toBe(0);
    const outTradeNo = decodeURIComponent(new URL(started.data.link!).pathname.split('/').pop()!);
    const sandbox = new SandboxGateway(deriveSandboxKey(new TextEncoder().encode(JWT_SECRET)), servers[0]!.base);
    const notice = sandbox.signNotification({ outTradeNo, amountCents: order.priceCents, result: 'SUCCESS' });
    const deliveries = await Promise.all(
      servers.map((server) =>
        fetch(`${server.base}${pathUrl(PAYMENT_PATHS.notifySandbox, {})}`, {
          method: 'POST',
          headers: notice.headers,
          body: notice.rawBody,
        }),
      ),
    );
    expect(deliveries.map((d) => d.status)).toEqual([204, 204, 204]);
    const [paid] = await database.db.select().from(orders).where(eq(orders.sid, order.sid));
    expect(paid!.status).toBe('PAYED');
    // Its one material licensed once.
    const [granted] = await database.db.select({ n: count() }).from(licences).where(eq(licences.orderSid, order.sid));
    expect(granted!.n).toBe(1);

    for (const server of servers) expect(await server.stop()).toBe(0);
  }, 180_000);
});
