import { PAYMENT_PATHS, TRANSFER_ORDER_WORKING_DAYS, UNPAID_ORDER_TTL_MINUTES } from '@gemstock/contract';
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Payment settings from the environment (docs/operations.md § Payments). Parsed here rather
 * than in config.ts so the gateways' many variables stay together; config.ts keeps the result.
 */

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZPaymentEnv = z.object({
  PAYMENT_SANDBOX: zBool.optional(),
  ORDER_UNPAID_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(UNPAID_ORDER_TTL_MINUTES),
  ORDER_TRANSFER_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(TRANSFER_ORDER_WORKING_DAYS),
  ORDER_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PAYMENT_QUERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  PAYMENT_SANDBOX_REFUND_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  WECHAT_MCH_ID: z.string().min(1).optional(),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_MCH_SERIAL_NO: z.string().min(1).optional(),
  WECHAT_MCH_PRIVATE_KEY: z.string().min(1).optional(),
  WECHAT_MCH_PRIVATE_KEY_PATH: z.string().min(1).optional(),
  WECHAT_API_V3_KEY: z.string().optional(),
  WECHAT_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHAT_PLATFORM_PUBLIC_KEY_PATH: z.string().min(1).optional(),
  WECHAT_PLATFORM_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHAT_PLATFORM_CERT: z.string().min(1).optional(),
  WECHAT_PLATFORM_CERT_PATH: z.string().min(1).optional(),
  WECHAT_NOTIFY_URL: z.string().url().optional(),
  WECHAT_REFUND_NOTIFY_URL: z.string().url().optional(),
  WECHAT_API_BASE: z.string().url().optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY_PATH: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_PATH: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().min(1).optional(),
  ALIPAY_NOTIFY_URL: z.string().url().optional(),
  ALIPAY_RETURN_URL: z.string().url().optional(),
});

export interface WechatSettings {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  platformKeys: Map<string, KeyObject>;
  notifyUrl: string;
  /** Where WeChat posts the result of a refund (REFUND.SUCCESS / ABNORMAL / CLOSED). */
  refundNotifyUrl: string;
  baseUrl: string | undefined;
}

export interface AlipaySettings {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway: string;
  sellerId: string | undefined;
  notifyUrl: string;
  returnUrl: string;
}

export interface PaymentConfig {
  /** Real WeChat Pay when configured; otherwise the WeChat tab uses the sandbox (if allowed) or is off. */
  wechat: WechatSettings | null;
  alipay: AlipaySettings | null;
  /** Whether the sandbox may stand in for a gateway that is not configured. Off in production unless set. */
  sandboxEnabled: boolean;
  /** Unpaid online (or not yet chosen) orders are cancelled this long after the last pay attempt. */
  unpaidTtlMinutes: number;
  /**
   * Unpaid bank-transfer orders (and sub-account orders awaiting approval) wait until the end
   * of this many Chinese working days after the day they were placed (modules/order/order-deadline).
   */
  transferWorkingDays: number;
  sweepIntervalSeconds: number;
  /** Polling asks the gateway about one attempt at most this often. */
  queryIntervalSeconds: number;
  /** How long the sandbox takes to settle a refund it accepted (its notification then arrives). */
  sandboxRefundDelaySeconds: number;
}

export const NOTIFY_PATHS = {
  wechat: PAYMENT_PATHS.notifyWechat,
  alipay: PAYMENT_PATHS.notifyAlipay,
  sandbox: PAYMENT_PATHS.notifySandbox,
  refundWechat: PAYMENT_PATHS.refundNotifyWechat,
} as const;

export class PaymentConfigError extends Error {}

/** A PEM from a variable (literal "\n" sequences allowed, for one-line env files) or from a file. */
function readPem(env: Record<string, string | undefined>, name: string): string | undefined {
  const inline = env[name];
  if (inline) return inline.replaceAll('\\n', '\n');
  const path = env[`${name}_PATH`];
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new PaymentConfigError(`${name}_PATH: cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Accepts a PEM or the bare base64 body Alipay's console shows. */
function toPem(text: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  return text.includes('-----BEGIN')
    ? text
    : `-----BEGIN ${label}-----\n${text.replace(/\s+/g, '')}\n-----END ${label}-----\n`;
}

function privateKeyOf(name: string, text: string): KeyObject {
  try {
    return createPrivateKey(toPem(text, 'PRIVATE KEY'));
  } catch (error) {
    throw new PaymentConfigError(`${name}: not a readable private key (${(error as Error).message})`);
  }
}

function publicKeyOf(name: string, text: string): KeyObject {
  try {
    return createPublicKey(toPem(text, 'PUBLIC KEY'));
  } catch (error) {
    throw new PaymentConfigError(`${name}: not a readable public key (${(error as Error).message})`);
  }
}

function wechatSettings(env: z.infer<typeof ZPaymentEnv>, raw: Record<string, string | undefined>, publicUrl: string) {
  const privatePem = readPem(raw, 'WECHAT_MCH_PRIVATE_KEY');
  const publicPem = readPem(raw, 'WECHAT_PLATFORM_PUBLIC_KEY');
  const certPem = readPem(raw, 'WECHAT_PLATFORM_CERT');
  const any =
    env.WECHAT_MCH_ID ??
    env.WECHAT_APP_ID ??
    env.WECHAT_MCH_SERIAL_NO ??
    privatePem ??
    env.WECHAT_API_V3_KEY ??
    publicPem ??
    certPem;
  if (!any) return null;
  const missing: string[] = [];
  if (!env.WECHAT_MCH_ID) missing.push('WECHAT_MCH_ID');
  if (!env.WECHAT_APP_ID) missing.push('WECHAT_APP_ID');
  if (!env.WECHAT_MCH_SERIAL_NO) missing.push('WECHAT_MCH_SERIAL_NO');
  if (!privatePem) missing.push('WECHAT_MCH_PRIVATE_KEY(_PATH)');
  if (!env.WECHAT_API_V3_KEY) missing.push('WECHAT_API_V3_KEY');
  if (!publicPem && !certPem) missing.push('WECHAT_PLATFORM_PUBLIC_KEY(_PATH) or WECHAT_PLATFORM_CERT(_PATH)');
  if (publicPem && !env.WECHAT_PLATFORM_PUBLIC_KEY_ID) missing.push('WECHAT_PLATFORM_PUBLIC_KEY_ID');
  if (missing.length > 0)
    throw new PaymentConfigError(`WeChat Pay is partly configured; missing ${missing.join(', ')}`);
  if (Buffer.byteLength(env.WECHAT_API_V3_KEY!, 'utf8') !== 32) {
    throw new PaymentConfigError('WECHAT_API_V3_KEY must be the 32-character APIv3 key');
  }
  const platformKeys = new Map<string, KeyObject>();
  if (publicPem)
    platformKeys.set(env.WECHAT_PLATFORM_PUBLIC_KEY_ID!, publicKeyOf('WECHAT_PLATFORM_PUBLIC_KEY', publicPem));
  if (certPem) {
    // Platform certificates (the older scheme) are named by their serial number, in upper-case hex.
    try {
      const cert = new X509Certificate(certPem);
      platformKeys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
    } catch (error) {
      throw new PaymentConfigError(`WECHAT_PLATFORM_CERT: not a readable certificate (${(error as Error).message})`);
    }
  }
  return {
    mchId: env.WECHAT_MCH_ID!,
    appId: env.WECHAT_APP_ID!,
    serialNo: env.WECHAT_MCH_SERIAL_NO!,
    privateKey: privateKeyOf('WECHAT_MCH_PRIVATE_KEY', privatePem!),
    apiV3Key: env.WECHAT_API_V3_KEY!,
    platformKeys,
    notifyUrl: env.WECHAT_NOTIFY_URL ?? `${publicUrl}${NOTIFY_PATHS.wechat}`,
    refundNotifyUrl: env.WECHAT_REFUND_NOTIFY_URL ?? `${publicUrl}${NOTIFY_PATHS.refundWechat}`,
    baseUrl: env.WECHAT_API_BASE,
  } satisfies WechatSettings;
}

function alipaySettings(env: z.infer<typeof ZPaymentEnv>, raw: Record<string, string | undefined>, publicUrl: string) {
  const privatePem = readPem(raw, 'ALIPAY_PRIVATE_KEY');
  const publicPem = readPem(raw, 'ALIPAY_PUBLIC_KEY');
  if (!env.ALIPAY_APP_ID && !privatePem && !publicPem) return null;
  const missing: string[] = [];
  if (!env.ALIPAY_APP_ID) missing.push('ALIPAY_APP_ID');
  if (!privatePem) missing.push('ALIPAY_PRIVATE_KEY(_PATH)');
  if (!publicPem) missing.push('ALIPAY_PUBLIC_KEY(_PATH)');
  if (missing.length > 0) throw new PaymentConfigError(`Alipay is partly configured; missing ${missing.join(', ')}`);
  return {
    appId: env.ALIPAY_APP_ID!,
    privateKey: privateKeyOf('ALIPAY_PRIVATE_KEY', privatePem!),
    alipayPublicKey: publicKeyOf('ALIPAY_PUBLIC_KEY', publicPem!),
    gateway: env.ALIPAY_GATEWAY,
    sellerId: env.ALIPAY_SELLER_ID,
    notifyUrl: env.ALIPAY_NOTIFY_URL ?? `${publicUrl}${NOTIFY_PATHS.alipay}`,
    returnUrl: env.ALIPAY_RETURN_URL ?? `${publicUrl}/record`,
  } satisfies AlipaySettings;
}

export function loadPaymentConfig(
  source: Record<string, string | undefined>,
  base: { publicUrl: string; isProduction: boolean },
): PaymentConfig {
  const parsed = ZPaymentEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new PaymentConfigError(`Invalid payment environment:\n${lines}`);
  }
  const env = parsed.data;
  return {
    wechat: wechatSettings(env, source, base.publicUrl),
    alipay: alipaySettings(env, source, base.publicUrl),
    // Sandbox payments are free money: production runs them only when asked to explicitly.
    sandboxEnabled: env.PAYMENT_SANDBOX ?? !base.isProduction,
    unpaidTtlMinutes: env.ORDER_UNPAID_TTL_MINUTES,
    transferWorkingDays: env.ORDER_TRANSFER_WORKING_DAYS,
    sweepIntervalSeconds: env.ORDER_SWEEP_INTERVAL_SECONDS,
    queryIntervalSeconds: env.PAYMENT_QUERY_INTERVAL_SECONDS,
    sandboxRefundDelaySeconds: env.PAYMENT_SANDBOX_REFUND_DELAY_SECONDS,
  };
}
