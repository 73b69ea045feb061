import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { connectPostgres, migrateDatabase, MIGRATIONS_DIR, openPglite, wrapPglite } from '../../src/db/client.js';
import { DataDirLockedError } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/open.js';
import { buildApp } from '../../src/app.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { TEST_JWT_SECRET } from '../helpers/test-app.js';
import { COMMON_API, endpointUrl } from '@gemstock/contract';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const hasPostgres = await postgresReachable();

function configFor(env: Record<string, string>): Config {
  return loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data', ...env },
    { jwtSecret: TEST_JWT_SECRET },
  );
}

/** A TCP server that accepts connections and never says a word: a stalled database. */
async function silentServer(): Promise<{ server: Server; url: string; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, sockets, url: `postgres://gemstock:pw@127.0.0.1:${port}/gemstock` };
}

async function closeSilent(silent: { server: Server; sockets: Set<Socket> }) {
  for (const socket of silent.sockets) socket.destroy();
  await new Promise((resolve) => silent.server.close(resolve));
}

/** The pid of a process that has exited (a stale lock's owner). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the embedded database is one process per DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to open a DATA_DIR another live process holds, naming the process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dataDir, 'server.lock'), `${other.pid}\n`);
      const config = configFor({ DATA_DIR: dataDir });
      const opening = openDatabase(config);
      await expect(opening).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(opening).rejects.toThrow(`DATA_DIR ${dataDir} 正被进程 ${other.pid} 使用`);
      // Refused before the database was touched: no PGlite directory was created.
      expect(() => readFileSync(join(dataDir, 'pglite', 'PG_VERSION'))).toThrow();
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that died, and gives it back on close', async () => {
    writeFileSync(join(dataDir, 'server.lock'), `${await deadPid()}\n`);
    const database = await openDatabase(configFor({ DATA_DIR: dataDir }));
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
    expect(() => readFileSync(join(dataDir, 'server.lock'))).toThrow();
  }, 60_000);
});

describe('a database that cannot be used stops the start with its own reason', () => {
  it('times out a database that accepts the connection but never answers', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      await expect(
        openDatabase(configFor({ DATABASE_URL: silent.url, DATABASE_CONNECT_TIMEOUT_MS: '500' })),
      ).rejects.toThrow(/cannot connect to postgres:\/\/gemstock:\*\*\*@127\.0\.0\.1:\d+\/gemstock: .*timeout/i);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await closeSilent(silent);
    }
  });

  it('shows the refused connection', async () => {
    await expect(openDatabase(configFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' }))).rejects.toThrow(
      /cannot connect .*ECONNREFUSED/,
    );
  });

  it.skipIf(!hasPostgres)("shows PostgreSQL's own message for a database that does not exist", async () => {
    const url = new URL(PG_URL);
    url.pathname = '/gemstock_no_such_database';
    await expect(openDatabase(configFor({ DATABASE_URL: url.toString() }))).rejects.toThrow(
      /database "gemstock_no_such_database" does not exist/,
    );
  });

  it("shows the database's message when a migration fails", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gemstock-bad-migrations-'));
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: 1, tag: '0000_bad', breakpoints: true }],
      }),
    );
    writeFileSync(join(folder, '0000_bad.sql'), 'CREATE TABLE broken (id integer PRIMARY KEY,);');
    const database = wrapPglite(await openPglite());
    try {
      await expect(migrateDatabase(database, folder)).rejects.toThrow(/migration failed: syntax error at or near "\)"/);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe.skipIf(!hasPostgres)('servers started together on an empty PostgreSQL', () => {
  const name = `gemstock_race_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let url: string;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const parsed = new URL(PG_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('all migrate and start: migrations run one server at a time', async () => {
    const databases = [1, 2, 3].map(() => connectPostgres(url, 2));
    try {
      const results = await Promise.allSettled(databases.map((d) => migrateDatabase(d)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const counted = await databases[0]!.postgres!.pool.query(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(counted.rows[0].n).toBe(journal.entries.length);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  }, 60_000);
});

describe.skipIf(!hasPostgres)('every pooled PostgreSQL connection', () => {
  it('plans each execution for its values from its first query, without a second query racing it', async () => {
    const database = connectPostgres(PG_URL, 3);
    try {
      // Three connections opened at once: each answers its first statement already set up.
      const modes = await Promise.all(
        [1, 2, 3].map(() => database.postgres!.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')),
      );
      expect(modes.map((r) => r.rows[0]!.plan_cache_mode)).toEqual([
        'force_custom_plan',
        'force_custom_plan',
        'force_custom_plan',
      ]);
      expect(database.postgres!.pool.totalCount).toBe(3);
    } finally {
      await database.close();
    }
  });
});

describe('a stalled database answers a coded 503 within seconds', () => {
  it('for requests and for readiness', async () => {
    const silent = await silentServer();
    const stalled = connectPostgres(silent.url, 2, { connectTimeoutMs: 800, statementTimeoutMs: 800 });
    const mediaDir = mkdtempSync(join(tmpdir(), 'gemstock-media-'));
    const app = await buildApp({
      config: { ...configFor({ READINESS_TIMEOUT_MS: '500' }), webDist: '/nonexistent' },
      db: stalled.db,
      messages: new DevOutboxSender(stalled.db),
      storage: new LocalDiskStorage(mediaDir),
      logger: false,
    });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: endpointUrl(COMMON_API.keywords) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 1600, message: '数据库暂时无法访问，请稍后再试' });
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(3000);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 1601, data: { checks: { database: { ok: false } } } });
    } finally {
      await app.close();
      rmSync(mediaDir, { recursive: true, force: true });
      await stalled.close().catch(() => undefined);
      await closeSilent(silent);
    }
  }, 30_000);
});
