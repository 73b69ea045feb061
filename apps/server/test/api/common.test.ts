import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('common endpoints and API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers the success envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ status: 'ok' });
  });

  it('GET /api/common/service returns the customer-service QR url', async () => {
    const res = await t.call<{ service: string }>({ method: 'GET', url: '/api/common/service' });
    expect(res.code).toBe(0);
    expect(res.data.service).toMatch(/qr/);
  });

  it('serves the default service QR as SVG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/service/qr.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });

  it('unknown /api paths get the envelope with 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.status).toBe(404);
    expect(res.code).toBe(1005);
    expect(res.message).toBe('接口不存在');
  });

  it('keyword lists are empty arrays on an empty database', async () => {
    const hot = await t.call<{ keywords: string[] }>({ method: 'GET', url: '/api/index/keywords' });
    const curated = await t.call<{ keywords: string[] }>({ method: 'GET', url: '/api/common/keywords' });
    expect(hot.data.keywords).toEqual([]);
    expect(curated.data.keywords).toEqual([]);
  });
});
