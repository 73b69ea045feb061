import { z } from 'zod';
import { MAX_DECODE_PIXELS } from './media/limits.js';

// The environment the server reads, checked by loadConfig (config.ts), which turns it into the
// Config the server runs with.

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Environment variables the server reads. docs/operations.md and the README list them. */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Redis for the counters several servers must share (request rate limits); in-process without it. */
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL 须为 redis:// 或 rediss:// 开头的地址')
    .optional(),
  /** Opening a connection (TCP + start-up) gives up after this long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** A statement (server side) and a query's answer (client side) give up after this long. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** The readiness probe's database and storage checks give up after this long. */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Seeds the trace mark of every delivered original (docs/decisions/0049). Unset: derived from
   * JWT_SECRET. Set it before the first sale and never change it: a new secret cannot read the
   * marks of copies delivered before.
   */
  TRACE_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  PUBLIC_URL: z.string().url().optional(),
  SITE_NAME: z.string().min(1).default('宝图'),
  SERVICE_QR_URL: z.string().optional(),
  /** Written customer-service contact shown where no service QR is set (public deployments). */
  SERVICE_PHONE: z.string().max(40).optional(),
  SERVICE_EMAIL: z.string().email().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('宝图 <no-reply@example.com>'),
  SMS_PROVIDER: z.enum(['none', 'aliyun']).default('none'),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_CODE: z.string().optional(),
  DEV_OUTBOX: zBool.optional(),
  /** Demo mode (demo data, sandbox payments, dev outbox); by default on only for a loopback PUBLIC_URL. */
  DEMO_MODE: zBool.optional(),
  SEED_DEMO: zBool.optional(),
  TRUST_PROXY: zBool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human-readable log lines (pino-pretty); JSON otherwise. Defaults to on in development only. */
  LOG_PRETTY: zBool.optional(),
  /** Bearer token for GET /metrics (Prometheus); without it /metrics is not served at all. */
  METRICS_TOKEN: z.string().trim().min(24, 'METRICS_TOKEN 至少 24 个字符').optional(),
  /** How often a server refreshes its row in server_heartbeats; a peer is live within 3 intervals. */
  HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().min(1).max(300).default(10),
  /** On SIGTERM: how long readiness answers 503 before the listener closes (load balancers notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** On SIGTERM: in-flight requests and background work get this long to finish, then the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  /** Requests are shed with 503 + Retry-After while the event loop lags more than this. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  WEB_DIST: z.string().optional(),
  /** A separate mobile site: phones asking for a page are redirected there, same path and query. */
  MOBILE_SITE_URL: z.string().url().optional(),
  /** Baidu Tongji's site id (32 hex digits): its script is added to the buyer pages only when set. */
  BAIDU_TONGJI_SITE_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'BAIDU_TONGJI_SITE_ID must be the 32 hex digits of the hm.js address')
    .optional(),
  // Media uploads and processing (docs/operations.md, docs/decisions/0005-media-pipeline.md).
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  UPLOAD_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(MAX_DECODE_PIXELS).default(100_000_000),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  MEDIA_WORKER: zBool.default(true),
  /**
   * Where buyer searches are answered: `memory`, an index of every material's search columns held
   * by each server (loaded at start, the database answering until then; docs/decisions/0053), or
   * `database`, PostgreSQL (or the embedded database) for every search.
   */
  SEARCH_INDEX: z.enum(['memory', 'database']).default('memory'),
  MEDIA_JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_BASE_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: zBool.default(false),
  // Orders and money (docs/decisions/0006-orders-and-money.md).
  /** VIP price = original × rate; the rate in basis points (100 = 1% = the spec's 0.1折). */
  VIP_DISCOUNT_RATE_BP: z.coerce.number().int().min(0).max(10_000).default(100),
  TRANSFER_ACCOUNT_NAME: z.string().min(1).optional(),
  TRANSFER_ACCOUNT_BANK: z.string().min(1).optional(),
  TRANSFER_ACCOUNT: z.string().min(1).optional(),
  /** Order reward coupon: 1 = fixed cents off, 2 = percent off; amount 0 turns the reward off. */
  ORDER_REWARD_COUPON_TYPE: z.coerce.number().int().min(1).max(2).default(1),
  ORDER_REWARD_COUPON_AMOUNT: z.coerce.number().int().min(0).default(0),
  ORDER_REWARD_COUPON_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The survey's reward coupon, once per company: 1 = cents off, 2 = percent off; amount 0 = none. */
  SURVEY_REWARD_COUPON_TYPE: z.coerce.number().int().min(1).max(2).default(1),
  SURVEY_REWARD_COUPON_AMOUNT: z.coerce.number().int().min(0).default(2000),
  SURVEY_REWARD_COUPON_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Hot keywords and the search log (docs/decisions/0009-account-and-content-protection.md).
  HOT_KEYWORD_MIN_SEARCHERS: z.coerce.number().int().min(1).max(1000).default(3),
  /** At least the 7-day hot-keyword window. */
  SEARCH_LOG_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(30),
  /** Codes asked for from one client address in an hour before each further one needs a proof-of-work answer. */
  CODE_CHALLENGE_AFTER: z.coerce.number().int().min(0).max(10_000).default(10),
  /** The most hashes a browser may need to answer one proof-of-work challenge (half to all of it). */
  CODE_CHALLENGE_WORK: z.coerce.number().int().min(100).max(10_000_000).default(200_000),
  // Electronic invoicing (docs/decisions/0017-budgets-and-coupon-grants.md): manual = the operator uploads the PDF.
  INVOICE_PROVIDER: z.enum(['manual', 'http']).default('manual'),
  INVOICE_PROVIDER_URL: z.string().url().optional(),
  INVOICE_PROVIDER_APP_KEY: z.string().min(1).optional(),
  INVOICE_PROVIDER_SECRET: z.string().min(1).optional(),
  /** Test only (refused in production): pause inside the wallet payment transaction, to kill the server there. */
  WALLET_PAY_TEST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

export type Env = z.infer<typeof ZEnv>;

/** Host names that only reach this machine: a PUBLIC_URL on one of them is the local demo. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Demo mode is the local demo: PUBLIC_URL on a loopback address (or unset outside production),
 * or DEMO_MODE=true set explicitly. DEMO_MODE=false turns it off everywhere.
 */
export function isDemoMode(env: Env): boolean {
  if (env.DEMO_MODE !== undefined) return env.DEMO_MODE;
  if (env.PUBLIC_URL) return isLoopbackUrl(env.PUBLIC_URL);
  return env.NODE_ENV !== 'production';
}

/** Production cannot fall back to the outbox: mail and SMS must be configured (notify/create-sender.ts). */
export function messagingProblems(env: Env, devOutbox: boolean): string[] {
  if (devOutbox) return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('SMTP_URL is required to send verification emails (the dev outbox is off)');
  if (env.SMS_PROVIDER !== 'aliyun')
    problems.push('SMS_PROVIDER=aliyun is required to send verification SMS (the dev outbox is off)');
  return problems;
}

/** The environment with the variables that failed validation removed, so defaults apply to them. */
export function withoutInvalid(
  source: NodeJS.ProcessEnv,
  issues: readonly { path: PropertyKey[] }[],
): NodeJS.ProcessEnv {
  const invalid = new Set(issues.map((i) => String(i.path[0])));
  return Object.fromEntries(Object.entries(source).filter(([name]) => !invalid.has(name)));
}
