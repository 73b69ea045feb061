import { count } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { materials, operators, users } from '../../src/db/schema/index.js';
import { seedDemoIfEmpty } from '../../demo/demo.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app.js';
import { COMMON_API, DEV_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * A server on a public address is a real shop even when NODE_ENV is forgotten: no sandbox
 * payments, no dev outbox, no demo accounts, unless DEMO_MODE=true says otherwise.
 */
describe('a server with PUBLIC_URL=https://shop.example.cn and no NODE_ENV', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A built web app is present, so an unknown page would fall back to its HTML.
    webDist = mkdtempSync(join(tmpdir(), 'gemstock-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>宝图</title>');
    const config = loadConfig(
      { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data', PUBLIC_URL: 'https://shop.example.cn' },
      { jwtSecret: TEST_JWT_SECRET, webDist },
    );
    t = await buildTestApp(config);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers 404 on the dev outbox', async () => {
    const res = await injectApi(t, DEV_API.outbox);
    expect(res.status).toBe(404);
    expect(res.code).toBe(1005);
  });

  it('answers 404 on the sandbox pay page and its form, not the web app', async () => {
    const page = await t.call({ method: 'GET', url: '/sandbox/pay/ABCDEF123456' });
    expect(page.status).toBe(404);
    expect(page.raw).not.toContain('<!doctype html>');
    const confirm = await t.call({ method: 'POST', url: '/sandbox/pay/ABCDEF123456', payload: {} });
    expect(confirm.status).toBe(404);
  });

  it('tells the web app there is no demo ribbon to show', async () => {
    const res = await injectApi(t, COMMON_API.siteConfig);
    expect(res.data).toMatchObject({ devOutbox: false, sandboxPayments: false });
  });

  it('creates no demo accounts or materials', async () => {
    const seeded = await seedDemoIfEmpty({ config: t.config, db: t.database.db, log: () => undefined, imageCount: 1 });
    expect(seeded).toBeNull();
    const db = t.database.db;
    const [u] = await db.select({ n: count() }).from(users);
    const [o] = await db.select({ n: count() }).from(operators);
    const [m] = await db.select({ n: count() }).from(materials);
    expect([u!.n, o!.n, m!.n]).toEqual([0, 0, 0]);
  });
});

describe('the local demo (loopback PUBLIC_URL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    const config = loadConfig(
      { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data', PUBLIC_URL: 'http://127.0.0.1:3000' },
      { jwtSecret: TEST_JWT_SECRET, webDist: '/nonexistent' },
    );
    t = await buildTestApp(config);
  });
  afterAll(() => t.close());

  it('serves the dev outbox and tells the web app to show the 演示环境 ribbon', async () => {
    expect((await injectApi(t, DEV_API.outbox)).status).toBe(200);
    const res = await injectApi(t, COMMON_API.siteConfig);
    expect(res.data.sandboxPayments).toBe(true);
  });
});
