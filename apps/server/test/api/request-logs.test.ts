import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { TEST_JWT_SECRET } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-db.js';
import { COMMON_API, ErrorCode, MATERIAL_API, endpointUrl } from '@gemstock/contract';
import { AppError } from '../../src/lib/app-error.js';

// Paths no route answers: the 404 and the redaction of a query the server never parsed.
// eslint-disable-next-line endpoints/no-api-path -- deliberately not an endpoint
const NO_SUCH_CALL = '/api/no-such-call';
// eslint-disable-next-line endpoints/no-api-path -- deliberately not an endpoint
const NO_SUCH_DOWNLOAD = '/api/no-such-download';
// eslint-disable-next-line endpoints/no-api-path -- deliberately not an endpoint: a route that fails
const FAILING_CALL = '/api/test-failing-call';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and what the logs may hold', () => {
  let app: FastifyInstance;
  let database: Database;
  let mediaDir: string;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(join(tmpdir(), 'gemstock-media-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/tmp/gemstock-test-data' },
      { jwtSecret: TEST_JWT_SECRET, webDist: '/nonexistent' },
    );
    app = await buildApp({
      config,
      db: database.db,
      messages: new DevOutboxSender(database.db),
      storage: new LocalDiskStorage(mediaDir),
      logStream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    });
    app.get(FAILING_CALL, () => {
      throw new AppError(ErrorCode.MESSAGE_SEND_FAILED, undefined, undefined, {
        cause: new Error('smtp: connection refused'),
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('makes a random id when none is given and returns it in the header and the error body', async () => {
    const res = await app.inject({ method: 'GET', url: NO_SUCH_CALL });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(res.json()).toMatchObject({ code: 1005, requestId: id });
    const other = await app.inject({ method: 'GET', url: NO_SUCH_CALL });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps a valid X-Request-Id from the caller and replaces an invalid one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    for (const bad of ['two words', 'x'.repeat(200), '<script>', '"quoted"']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('puts the request id on every log line of the request', async () => {
    await app.inject({ method: 'GET', url: endpointUrl(COMMON_API.health), headers: { 'x-request-id': 'trace-me-1' } });
    const mine = lines.filter((l) => l.requestId === 'trace-me-1');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('a route that sends its own answer (the cached search page) logs one answer and no warning', async () => {
    for (const id of ['trace-me-3', 'trace-me-4']) {
      const res = await app.inject({
        method: 'GET',
        url: endpointUrl(MATERIAL_API.search, { query: { page: '1', page_size: '5' } }),
        headers: { 'x-request-id': id },
      });
      expect(res.statusCode).toBe(200);
      expect(lines.filter((l) => l.requestId === id).map((l) => l.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    }
  });

  it('logs request URLs without signatures, tokens or codes', async () => {
    await app.inject({
      method: 'GET',
      url: `${NO_SUCH_DOWNLOAD}?sid=abc&exp=1790000000&sig=SECRETSIG&token=SECRETTOKEN&code=123456`,
      headers: { 'x-request-id': 'trace-me-2', authorization: 'Bearer SECRETBEARER' },
    });
    const incoming = lines.find((l) => l.requestId === 'trace-me-2' && l.msg === 'incoming request') as {
      req: { url: string };
    };
    expect(incoming.req.url).toBe(
      `${NO_SUCH_DOWNLOAD}?sid=abc&exp=1790000000&sig=[REDACTED]&token=[REDACTED]&code=[REDACTED]`,
    );
    const text = raw.join('');
    for (const secret of ['SECRETSIG', 'SECRETTOKEN', 'SECRETBEARER']) expect(text).not.toContain(secret);
    // A code is digits: the log's own numbers (a response time of 0.1448310000123456 ms) may
    // hold the same digits by chance, so the code is looked for in what was logged of the
    // request, not in its timings.
    const logged = lines
      .filter((l) => l.requestId === 'trace-me-2')
      .map(({ time: _time, responseTime: _responseTime, pid: _pid, ...rest }) => JSON.stringify(rest))
      .join('');
    expect(logged).toContain('"statusCode":404');
    expect(logged).not.toContain('123456');
  });

  it('redacts passwords, tokens, codes and personal fields logged as data', () => {
    app.log.info(
      {
        user: { email: 'a@example.com', mobile: '13800138000', name: '王' },
        token: 'tkn',
        body: { password: 'pw', code: '654321' },
      },
      'data line',
    );
    const line = lines.find((l) => l.msg === 'data line')!;
    expect(line).toMatchObject({
      user: { email: '[REDACTED]', mobile: '[REDACTED]', name: '王' },
      token: '[REDACTED]',
      body: { password: '[REDACTED]', code: '[REDACTED]' },
    });
  });

  it('logs a server error with its catalogue code and its cause (a code is redacted only as data)', async () => {
    const res = await app.inject({ method: 'GET', url: FAILING_CALL });
    expect(res.statusCode).toBe(ErrorCode.MESSAGE_SEND_FAILED.http);
    const line = lines.find((l) => l.requestId === res.headers['x-request-id'] && l.level === 50);
    expect(line).toMatchObject({
      errorCode: ErrorCode.MESSAGE_SEND_FAILED.code,
      err: { message: 'smtp: connection refused' },
    });
  });

  it('logs a failed query with its SQL and the database error, never its parameters', async () => {
    const error = await database.db.execute(sql`select ${'p4ssw0rd-param'}::int`).catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain('p4ssw0rd-param');
    app.log.error({ err: error }, 'query failed');
    const line = JSON.stringify(lines.find((l) => l.msg === 'query failed'));
    expect(line).toContain('select $1::int');
    expect(line).toContain('invalid input syntax');
    expect(line).not.toContain('p4ssw0rd-param');
  });
});
