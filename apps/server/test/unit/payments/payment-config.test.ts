import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatChinaDateTime, formatRfc3339China, parseChinaDateTime } from '../../../src/lib/china-time.js';
import { loadPaymentConfig } from '../../../src/payment-gateways/payment-config.js';

const base = { publicUrl: 'https://shop.example.com', isProduction: false };
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();

describe('payment configuration', () => {
  it('runs on the sandbox by default outside production, and not in production', () => {
    expect(loadPaymentConfig({}, base)).toMatchObject({
      wechat: null,
      alipay: null,
      sandboxEnabled: true,
      unpaidTtlMinutes: 30,
    });
    expect(loadPaymentConfig({}, { ...base, isProduction: true }).sandboxEnabled).toBe(false);
    expect(loadPaymentConfig({ PAYMENT_SANDBOX: 'true' }, { ...base, isProduction: true }).sandboxEnabled).toBe(true);
  });

  it('reads a complete WeChat Pay configuration, one-line PEMs included', () => {
    const config = loadPaymentConfig(
      {
        WECHAT_MCH_ID: '1900000109',
        WECHAT_APP_ID: 'wx8888888888888888',
        WECHAT_MCH_SERIAL_NO: 'ABC123',
        WECHAT_MCH_PRIVATE_KEY: privatePem.replaceAll('\n', '\\n'),
        WECHAT_API_V3_KEY: '0123456789abcdef0123456789abcdef',
        WECHAT_PLATFORM_PUBLIC_KEY: publicPem,
        WECHAT_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
      },
      base,
    );
    expect(config.wechat).toMatchObject({
      mchId: '1900000109',
      notifyUrl: 'https://shop.example.com/api/payment/notify/wechat',
    });
    expect([...config.wechat!.platformKeys.keys()]).toEqual(['PUB_KEY_ID_1']);
  });

  it('names what is missing from a partial configuration', () => {
    expect(() => loadPaymentConfig({ WECHAT_MCH_ID: '1' }, base)).toThrow(/WECHAT_APP_ID.*WECHAT_API_V3_KEY/);
    expect(() => loadPaymentConfig({ ALIPAY_APP_ID: '2021' }, base)).toThrow(/ALIPAY_PRIVATE_KEY/);
  });

  it('accepts Alipay keys as bare base64, as its console shows them', () => {
    const bare = (pem: string) =>
      pem
        .split('\n')
        .filter((l) => l && !l.startsWith('-----'))
        .join('');
    const config = loadPaymentConfig(
      { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: bare(privatePem), ALIPAY_PUBLIC_KEY: bare(publicPem) },
      base,
    );
    expect(config.alipay).toMatchObject({
      appId: '2021',
      gateway: 'https://openapi.alipay.com/gateway.do',
      returnUrl: 'https://shop.example.com/record',
    });
  });

  it('refuses an APIv3 key of the wrong length and unreadable keys', () => {
    const wechat = {
      WECHAT_MCH_ID: '1',
      WECHAT_APP_ID: 'wx',
      WECHAT_MCH_SERIAL_NO: 'S',
      WECHAT_MCH_PRIVATE_KEY: privatePem,
      WECHAT_PLATFORM_PUBLIC_KEY: publicPem,
      WECHAT_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
    };
    expect(() => loadPaymentConfig({ ...wechat, WECHAT_API_V3_KEY: 'short' }, base)).toThrow(/32/);
    expect(() =>
      loadPaymentConfig(
        { ...wechat, WECHAT_API_V3_KEY: '0123456789abcdef0123456789abcdef', WECHAT_MCH_PRIVATE_KEY: 'nope' },
        base,
      ),
    ).toThrow(/WECHAT_MCH_PRIVATE_KEY/);
  });
});

describe('China time', () => {
  it('formats and parses Beijing time', () => {
    const date = new Date('2024-05-01T16:30:05Z');
    expect(formatChinaDateTime(date)).toBe('2024-05-02 00:30:05');
    expect(formatRfc3339China(date)).toBe('2024-05-02T00:30:05+08:00');
    expect(parseChinaDateTime('2024-05-02 00:30:05')?.toISOString()).toBe('2024-05-01T16:30:05.000Z');
    expect(parseChinaDateTime('2024-05-02T00:30:05')).toBeNull();
  });
});
