import { AuditStatus, OrderStatus, PayWay } from '@gemstock/contract';
import { describe, expect, it } from 'vitest';
import { chosenItems, selectAllState, selectableSids, selectionOf } from '@/features/cart/lib/cart-selection';
import { orderActions } from '@/features/records/lib/order-actions';
import { payWayText } from '@/lib/order-labels';

const line = (sid: string, chosen: boolean, disabled = false, spec: 1 | 2 | 3 | 4 = 2) => ({
  sid,
  chosen,
  disabled,
  spec,
});

describe('cart selection (spec §4: select-all toggles all non-disabled items)', () => {
  const items = [line('a', true), line('b', false), line('c', true, true, 3)];

  it('select-all covers only materials still on sale', () => {
    expect(selectableSids(items)).toEqual(['a', 'b']);
  });

  it('a disabled line is never bought, even if flagged chosen', () => {
    expect(chosenItems(items).map((i) => i.sid)).toEqual(['a']);
    expect(selectionOf([line('a', true, false, 1), line('b', true, false, 3), line('c', true, true)])).toEqual({
      a: 1,
      b: 3,
    });
  });

  it('the select-all box is ticked, half-ticked or clear', () => {
    expect(selectAllState(items)).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState([line('a', true), line('x', false, true)])).toEqual({ checked: true, indeterminate: false });
    expect(selectAllState([line('a', false)])).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState([line('x', false, true)])).toEqual({ checked: false, indeterminate: false });
  });
});

describe('order records', () => {
  const order = { status: OrderStatus.CREATED, auditStatus: AuditStatus.NONE, fromSubAccount: false };

  it('a CREATED order of the buyer can be paid and cancelled', () => {
    expect(orderActions(order, { level: 0 })).toEqual({
      canPay: true,
      canCancel: true,
      canAudit: false,
      canDownload: false,
      showsDeadline: true,
      showsInvoice: false,
    });
  });

  it('paid orders download; cancelled ones do nothing', () => {
    expect(orderActions({ ...order, status: OrderStatus.PAYED }, { level: 0 })).toMatchObject({
      canPay: false,
      canCancel: false,
      canDownload: true,
      showsDeadline: false,
      showsInvoice: true,
    });
    expect(orderActions({ ...order, status: OrderStatus.CANCELLED }, { level: 0 })).toEqual({
      canPay: false,
      canCancel: false,
      canAudit: false,
      canDownload: false,
      showsDeadline: false,
      showsInvoice: false,
    });
  });

  it('only the main account approves a sub-account order that awaits approval', () => {
    const sub = { ...order, fromSubAccount: true, auditStatus: AuditStatus.PENDING };
    expect(orderActions(sub, { level: 0 })).toMatchObject({ canAudit: true, canPay: false });
    expect(orderActions(sub, { level: 1 }).canAudit).toBe(false);
    expect(orderActions({ ...sub, auditStatus: AuditStatus.APPROVED }, { level: 0 }).canAudit).toBe(false);
    expect(orderActions({ ...sub, auditStatus: AuditStatus.NONE }, { level: 0 }).canAudit).toBe(false);
  });

  it('an unpaid transfer order reads as waiting for the funds', () => {
    expect(payWayText({ payWay: PayWay.TRANSFER, status: OrderStatus.CREATED })).toBe('对公转账（待确认到账）');
    expect(payWayText({ payWay: PayWay.WALLET, status: OrderStatus.PAYED })).toBe('余额支付');
    expect(payWayText({ payWay: null, status: OrderStatus.CREATED })).toBe('未选择');
  });
});
