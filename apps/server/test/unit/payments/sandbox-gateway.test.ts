import { describe, expect, it } from 'vitest';
import { deriveSandboxKey, SandboxGateway } from '../../../src/payment-gateways/sandbox-gateway.js';
import { ON_A_COMPUTER } from '../../helpers/payment-gateways.js';

const key = deriveSandboxKey(new TextEncoder().encode('a-jwt-secret-a-jwt-secret-a-jwt-secret'));

describe('sandbox gateway', () => {
  it('links to our own pay page', async () => {
    const sandbox = new SandboxGateway(key, 'http://localhost:3000');
    const { link } = await sandbox.createPayment({
      outTradeNo: 'GS1P1',
      amountCents: 100,
      description: 'x',
      expiresAt: new Date(),
      payWay: 'WECHAT',
      ...ON_A_COMPUTER,
    });
    expect(link).toBe('http://localhost:3000/sandbox/pay/GS1P1');
  });

  it('verifies its own signed notifications and nothing else', () => {
    const sandbox = new SandboxGateway(key, 'http://localhost:3000');
    const notice = sandbox.signNotification({ outTradeNo: 'GS1P1', amountCents: 100, result: 'SUCCESS' });
    expect(sandbox.parseNotification(notice.headers, notice.rawBody)).toMatchObject({
      ok: true,
      trade: { outTradeNo: 'GS1P1', tradeNo: 'SBXGS1P1', amountCents: 100, state: 'PAID' },
    });
    const tampered = Buffer.from(notice.rawBody.toString().replace('"amount_cents":100', '"amount_cents":1'));
    expect(sandbox.parseNotification(notice.headers, tampered)).toMatchObject({ ok: false, reason: 'bad_signature' });
    const otherKey = new SandboxGateway(
      deriveSandboxKey(new TextEncoder().encode('another-secret-another-secret-xx')),
      '',
    );
    const foreign = otherKey.signNotification({ outTradeNo: 'GS1P1', amountCents: 100, result: 'SUCCESS' });
    expect(sandbox.parseNotification(foreign.headers, foreign.rawBody)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(sandbox.parseNotification({}, notice.rawBody)).toMatchObject({ ok: false, reason: 'missing_signature' });
  });

  it('refuses replays outside the time window', () => {
    let now = 1_000_000;
    const sandbox = new SandboxGateway(key, '', () => now);
    const notice = sandbox.signNotification({ outTradeNo: 'GS1P1', amountCents: 100, result: 'SUCCESS' });
    now += 301;
    expect(sandbox.parseNotification(notice.headers, notice.rawBody)).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('answers queries from its own book of trades', async () => {
    const sandbox = new SandboxGateway(key, '');
    expect(await sandbox.queryPayment('GS2P1')).toMatchObject({ state: 'WAITING' });
    sandbox.signNotification({ outTradeNo: 'GS2P1', amountCents: 5, result: 'FAIL' });
    expect(await sandbox.queryPayment('GS2P1')).toMatchObject({ state: 'FAILED' });
    sandbox.signNotification({ outTradeNo: 'GS2P1', amountCents: 5, result: 'SUCCESS' });
    expect(await sandbox.queryPayment('GS2P1')).toMatchObject({ state: 'PAID', amountCents: 5 });
    await sandbox.closePayment('GS3P1');
    expect(await sandbox.queryPayment('GS3P1')).toMatchObject({ state: 'CLOSED' });
  });
});

describe('sandbox refunds', () => {
  const input = {
    refundNo: 'RFSBX1',
    outTradeNo: 'GS1P1',
    tradeNo: 'SBXGS1P1',
    amountCents: 100,
    totalCents: 100,
    reason: '退款',
  };

  it('accepts a refund and settles it later, through a notification signed like a payment', async () => {
    const sandbox = new SandboxGateway(key, 'http://localhost:3000');
    expect(await sandbox.refund(input)).toMatchObject({ refundNo: 'RFSBX1', state: 'PROCESSING' });
    expect(sandbox.isRefundPending('RFSBX1')).toBe(true);
    expect(await sandbox.refund(input)).toMatchObject({ state: 'PROCESSING' });
    const notice = sandbox.signRefundNotification('RFSBX1');
    expect(sandbox.parseRefundNotification(notice.headers, notice.rawBody)).toMatchObject({
      ok: true,
      refund: { refundNo: 'RFSBX1', refundId: 'SBXRRFSBX1', state: 'SUCCEEDED', amountCents: 100 },
    });
    expect(sandbox.isRefundPending('RFSBX1')).toBe(false);
    expect(await sandbox.queryRefund('RFSBX1')).toMatchObject({ state: 'SUCCEEDED' });
    expect(await sandbox.queryRefund('RFSBX_NONE')).toMatchObject({ state: 'NOT_FOUND' });
  });

  it('can close a refund instead, and its notifications cannot be forged', async () => {
    const sandbox = new SandboxGateway(key, 'http://localhost:3000');
    await sandbox.refund(input);
    const closed = sandbox.signRefundNotification('RFSBX1', 'CLOSED');
    expect(sandbox.parseRefundNotification(closed.headers, closed.rawBody)).toMatchObject({
      ok: true,
      refund: { state: 'FAILED', failure: '退款已关闭' },
    });
    const tampered = Buffer.from(closed.rawBody.toString().replace('"CLOSED"', '"SUCCESS"'));
    expect(sandbox.parseRefundNotification(closed.headers, tampered)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(() => sandbox.signRefundNotification('RFSBX_NONE')).toThrow();
  });
});
