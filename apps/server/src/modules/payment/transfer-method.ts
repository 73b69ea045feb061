import {
  ErrorCode,
  OrderStateMachine,
  OrderStatus,
  PayWay,
  type TOrder,
  type TOrderTransferInfo,
} from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/audit-log.service.js';
import { payerOf, repriceOrderForPayment } from '../order/order-pricing.js';
import { settleOrderPayment } from '../order/order-settlement.js';
import { transitionOrder } from '../order/order-transition.js';
import type { OrderRow } from '../order/order.repository.js';
import { leaveTransferQueue, lockOrder } from '../order/order.service.js';
import type { UserRow } from '../user/user.repository.js';
import type { PayMethodDeps, PayRequest } from './payment-method.js';

export interface TransferAnswer {
  info: TOrderTransferInfo;
  order: TOrder;
}

/*
 * Bank transfer as a payment method: the buyer is given the payee and the order's reference
 * (POST/GET /api/order/{id}/transfer); an operator confirms the funds (which settles the order)
 * or rejects the transfer (the order leaves the transfer queue and stays payable).
 */

/** Orders the account may pay: its own, and a main account its sub-accounts' (from its own wallet). */
function findPayableOrder(deps: PayMethodDeps, user: UserRow, sid: string): Promise<OrderRow> {
  return deps.orders.findVisibleOrder(user, sid);
}

function transferInfoOf(deps: PayMethodDeps, order: OrderRow): TOrderTransferInfo {
  const payee = deps.money.transfer;
  const reference = order.transferReference ?? order.orderNo;
  return {
    name: payee.name,
    bank: payee.bank,
    account: payee.account,
    notes: `请在转账备注（附言）中填写：${reference}。款项到账后 2 个工作日内完成订单。${payee.isDemo ? '（演示收款账户，请勿实际转账）' : ''}`,
    reference,
    amount: order.priceCents,
    orderNo: order.orderNo,
  };
}

/**
 * POST /api/order/{id}/transfer: fixes the price for a transfer and answers the payee with
 * the order's reference. The order stays CREATED until an operator confirms the funds.
 */
export async function startTransfer(
  deps: PayMethodDeps,
  user: UserRow,
  sid: string,
  input: PayRequest,
): Promise<{ info: TOrderTransferInfo; order: TOrder }> {
  const order = await findPayableOrder(deps, user, sid);
  assertMay(OrderStateMachine, 'pay', order.status);
  const priced = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, sid);
    if (!locked) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const repriced = await repriceOrderForPayment(tx, {
      order: locked,
      user: payerOf(user, locked),
      code: input.code,
      referer: input.referer,
      payWay: PayWay.TRANSFER,
      vipRateBp: deps.money.vipRateBp,
      now: deps.orders.now(),
    });
    return repriced;
  });
  return { info: transferInfoOf(deps, priced), order: await deps.orders.presentOne(priced) };
}

export async function getTransferInfo(
  deps: PayMethodDeps,
  user: UserRow,
  sid: string,
): Promise<{ info: TOrderTransferInfo; order: TOrder }> {
  const order = await findPayableOrder(deps, user, sid);
  if (order.payWay !== PayWay.TRANSFER) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
  return { info: transferInfoOf(deps, order), order: await deps.orders.presentOne(order) };
}

/**
 * Operator: the funds of a transfer arrived. Settles the order; a repeat changes nothing.
 * Money that arrives after the order was cancelled at its deadline is honoured too: the order
 * is re-opened at its price and settled, and the audit log records it as late with the note.
 */
export async function confirmTransfer(
  deps: PayMethodDeps,
  operatorSid: string,
  sid: string,
  note: string,
): Promise<{ order: TOrder; coupon: string | null }> {
  const result = await deps.db.transaction(async (tx) => {
    let order = await lockOrder(tx, sid);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (order.payWay !== PayWay.TRANSFER) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
    // Cancelled at its deadline, the money arrived after all: re-opened at its price and settled.
    const lapsed = OrderStateMachine.may('reopen', order.status);
    if (lapsed) {
      const reopened = await transitionOrder(tx, order, { to: OrderStatus.CREATED });
      if (!reopened) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
      order = { ...reopened, status: OrderStatus.CANCELLED };
    }
    const settled = await settleOrderPayment(
      tx as unknown as Db,
      {
        orderSid: sid,
        payWay: PayWay.TRANSFER,
        gateway: 'transfer',
        tradeNo: null,
        amountCents: order.priceCents,
        paidAt: deps.orders.now(),
        idempotencyKey: `transfer:${sid}`,
      },
      { reward: deps.money.orderReward },
    );
    if (settled.outcome === 'coupon_unclaimed') throw new AppError(ErrorCode.COUPON_CLAIM_MISSING);
    if (settled.outcome !== 'settled' && settled.outcome !== 'already_settled') {
      throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
    }
    if (settled.outcome === 'settled') {
      await recordOperatorAction(tx, {
        operatorSid,
        action: lapsed ? 'order.confirm_late_transfer' : 'order.confirm_transfer',
        entity: 'order',
        entitySid: sid,
        before: { status: order.status },
        after: {
          status: settled.order.status,
          paidAmountCents: order.priceCents,
          note,
          ...(lapsed ? { reopened: true, reason: '转账款在订单超时取消后到账，按原价恢复订单并确认收款' } : {}),
        },
      });
    }
    return settled;
  });
  if (result.outcome === 'settled') deps.metrics?.paymentSettled(PayWay.TRANSFER);
  return { order: await deps.orders.presentOne(result.order!), coupon: result.couponCode };
}

/**
 * Operator: no matching funds. The order leaves the transfer queue and stays CREATED, so the
 * buyer may pay it another way (or transfer again); the note is kept in the audit log.
 */
export async function rejectTransfer(
  deps: PayMethodDeps,
  operatorSid: string,
  sid: string,
  note: string,
): Promise<{ order: TOrder }> {
  const updated = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, sid);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const cleared = await leaveTransferQueue(tx, sid);
    if (!cleared) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'order.reject_transfer',
      entity: 'order',
      entitySid: sid,
      before: { status: order.status, payWay: order.payWay },
      after: { status: cleared.status, payWay: cleared.payWay, note },
    });
    return cleared;
  });
  return { order: await deps.orders.presentOne(updated) };
}
