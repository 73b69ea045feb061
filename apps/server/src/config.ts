import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MAX_DECODE_PIXELS } from './media/limits.js';

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
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('宝图 <no-reply@example.com>'),
  SMS_PROVIDER: z.enum(['none', 'aliyun']).default('none'),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_CODE: z.string().optional(),
  DEV_OUTBOX: zBool.optional(),
  SEED_DEMO: zBool.default(true),
  TRUST_PROXY: zBool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
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
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  publicUrl: string;
  siteName: string;
  serviceQrUrl: string;
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
  webDist: string | undefined;
  upload: UploadLimits;
  /** Explicit ffmpeg / ffprobe binaries; otherwise they are looked up on PATH. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  mediaWorker: { enabled: boolean; maxAttempts: number };
  storage: StorageConfig;
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

export class ConfigError extends Error {}

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

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const config: Config = {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jwtSecret: overrides.jwtSecret ?? loadJwtSecret(env, dataDir),
    jwtTtlSeconds: env.JWT_TTL_HOURS * 3600,
    publicUrl,
    siteName: env.SITE_NAME,
    serviceQrUrl: env.SERVICE_QR_URL ?? '/api/common/service/qr.svg',
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    sms: {
      provider: env.SMS_PROVIDER,
      accessKeyId: env.SMS_ACCESS_KEY_ID,
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET,
      signName: env.SMS_SIGN_NAME,
      templateCode: env.SMS_TEMPLATE_CODE,
    },
    // The outbox reveals verification codes, so production never serves it.
    devOutbox: isProduction ? false : (env.DEV_OUTBOX ?? true),
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    upload: {
      maxBytes: Math.max(env.UPLOAD_MAX_BYTES, env.UPLOAD_IMAGE_MAX_BYTES),
      imageMaxBytes: env.UPLOAD_IMAGE_MAX_BYTES,
      maxPixels: env.UPLOAD_MAX_PIXELS,
    },
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    mediaWorker: { enabled: env.MEDIA_WORKER, maxAttempts: env.MEDIA_JOB_MAX_ATTEMPTS },
    storage: storageConfig(env),
    ...overrides,
  };
  return config;
}
