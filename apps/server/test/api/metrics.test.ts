import {
  type TOnlinePayResponse,
  type TSandboxPayResponse,
  ADMIN_ORDER_API,
  MATERIAL_API,
  ORDER_API,
  PAYMENT_API,
  endpointUrl,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.js';
import { createTestOperator } from '../helpers/admin.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { insertTestOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 1603 without the bearer token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 1603, message: '需要有效的监控令牌' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('with the token: request durations by route template and status, and the process metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({
      method: 'GET',
      url: endpointUrl(MATERIAL_API.detail, { params: { id: 'AAAAAAAAAAAAAAAA' } }),
    });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/,
    );
    // the template, not the material's id: one series per route
    expect(res.body).toMatch(/route="\/api\/material\/:id"/);
    expect(res.body).not.toContain('AAAAAAAAAAAAAAAA');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('service_draining 0');
    expect(res.body).toMatch(/media_jobs_pending\{status="queued"\} \d+/);
    expect(res.body).toContain('service_cluster_problem 0');
  });
});

describe('counters the modules move', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The value of one series, e.g. value('payments_settled_total', { pay_way: 'WALLET' }). */
  async function value(name: string, labels: Record<string, string>): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const selector = Object.entries(labels)
      .map(([k, v]) => `${k}="${v}"`)
      .join(',');
    const line = res.body.split('\n').find((l) => l.startsWith(`${name}{${selector}} `));
    if (!line) throw new Error(`no series ${name}{${selector}}`);
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }

  function sandboxPay(link: string) {
    return t.call<TSandboxPayResponse>({ method: 'POST', url: new URL(link).pathname, payload: { result: 'SUCCESS' } });
  }

  it('every pay way and exception reason and search cache is exported from the start, at 0', async () => {
    for (const payWay of ['WECHAT', 'ALIPAY', 'WALLET', 'TRANSFER', 'FREE']) {
      expect(await value('payments_settled_total', { pay_way: payWay })).toBe(0);
    }
    expect(await value('payment_exceptions_total', { reason: 'order_cancelled' })).toBe(0);
    for (const cache of ['page', 'match_set', 'window']) {
      expect(await value('search_cache_lookups_total', { cache, result: 'hit' })).toBe(0);
      expect(await value('search_cache_lookups_total', { cache, result: 'miss' })).toBe(0);
    }
  });

  it('payments_settled_total counts an order paid online once, however often the gateway says so', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const started = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect((await sandboxPay(started.data.link)).data.outcome).toBe('settled');
    expect(await value('payments_settled_total', { pay_way: 'WECHAT' })).toBe(1);
    expect((await sandboxPay(started.data.link)).data.outcome).not.toBe('settled');
    expect(await value('payments_settled_total', { pay_way: 'WECHAT' })).toBe(1);
    expect(await value('payment_exceptions_total', { reason: 'order_cancelled' })).toBe(0);
  });

  it('payments_settled_total counts wallet payments and confirmed transfers, not their repeats', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [a, b] = await createMaterials(t, 2);
    const byWallet = await placeOrder(t, buyer, { [a!.sid]: 2 });
    expect((await payByWallet(t, buyer, byWallet.sid)).code).toBe(0);
    expect((await payByWallet(t, buyer, byWallet.sid)).code).toBe(0);
    expect(await value('payments_settled_total', { pay_way: 'WALLET' })).toBe(1);

    const byTransfer = await placeOrder(t, buyer, { [b!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: byTransfer.sid } }),
      token: buyer.token,
      payload: {},
    });
    const operator = await createTestOperator(t);
    for (const note of ['已核对到账', '重复确认']) {
      const confirmed = await t.call({
        method: 'POST',
        url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: byTransfer.sid } }),
        token: operator.token,
        // The repeat is the same statement line sent again.
        payload: await arrivalOfPrice(t, byTransfer.sid, note, `BK-${byTransfer.sid}`),
      });
      expect(confirmed.code).toBe(0);
    }
    expect(await value('payments_settled_total', { pay_way: 'TRANSFER' })).toBe(1);
  });

  it('payment_exceptions_total counts money for an order that was cancelled meanwhile, by reason', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const started = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.alipay, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.sid, order.sid));
    const paid = await sandboxPay(started.data.link);
    expect(paid.data.outcome).toBe('exception');
    expect(await value('payment_exceptions_total', { reason: 'order_cancelled' })).toBe(1);
    expect(await value('payments_settled_total', { pay_way: 'ALIPAY' })).toBe(0);
  });

  it('search_cache_lookups_total: the first search misses the page and match-set caches, the same search again hits', async () => {
    await createMaterials(t, 2, { keywords: ['监控测试'] });
    const before = {
      pageMiss: await value('search_cache_lookups_total', { cache: 'page', result: 'miss' }),
      pageHit: await value('search_cache_lookups_total', { cache: 'page', result: 'hit' }),
      setMiss: await value('search_cache_lookups_total', { cache: 'match_set', result: 'miss' }),
    };
    const search = () =>
      t.call({
        method: 'GET',
        url: endpointUrl(MATERIAL_API.search, { query: { keyword: '监控测试', sort: '-created' } }),
      });
    expect((await search()).code).toBe(0);
    expect(await value('search_cache_lookups_total', { cache: 'page', result: 'miss' })).toBe(before.pageMiss + 1);
    expect(await value('search_cache_lookups_total', { cache: 'match_set', result: 'miss' })).toBe(before.setMiss + 1);
    expect((await search()).code).toBe(0);
    expect(await value('search_cache_lookups_total', { cache: 'page', result: 'hit' })).toBe(before.pageHit + 1);
    expect(await value('search_cache_lookups_total', { cache: 'page', result: 'miss' })).toBe(before.pageMiss + 1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served: a coded 404', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 1005 });
    } finally {
      await t.close();
    }
  });
});
