import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { databaseCause, MIGRATIONS_DIR } from '../db/client.js';

export type CheckResult = { ok: true } | { ok: false; reason: string };

export interface Readiness {
  ready: boolean;
  checks: Record<'database' | 'migrations' | 'storage' | 'draining' | 'cluster', CheckResult>;
}

/** How many migrations this build ships; the database must have applied at least these. */
function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const SHIPPED_MIGRATIONS = shippedMigrationCount();

/** node-postgres answers { rows }; PGlite the same shape. */
function firstRow(result: unknown): { applied?: unknown } | undefined {
  return (result as { rows?: { applied?: unknown }[] }).rows?.[0];
}

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database's own words (connection refused, authentication failed…), not the query wrapper's. */
function failure(error: unknown): CheckResult {
  if (error instanceof CheckTimeout) return { ok: false, reason: error.message };
  return { ok: false, reason: databaseCause(error) };
}

/**
 * Whether this server should get traffic: the database answers (within READINESS_TIMEOUT_MS)
 * and has every migration of this build, storage answers, the server is not draining, and its
 * media are not on local disk while other servers run on the same database (the heartbeat's
 * verdict, ops/cluster.ts).
 */
export async function checkReadiness(deps: AppDeps): Promise<Readiness> {
  const timeoutMs = deps.config.readinessTimeoutMs;
  const [database, storage] = await Promise.all([
    withTimeout(
      deps.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
      timeoutMs,
    ).then(
      (result: unknown) => ({ ok: true as const, applied: Number(firstRow(result)?.applied ?? 0) }),
      (error: unknown) => ({ ...failure(error), applied: 0 }),
    ),
    withTimeout(deps.storage.stat('private/readiness-probe'), timeoutMs).then(
      (): CheckResult => ({ ok: true }),
      failure,
    ),
  ]);
  const migrations: CheckResult = !database.ok
    ? { ok: false, reason: 'database unavailable' }
    : database.applied >= SHIPPED_MIGRATIONS
      ? { ok: true }
      : { ok: false, reason: `${database.applied} of ${SHIPPED_MIGRATIONS} migrations applied` };
  const checks: Readiness['checks'] = {
    database: database.ok ? { ok: true } : { ok: false, reason: database.reason },
    migrations,
    storage,
    draining: deps.state.draining ? { ok: false, reason: 'shutting down' } : { ok: true },
    cluster: deps.state.clusterProblem ? { ok: false, reason: deps.state.clusterProblem } : { ok: true },
  };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
