import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../../src/config-env.js';
import { ConfigError, loadConfig } from '../../src/config.js';

const BASE = { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data', JWT_SECRET: 's'.repeat(40) };
const PRODUCTION = {
  ...BASE,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.cn',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'id',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '宝图',
  SMS_TEMPLATE_CODE: 'SMS_1',
};

function problemsOf(env: NodeJS.ProcessEnv, options: { requireMessaging?: boolean } = {}): string[] {
  try {
    loadConfig(env, {}, options);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration is checked as a whole', () => {
  it('lists every problem of a production start in one message', () => {
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data', PORT: 'abc' };
    const problems = problemsOf(env, { requireMessaging: true });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT:/),
        expect.stringMatching(/^PUBLIC_URL is required in production/),
        expect.stringMatching(/^JWT_SECRET/),
        expect.stringMatching(/^SMTP_URL/),
        expect.stringMatching(/^SMS_PROVIDER=aliyun/),
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(() => loadConfig(env, {}, { requireMessaging: true })).toThrow(/5 configuration problems/);
  });

  it('keeps checking the other variables after an invalid one', () => {
    const problems = problemsOf({ ...PRODUCTION, DATABASE_URL: 'not a url', STORAGE_DRIVER: 's3', PUBLIC_URL: 'x' });
    expect(problems).toEqual([
      expect.stringMatching(/^DATABASE_URL:/),
      expect.stringMatching(/^PUBLIC_URL:/),
      expect.stringMatching(/^PUBLIC_URL is required/),
      'STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ]);
  });

  it('starts in production with everything set', () => {
    const config = loadConfig(PRODUCTION, {}, { requireMessaging: true });
    expect(config.publicUrl).toBe('https://shop.example.cn');
    expect(config.demoMode).toBe(false);
  });
});

describe('demo mode (demo data, sandbox payments, dev outbox)', () => {
  it('knows loopback addresses', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1',
      'http://127.1.2.3:80',
      'http://[::1]:3000/',
      'http://a.localhost',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of ['https://shop.example.cn', 'http://10.0.0.5', 'http://localhost.example.com', 'http://0.0.0.0'])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it('is the default of the local demo: no PUBLIC_URL, or a loopback one, without NODE_ENV', () => {
    for (const env of [BASE, { ...BASE, PUBLIC_URL: 'http://localhost:3000' }]) {
      const config = loadConfig(env);
      expect(config).toMatchObject({ demoMode: true, devOutbox: true, seedDemo: true });
      expect(config.payments.sandboxEnabled).toBe(true);
    }
  });

  it('is off for a public PUBLIC_URL even when NODE_ENV is forgotten', () => {
    const config = loadConfig({ ...BASE, PUBLIC_URL: 'https://shop.example.cn' });
    expect(config.env).toBe('development');
    expect(config).toMatchObject({ demoMode: false, devOutbox: false, seedDemo: false });
    expect(config.payments.sandboxEnabled).toBe(false);
  });

  it('is on for a public PUBLIC_URL only with DEMO_MODE=true, and DEMO_MODE=false turns it off', () => {
    const on = loadConfig({ ...BASE, PUBLIC_URL: 'https://demo.example.cn', DEMO_MODE: 'true' });
    expect(on).toMatchObject({ demoMode: true, devOutbox: true, seedDemo: true });
    expect(on.payments.sandboxEnabled).toBe(true);
    const off = loadConfig({ ...BASE, DEMO_MODE: 'false' });
    expect(off).toMatchObject({ demoMode: false, devOutbox: false, seedDemo: false });
    expect(off.payments.sandboxEnabled).toBe(false);
  });

  it('never seeds demo data in production, whatever SEED_DEMO said before', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.seedDemo).toBe(false);
    expect(config.devOutbox).toBe(false);
    expect(config.payments.sandboxEnabled).toBe(false);
  });

  it('refuses switches that only make sense in demo mode, naming them', () => {
    const problems = problemsOf({
      ...BASE,
      PUBLIC_URL: 'https://shop.example.cn',
      SEED_DEMO: 'true',
      DEV_OUTBOX: 'true',
      PAYMENT_SANDBOX: 'true',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^SEED_DEMO=true/),
      expect.stringMatching(/^DEV_OUTBOX=true/),
      expect.stringMatching(/^PAYMENT_SANDBOX=true/),
    ]);
  });
});
