import type { Config } from '../config.js';
import { AlipayGateway } from './alipay.js';
import type { GatewayName, OnlinePayWay } from '@gemstock/contract';
import type { HttpFetch, PaymentGateway } from './payment-gateway.js';
import { deriveSandboxKey, SandboxGateway } from './sandbox-gateway.js';
import { WechatPayGateway } from './wechat-pay.js';

/** Which adapter serves each online pay way; null when the pay way is switched off. */
export class PaymentGateways {
  readonly sandbox: SandboxGateway | null;
  private readonly byPayWay: Record<OnlinePayWay, PaymentGateway | null>;

  constructor(byPayWay: Record<OnlinePayWay, PaymentGateway | null>) {
    this.byPayWay = byPayWay;
    const sandbox = [byPayWay.WECHAT, byPayWay.ALIPAY].find((g) => g instanceof SandboxGateway);
    this.sandbox = (sandbox as SandboxGateway | undefined) ?? null;
  }

  forPayWay(payWay: OnlinePayWay): PaymentGateway | null {
    return this.byPayWay[payWay];
  }

  /** The adapter a notification or a stored attempt names. */
  byName(name: string): PaymentGateway | null {
    for (const gateway of [this.byPayWay.WECHAT, this.byPayWay.ALIPAY]) {
      if (gateway && gateway.name === name) return gateway;
    }
    return null;
  }

  /** For logs at start-up: what serves each pay way. */
  describe(): Record<OnlinePayWay, GatewayName | 'off'> {
    return { WECHAT: this.byPayWay.WECHAT?.name ?? 'off', ALIPAY: this.byPayWay.ALIPAY?.name ?? 'off' };
  }
}

/**
 * Configuration → adapters. A configured gateway is always the real one; an unconfigured pay
 * way falls back to the one sandbox instance when the sandbox is allowed, and is off otherwise.
 */
export function createGateways(config: Config, options: { fetch?: HttpFetch } = {}): PaymentGateways {
  const { payments } = config;
  const sandbox = payments.sandboxEnabled
    ? new SandboxGateway(deriveSandboxKey(config.jwtSecret), config.publicUrl)
    : null;
  const wechat = payments.wechat ? new WechatPayGateway(payments.wechat, options.fetch) : sandbox;
  const alipay = payments.alipay ? new AlipayGateway(payments.alipay, options.fetch) : sandbox;
  return new PaymentGateways({ WECHAT: wechat, ALIPAY: alipay });
}
