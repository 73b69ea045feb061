import { loadConfig } from '../../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: a stuck computation
  }
}

const nextLoopTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('load shedding while the event loop is overloaded', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ maxEventLoopDelayMs: 40 });
  });
  afterAll(() => t.close());

  it('answers a coded 503 with Retry-After under sustained lag, and liveness still answers', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Ten requests, each arriving after a long busy turn of the loop (a stuck computation).
    const answers = [];
    for (let turn = 0; turn < 10; turn += 1) {
      blockEventLoop(150);
      await nextLoopTurn();
      answers.push(await injectApi(t, COMMON_API.health));
    }
    const shed = answers.filter((a) => a.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(answer.code).toBe(1602);
      expect(answer.message).toBe('服务器繁忙，请稍后再试');
      expect(answer.headers['retry-after']).toBe('5');
    }
    blockEventLoop(150);
    await nextLoopTurn();
    expect((await t.call({ method: 'GET', url: '/healthz' })).status).toBe(200);
  });

  it('serves normally once the loop is free again', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await injectApi(t, COMMON_API.health)).status).toBe(200);
  });
});

describe('the default threshold is generous', () => {
  it('is two seconds of event-loop lag with PostgreSQL, and off with the embedded PGlite', () => {
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data' };
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://127.0.0.1:5432/test' }).maxEventLoopDelayMs).toBe(2000);
    expect(loadConfig(env).maxEventLoopDelayMs).toBe(0);
  });
});
