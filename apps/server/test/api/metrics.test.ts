import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

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
    await t.app.inject({ method: 'GET', url: '/api/material/AAAAAAAAAAAAAAAA' });
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
