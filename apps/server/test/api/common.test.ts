import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API, SERVICE_QR_PATHS, pathUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

describe('common endpoints and API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers the success envelope', async () => {
    const res = await injectApi(t, COMMON_API.health);
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    // An app that was not started as a server (tests) holds no search index.
    expect(res.data).toEqual({ status: 'ok', searchIndex: { state: 'off', materials: 0 } });
  });

  it('GET /api/common/service returns the customer-service QR url', async () => {
    const res = await injectApi(t, COMMON_API.service);
    expect(res.code).toBe(0);
    expect(res.data.service).toMatch(/qr/);
  });

  it('serves the default service QR as SVG', async () => {
    const res = await t.app.inject({ method: 'GET', url: pathUrl(SERVICE_QR_PATHS.demoQr, {}) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });

  it('unknown /api paths get the envelope with 404', async () => {
    // eslint-disable-next-line endpoints/no-api-path -- deliberately no such endpoint
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.status).toBe(404);
    expect(res.code).toBe(1005);
    expect(res.message).toBe('接口不存在');
  });

  it('keyword lists are empty arrays on an empty database', async () => {
    const hot = await injectApi(t, COMMON_API.hotKeywords);
    const curated = await injectApi(t, COMMON_API.keywords);
    expect(hot.data.keywords).toEqual([]);
    expect(curated.data.keywords).toEqual([]);
  });
});
