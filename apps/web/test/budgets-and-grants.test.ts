import type { TCoupon, TMeResponse } from '@gemstock/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetYuanToCents } from '@/features/account/components/sub-user-modals';
import { newGrantKey, parseMobiles } from '@/features/admin/api/grant-coupon';
import { useSession } from '@/stores/session';

describe('sub-account budget field', () => {
  it('turns the yuan typed into integer cents; empty means no limit', () => {
    expect(budgetYuanToCents(1234.56)).toBe(123_456);
    expect(budgetYuanToCents(0.1 + 0.2)).toBe(30);
    expect(budgetYuanToCents(0)).toBe(0);
    expect(budgetYuanToCents(null)).toBeNull();
    expect(budgetYuanToCents(undefined)).toBeNull();
  });
});

describe('coupon grant dialog', () => {
  it('reads mobiles one per line or separated by commas and spaces, without repeats', () => {
    expect(parseMobiles('13800000000\n13900000000, 13800000000；13700000000  \n\n')).toEqual([
      '13800000000',
      '13900000000',
      '13700000000',
    ]);
    expect(parseMobiles('   ')).toEqual([]);
  });

  it('makes grant keys the server accepts, different each time', () => {
    const key = newGrantKey();
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(newGrantKey()).not.toBe(key);
  });
});

describe('pending coupon (shown once)', () => {
  afterEach(() => useSession.getState().clear());

  const coupon = { sid: 'C1', code: 'GIFT123', type: 1, amount: 3000 } as TCoupon;
  const me = (c: TCoupon | null) =>
    ({ user: { sid: 'U1' }, user_parent: null, coupon: c, survey_pending: false }) as unknown as TMeResponse;

  it('keeps the coupon a load answered until the dialog is closed, though later loads answer none', () => {
    useSession.getState().setMe(me(coupon));
    useSession.getState().setMe(me(null));
    expect(useSession.getState().pendingCoupon?.code).toBe('GIFT123');
    useSession.getState().dismissPendingCoupon();
    useSession.getState().setMe(me(null));
    expect(useSession.getState().pendingCoupon).toBeNull();
  });
});
