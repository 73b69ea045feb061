import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import type { VideoProcessor } from '../../src/media/video-processor.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import type { MessageSender } from '../../src/notify/message-sender.js';
import type { PaymentGateways } from '../../src/payment-gateways/create-gateways.js';
import { createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Sends a request and returns status plus the parsed envelope. */
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<ApiResult<T>>;
  close(): Promise<void>;
}

export interface ApiResult<T> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

export interface TestAppOptions {
  /** Replaces the dev outbox, e.g. to exercise a failing or a real provider. */
  messages?: (db: Db, config: Config) => MessageSender;
  /** Replaces the gateways the configuration names (the sandbox by default), e.g. with fakes. */
  payments?: (config: Config) => PaymentGateways;
  /** Sees every route as it is registered (the OpenAPI test compares them with the document). */
  onRoute?: (route: RouteOptions) => void;
  /** Replaces ffmpeg, e.g. with a fake that counts the reframes it is asked for. */
  video?: VideoProcessor;
}

/**
 * A server error in a test is printed with its stack (stderr, one JSON line), so a failure that
 * shows only as code 1500 in an assertion — above all one that happens once in many runs — leaves
 * its cause in the CI log. TEST_LOG_LEVEL=silent quiets it; =info shows every request.
 */
const TEST_LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'error';
const TEST_LOG_STREAM = { write: (line: string) => void process.stderr.write(line) };

export async function buildTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: TEST_LOG_LEVEL, DATA_DIR: '/tmp/gemstock-test-data' },
    // Load shedding is off unless a test turns it on: a PGlite clone loading on a busy machine can
    // hold the event loop longer than the production threshold and would shed the test's requests.
    { jwtSecret: TEST_JWT_SECRET, webDist: '/nonexistent', maxEventLoopDelayMs: 0, ...overrides },
  );
  const mediaDir = mkdtempSync(join(tmpdir(), 'gemstock-media-'));
  const storage = new LocalDiskStorage(mediaDir);
  const app = await buildApp({
    config,
    db: database.db,
    messages: options.messages?.(database.db, config) ?? new DevOutboxSender(database.db),
    storage,
    ...(options.payments ? { payments: options.payments(config) } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.video ? { video: options.video } : {}),
    logStream: TEST_LOG_STREAM,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    call: callOf(app),
    async close() {
      await app.close();
      await database.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server of the same shop: a second app on `t`'s database and storage, with its own
 * process state (caches, signals). Closing it leaves `t` running, as a restart of one server would.
 */
export async function buildPeerApp(t: TestApp, options: Pick<TestAppOptions, 'video'> = {}): Promise<TestApp> {
  const app = await buildApp({
    config: t.config,
    db: t.database.db,
    messages: new DevOutboxSender(t.database.db),
    storage: t.app.deps.storage,
    ...(options.video ? { video: options.video } : {}),
    logStream: TEST_LOG_STREAM,
  });
  await app.ready();
  return { app, database: t.database, config: t.config, call: callOf(app), close: () => app.close() };
}

function callOf(app: FastifyInstance): TestApp['call'] {
  return async function call<T>(options: InjectOptions & { token?: string }) {
    const { token, ...rest } = options;
    const headers = { ...(rest.headers ?? {}) } as Record<string, string>;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.inject({ ...rest, headers });
    let body: { code?: number; message?: string; data?: T } = {};
    try {
      body = res.json();
    } catch {
      // Non-JSON bodies (files, pages) are read through `raw`.
    }
    return {
      status: res.statusCode,
      code: body.code ?? -1,
      message: body.message ?? '',
      data: body.data as T,
      headers: res.headers,
      raw: res.body,
    };
  };
}
