import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Env, isDemoMode, messagingProblems, withoutInvalid, ZEnv } from './config-env.js';
import { loadPaymentConfig, PaymentConfigError, type PaymentConfig } from './payment-gateways/payment-config.js';

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Redis for request rate limits shared by every server; null: each process counts its own. */
  redisUrl: string | null;
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
  /** The trace mark's secret (TRACE_SECRET, or derived from the JWT secret): stable for the platform's life. */
  traceSecret: Uint8Array;
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
  /** Baidu Tongji's site id; unset (the default): no third-party script, and the CSP does not allow one. */
  baiduTongjiSiteId: string | undefined;
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
  /** SEARCH_INDEX: `memory` keeps a search index in each server once started (server.ts). */
  searchIndex: 'memory' | 'database';
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
    redisUrl: env.REDIS_URL ?? null,
    database: {
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    heartbeatIntervalMs: Math.round(env.HEARTBEAT_INTERVAL_SECONDS * 1000),
    demoMode,
    jwtSecret: jwtSecret!,
    traceSecret: env.TRACE_SECRET
      ? new TextEncoder().encode(env.TRACE_SECRET)
      : createHmac('sha256', jwtSecret!).update('gemstock:trace-mark').digest(),
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
    baiduTongjiSiteId: env.BAIDU_TONGJI_SITE_ID,
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
    searchIndex: env.SEARCH_INDEX,
    codeChallengeAfter: env.CODE_CHALLENGE_AFTER,
    codeChallengeWork: env.CODE_CHALLENGE_WORK,
    ...overrides,
  };
  return config;
}
