import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { sameBytes } from '../lib/constant-time.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countPendingMediaJobs } from '../modules/catalog/index.js';
import { sendError } from '../plugins/envelope.js';
import type { AppMetrics, SearchCacheName } from './app-metrics.js';

export const METRICS_PATH = '/metrics';

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return sameBytes(digest(sent), digest(expected));
}

/** Label values known in advance, exported at 0 from the start so rates and alerts have a series. */
const PAY_WAYS = ['WECHAT', 'ALIPAY', 'WALLET', 'TRANSFER', 'FREE'] as const;
const EXCEPTION_REASONS = ['order_cancelled', 'paid_twice', 'price_changed', 'coupon_unclaimed', 'amount_mismatch'];
const SEARCH_CACHES: readonly SearchCacheName[] = ['page', 'match_set', 'window'];

export interface PrometheusMetrics {
  registry: Registry;
  /** What AppDeps hands the modules: increments of this registry's counters. */
  metrics: AppMetrics;
}

/**
 * The registry of one application (several apps in one process, as in tests, never share
 * counters) with Node's default metrics and the counters the modules move through AppMetrics.
 */
export function createPrometheusMetrics(): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const settled = new Counter({
    name: 'payments_settled_total',
    help: 'Orders paid (settled once; repeated notifications not counted), by pay way.',
    labelNames: ['pay_way'] as const,
    registers: [registry],
  });
  const exceptions = new Counter({
    name: 'payment_exceptions_total',
    help: "Deliveries of payments that could not settle their order (rows of the operators' exception list), by reason.",
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'search_cache_lookups_total',
    help: 'Search cache lookups by cache (page, match_set, window) and result (hit: from memory, miss: database).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  for (const payWay of PAY_WAYS) settled.inc({ pay_way: payWay }, 0);
  for (const reason of EXCEPTION_REASONS) exceptions.inc({ reason }, 0);
  for (const cache of SEARCH_CACHES) {
    lookups.inc({ cache, result: 'hit' }, 0);
    lookups.inc({ cache, result: 'miss' }, 0);
  }
  return {
    registry,
    metrics: {
      paymentSettled: (payWay) => settled.inc({ pay_way: payWay }),
      paymentException: (reason) => exceptions.inc({ reason }),
      searchCacheLookup: (cache, hit) => lookups.inc({ cache, result: hit ? 'hit' : 'miss' }),
    },
  };
}

/**
 * Prometheus metrics of this process (docs/operations.md § Metrics): request durations by route
 * template and status, the database pool, media jobs, payments, search caches, and Node's own
 * (event-loop lag, heap, GC). Each server is scraped on its own; Prometheus adds them up. Served
 * only when METRICS_TOKEN is set (buildApp then passes the registry), and only to a caller that
 * sends it as a bearer token.
 */
async function metrics(app: FastifyInstance, options: { registry: Registry | null }) {
  const token = app.deps.config.metricsToken;
  const { registry } = options;
  if (!token || !registry) return;

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the response being sent, by route template and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = app.deps.state.database?.postgres?.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'media_jobs_pending',
    help: 'Media jobs (renditions) waiting or running, by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await countPendingMediaJobs(app.deps.db);
      this.set({ status: 'queued' }, counts.queued);
      this.set({ status: 'running' }, counts.running);
    },
  });
  new Gauge({
    name: 'service_draining',
    help: '1 while the process drains for a shutdown, else 0.',
    registers: [registry],
    collect() {
      this.set(app.deps.state.draining ? 1 : 0);
    },
  });
  new Gauge({
    name: 'service_cluster_problem',
    help: '1 while this server keeps media on local disk next to other servers on its database (readiness 1604), else 0.',
    registers: [registry],
    collect() {
      this.set(app.deps.state.clusterProblem ? 1 : 0);
    },
  });

  // The route template (/api/order/:sid), never the raw URL: the label set stays bounded.
  // Unmatched paths (404s, the web app's pages) share one label.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(METRICS_PATH, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sent || !sameToken(sent, token)) {
      return sendError(reply, ErrorCode.METRICS_TOKEN_REQUIRED, ErrorCode.METRICS_TOKEN_REQUIRED.message);
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

/** Not encapsulated: the timing hook must see every route of the application. */
export const metricsRoutes = fp(metrics, { name: 'metrics' });
