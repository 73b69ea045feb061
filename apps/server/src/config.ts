import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MAX_DECODE_PIXELS } from './media/limits.js';
import {
  loadPaymentConfig,
  PaymentConfigError,
  type PaymentConfig,
} from './modules/payment/gateways/payment-config.js';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Environment variables the server reads. docs/operations.md and the README list them. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Opening a connection (TCP + start-up) gives up after this long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** A statement (server side) and a query's answer (client side) give up after this long. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** The readiness probe's database and storage checks give up after this long. */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  JWT_SECRET: z.string().min(32).optional(),
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

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  database: { connectTimeoutMs: number; statementTimeoutMs: number };
  readinessTimeoutMs: number;
  /** How often this server's heartbeat row is refreshed (src/ops/cluster.ts). */
  heartbeatIntervalMs: number;
  /**
   * The local demo: demo data and accounts, the sandbox gateway and the dev outbox are allowed.
   * On for a loopback PUBLIC_URL (or none, outside production) or DEMO_MODE=true.
   */
  demoMode: boolean;
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  publicUrl: string;
  siteName: string;
  /** A customer-service QR image URL from the environment; the console's upload takes precedence. */
  serviceQrUrl: string | null;
  servicePhone: string | null;
  serviceEmail: string | null;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sms: {
    provider: Env['SMS_PROVIDER'];
    accessKeyId?: string | undefined;
    accessKeySecret?: string | undefined;
    signName?: string | undefined;
    templateCode?: string | undefined;
  };
  devOutbox: boolean;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  logPretty: boolean;
  shutdown: { drainMs: number; timeoutMs: number };
  /** The token /metrics asks for, or undefined when metrics are not served. */
  metricsToken: string | undefined;
  maxEventLoopDelayMs: number;
  webDist: string | undefined;
  /** Where phones are sent for pages (spec §2), or undefined when this site is the mobile site. */
  mobileSiteUrl: string | undefined;
  upload: UploadLimits;
  /** Explicit ffmpeg / ffprobe binaries; otherwise they are looked up on PATH. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  mediaWorker: { enabled: boolean; maxAttempts: number };
  storage: StorageConfig;
  money: MoneyConfig;
  /** Gateways, sandbox and unpaid-order timing (modules/payment/gateways/payment-config.ts). */
  payments: PaymentConfig;
  /** Which searched terms become 热门搜索, and how long the search log is kept. */
  hotKeywords: { minSearchers: number; logRetentionDays: number };
  /** Who issues VAT invoices: the operators by hand (default) or an e-invoicing provider. */
  invoicing: InvoicingConfig;
  /** Codes per client address per hour before each further one needs a proof-of-work answer. */
  codeChallengeAfter: number;
  /** The largest counter a challenge may need (the browser's work, on average half of it). */
  codeChallengeWork: number;
}

export type InvoicingConfig =
  { provider: 'manual' } | { provider: 'http'; url: string; appKey: string; secret: string };

/** INVOICE_PROVIDER=http needs its address, app key and secret; a half-configured provider is refused. */
function invoicingConfig(env: Env, isProduction: boolean): InvoicingConfig {
  if (env.INVOICE_PROVIDER === 'manual') return { provider: 'manual' };
  const missing = (['INVOICE_PROVIDER_URL', 'INVOICE_PROVIDER_APP_KEY', 'INVOICE_PROVIDER_SECRET'] as const).filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `INVOICE_PROVIDER=http needs ${missing.join(', ')} (电子发票服务商配置不完整；不用服务商时设 INVOICE_PROVIDER=manual)`,
    );
  }
  if (env.INVOICE_PROVIDER_SECRET!.length < 16) {
    throw new ConfigError('INVOICE_PROVIDER_SECRET must be at least 16 characters');
  }
  if (isProduction && !env.INVOICE_PROVIDER_URL!.startsWith('https://')) {
    throw new ConfigError('INVOICE_PROVIDER_URL must be an https:// address in production');
  }
  return {
    provider: 'http',
    url: env.INVOICE_PROVIDER_URL!.replace(/\/$/, ''),
    appKey: env.INVOICE_PROVIDER_APP_KEY!,
    secret: env.INVOICE_PROVIDER_SECRET!,
  };
}

export interface MoneyConfig {
  /** VIP price = original × rate / 10 000 (basis points). */
  vipRateBp: number;
  /** Payee shown in the bank-transfer drawer. `isDemo` when the defaults are in use. */
  transfer: { name: string; bank: string; account: string; isDemo: boolean };
  /** The order coupon given on payment, or null when off. */
  orderReward: { type: 1 | 2; amount: number; validDays: number; orderTypes: readonly string[] } | null;
  /** The coupon the satisfaction survey gives once per company, or null when off. */
  surveyReward: { type: 1 | 2; amount: number; validDays: number; orderTypes: readonly string[] } | null;
  /** Test-only pause inside the wallet payment transaction (0 = none). */
  walletPayTestDelayMs: number;
}

export interface UploadLimits {
  /** Cap for any upload (videos); images have their own, smaller cap. */
  maxBytes: number;
  imageMaxBytes: number;
  /** Width × height above which an image is refused from its header, before decoding. */
  maxPixels: number;
}

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch public objects (a CDN or the bucket's public address). */
  publicBaseUrl: string | undefined;
  forcePathStyle: boolean;
}

export type StorageConfig = { driver: 'local' } | { driver: 's3'; s3: S3Config };

/** The configuration cannot be used; `problems` lists every reason at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(
      list.length === 1
        ? list[0]!
        : `配置有 ${list.length} 处问题 / ${list.length} configuration problems:\n${list.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = list;
  }
}

function storageConfig(env: Env): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !env[name],
  );
  if (missing.length > 0) throw new ConfigError(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  return {
    driver: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT!,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      publicBaseUrl: env.S3_PUBLIC_BASE_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
  };
}

function moneyConfig(env: Env, isProduction: boolean): MoneyConfig {
  if (isProduction && env.WALLET_PAY_TEST_DELAY_MS > 0)
    throw new ConfigError('WALLET_PAY_TEST_DELAY_MS is for tests only and cannot be set in production');
  const isDemo = !env.TRANSFER_ACCOUNT_NAME || !env.TRANSFER_ACCOUNT_BANK || !env.TRANSFER_ACCOUNT;
  return {
    vipRateBp: env.VIP_DISCOUNT_RATE_BP,
    transfer: isDemo
      ? // Demo payee: clearly fictional so nobody transfers real money to it.
        {
          name: '宝图示例科技有限公司（演示账户）',
          bank: '示例银行上海分行（演示）',
          account: '6222 0000 0000 0000 000',
          isDemo: true,
        }
      : {
          name: env.TRANSFER_ACCOUNT_NAME!,
          bank: env.TRANSFER_ACCOUNT_BANK!,
          account: env.TRANSFER_ACCOUNT!,
          isDemo: false,
        },
    orderReward:
      env.ORDER_REWARD_COUPON_AMOUNT > 0
        ? {
            type: env.ORDER_REWARD_COUPON_TYPE === 1 ? 1 : 2,
            amount: env.ORDER_REWARD_COUPON_AMOUNT,
            validDays: env.ORDER_REWARD_COUPON_DAYS,
            orderTypes: ['material', 'custom', 'dashboard'],
          }
        : null,
    surveyReward:
      env.SURVEY_REWARD_COUPON_AMOUNT > 0
        ? {
            type: env.SURVEY_REWARD_COUPON_TYPE === 1 ? 1 : 2,
            amount: env.SURVEY_REWARD_COUPON_AMOUNT,
            validDays: env.SURVEY_REWARD_COUPON_DAYS,
            orderTypes: [],
          }
        : null,
    walletPayTestDelayMs: env.WALLET_PAY_TEST_DELAY_MS,
  };
}

/**
 * In production the JWT secret must come from the environment so that every API server
 * accepts the same tokens. On the embedded default a random secret is kept under DATA_DIR so
 * tokens survive restarts.
 */
function loadJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (env.NODE_ENV === 'production')
    throw new ConfigError('JWT_SECRET (at least 32 characters) is required in production');
  const file = join(dataDir, 'jwt-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return new TextEncoder().encode(secret);
}

function paymentConfig(
  source: NodeJS.ProcessEnv,
  publicUrl: string,
  isProduction: boolean,
  demoMode: boolean,
): PaymentConfig {
  try {
    const payments = loadPaymentConfig(source, { publicUrl, isProduction });
    // Sandbox payments settle orders for free: only in the local demo, whatever PAYMENT_SANDBOX says.
    if (payments.sandboxEnabled && !demoMode) {
      if (source.PAYMENT_SANDBOX !== undefined)
        throw new ConfigError('PAYMENT_SANDBOX=true settles orders for free: only in demo mode (DEMO_MODE=true)');
      return { ...payments, sandboxEnabled: false };
    }
    return payments;
  } catch (error) {
    if (error instanceof PaymentConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

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
function isDemoMode(env: Env): boolean {
  if (env.DEMO_MODE !== undefined) return env.DEMO_MODE;
  if (env.PUBLIC_URL) return isLoopbackUrl(env.PUBLIC_URL);
  return env.NODE_ENV !== 'production';
}

/** Production cannot fall back to the outbox: mail and SMS must be configured (notify/create-sender.ts). */
function messagingProblems(env: Env, devOutbox: boolean): string[] {
  if (devOutbox) return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('SMTP_URL is required to send verification emails (the dev outbox is off)');
  if (env.SMS_PROVIDER !== 'aliyun')
    problems.push('SMS_PROVIDER=aliyun is required to send verification SMS (the dev outbox is off)');
  return problems;
}

/** Runs one part of the configuration, keeping its problem instead of stopping at it. */
function collect<T>(problems: string[], read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...(error.problems.length > 0 ? error.problems : [error.message]));
    return undefined;
  }
}

/**
 * Reads and checks the whole environment at once: every problem (invalid values, variables
 * production needs, half-configured services) is listed in one ConfigError.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  options: { requireMessaging?: boolean } = {},
): Config {
  const parsed = ZEnv.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    // The rest is checked on the defaults, so that the other problems are listed too.
  }
  const env = parsed.success ? parsed.data : ZEnv.parse(withoutInvalid(source, parsed.error.issues));
  const dataDir = resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.PUBLIC_URL && !overrides.publicUrl)
    problems.push('PUBLIC_URL is required in production (links, e-mails and payment callbacks point at it)');
  const demoMode = isDemoMode(env);
  if (env.SEED_DEMO === true && !demoMode)
    problems.push('SEED_DEMO=true creates demo accounts with a known password: only in demo mode (DEMO_MODE=true)');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // The outbox reveals verification codes: never in production, and only in demo mode.
  const devOutbox = !isProduction && demoMode ? (env.DEV_OUTBOX ?? true) : false;
  if (env.DEV_OUTBOX === true && !devOutbox)
    problems.push('DEV_OUTBOX=true reveals verification codes: only in demo mode outside production');
  const jwtSecret = overrides.jwtSecret ?? collect(problems, () => loadJwtSecret(env, dataDir));
  const storage = collect(problems, () => storageConfig(env));
  const money = collect(problems, () => moneyConfig(env, isProduction));
  const payments = collect(problems, () => paymentConfig(source, publicUrl, isProduction, demoMode));
  const invoicing = collect(problems, () => invoicingConfig(env, isProduction));
  if (options.requireMessaging) problems.push(...messagingProblems(env, overrides.devOutbox ?? devOutbox));
  if (problems.length > 0) throw new ConfigError(problems);

  const config: Config = {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    database: {
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    heartbeatIntervalMs: Math.round(env.HEARTBEAT_INTERVAL_SECONDS * 1000),
    demoMode,
    jwtSecret: jwtSecret!,
    jwtTtlSeconds: env.JWT_TTL_HOURS * 3600,
    publicUrl,
    siteName: env.SITE_NAME,
    serviceQrUrl: env.SERVICE_QR_URL ?? null,
    servicePhone: env.SERVICE_PHONE ?? null,
    serviceEmail: env.SERVICE_EMAIL ?? null,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    sms: {
      provider: env.SMS_PROVIDER,
      accessKeyId: env.SMS_ACCESS_KEY_ID,
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET,
      signName: env.SMS_SIGN_NAME,
      templateCode: env.SMS_TEMPLATE_CODE,
    },
    devOutbox,
    // Demo accounts have a published password: they exist only in the local demo.
    seedDemo: demoMode && (env.SEED_DEMO ?? true),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY ?? env.NODE_ENV === 'development',
    metricsToken: env.METRICS_TOKEN,
    shutdown: {
      drainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0)) * 1000,
      timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    // The embedded PGlite runs every query on this event loop, so its lag is the database itself:
    // shedding would only turn slow answers into refusals. With PostgreSQL lag means overload.
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ?? (env.DATABASE_URL ? 2000 : 0),
    webDist: env.WEB_DIST,
    mobileSiteUrl: env.MOBILE_SITE_URL,
    upload: {
      maxBytes: Math.max(env.UPLOAD_MAX_BYTES, env.UPLOAD_IMAGE_MAX_BYTES),
      imageMaxBytes: env.UPLOAD_IMAGE_MAX_BYTES,
      maxPixels: env.UPLOAD_MAX_PIXELS,
    },
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    mediaWorker: { enabled: env.MEDIA_WORKER, maxAttempts: env.MEDIA_JOB_MAX_ATTEMPTS },
    storage: storage!,
    money: money!,
    payments: payments!,
    invoicing: invoicing!,
    hotKeywords: { minSearchers: env.HOT_KEYWORD_MIN_SEARCHERS, logRetentionDays: env.SEARCH_LOG_RETENTION_DAYS },
    codeChallengeAfter: env.CODE_CHALLENGE_AFTER,
    codeChallengeWork: env.CODE_CHALLENGE_WORK,
    ...overrides,
  };
  return config;
}

/** The environment with the variables that failed validation removed, so defaults apply to them. */
function withoutInvalid(source: NodeJS.ProcessEnv, issues: readonly { path: PropertyKey[] }[]): NodeJS.ProcessEnv {
  const invalid = new Set(issues.map((i) => String(i.path[0])));
  return Object.fromEntries(Object.entries(source).filter(([name]) => !invalid.has(name)));
}
