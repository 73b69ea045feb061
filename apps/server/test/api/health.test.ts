import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

interface ReadyData {
  status: string;
  checks: Record<string, { ok: boolean; reason?: string }>;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'gemstock-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>宝图</title>');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('/healthz says the process answers', async () => {
    const res = await t.call<{ status: string }>({ method: 'GET', url: '/healthz' });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('ok');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz checks the database, the migrations and storage', async () => {
    const res = await t.call<ReadyData>({ method: 'GET', url: '/readyz' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        storage: { ok: true },
        draining: { ok: true },
        cluster: { ok: true },
      },
    });
  });

  it('/readyz answers a coded 503 while draining and names why', async () => {
    t.app.deps.state.draining = true;
    try {
      const res = await t.call<ReadyData>({ method: 'GET', url: '/readyz' });
      expect(res.status).toBe(503);
      expect(res.code).toBe(1601);
      expect(res.data.status).toBe('not_ready');
      expect(res.data.checks.draining).toEqual({ ok: false, reason: 'shutting down' });
    } finally {
      t.app.deps.state.draining = false;
    }
  });

  it('/readyz answers 503 when the database lost its migrations', async () => {
    await t.database.db.execute('ALTER TABLE drizzle.__drizzle_migrations RENAME TO __moved' as never);
    try {
      const res = await t.call<ReadyData>({ method: 'GET', url: '/readyz' });
      expect(res.status).toBe(503);
      expect(res.data.checks.database?.ok).toBe(false);
    } finally {
      await t.database.db.execute('ALTER TABLE drizzle.__moved RENAME TO __drizzle_migrations' as never);
    }
  });

  it('keeps /api/health for the benches', async () => {
    const res = await injectApi(t, COMMON_API.health);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('ok');
  });
});

describe('unknown non-page paths are a coded 404, never the web app', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'gemstock-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>宝图</title>');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  // eslint-disable-next-line endpoints/no-api-path -- deliberately no such endpoint
  it.each(['/api/no-such-call', '/api', '/metrics', '/sandbox/nothing', '/media/public/none.webp', '/favicon-x.png'])(
    '%s',
    async (url) => {
      const res = await t.call({ method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.raw).not.toContain('<!doctype html>');
    },
  );

  it('while a client-side route still gets the web app', async () => {
    const res = await t.call({ method: 'GET', url: '/detail/abc' });
    expect(res.status).toBe(200);
    expect(res.raw).toContain('<!doctype html>');
  });
});
