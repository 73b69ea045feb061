import {
  chinaDateOf,
  ErrorCode,
  formatYuan,
  OrderStateMachine,
  OrderStatus,
  PayWay,
  type TConfirmTransferResponse,
  type TOrder,
  type TOrderTransferInfo,
} from '@gemstock/contract';
import { uniqueViolationConstraint } from '../../db/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/index.js';
import {
  clearTransferPayWay,
  lockOrderBySid,
  payerOf,
  repriceOrderForPayment,
  settleOrderPayment,
  transitionOrder,
} from '../order/index.js';
import type { OrderRow } from '../../db/rows.js';
import type { UserRow } from '../../db/rows.js';
import type { PayMethodDeps, PayRequest } from './payment-method.js';
import { recordPaymentException } from './payment-exception.service.js';
import { presentTransferArrival, type TransferArrivalInput } from './transfer-arrival.js';
import {
  findTransferArrivalBySerial,
  insertTransferArrival,
  sumTransferArrivals,
  type TransferArrivalRow,
} from './refund.repository.js';

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
    const locked = await lockOrderBySid(tx, sid);
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
 * Operator 确认到账: records what the bank statement shows arrived for a transfer order (amount,
 * day, serial; docs/decisions/0029). An amount other than what the order still waits for is
 * refused with TRANSFER_AMOUNT_DIFFERS until the operator confirms it (`acceptDifference`):
 * short, the arrival is recorded and the order keeps waiting for the rest; at or above the
 * price, the order is settled, and an excess becomes a payment exception to refund. Money that
 * arrives after the order was cancelled at its deadline is honoured too: the order is re-opened
 * at its price and settled. The same statement line (its serial) is never counted twice: sent
 * again for the same order and amount it answers as before. Audit-logged.
 */
export async function confirmTransfer(
  deps: PayMethodDeps,
  operatorSid: string,
  sid: string,
  input: TransferArrivalInput,
): Promise<TConfirmTransferResponse> {
  const now = deps.orders.now();
  if (input.arrivedOn > chinaDateOf(now)) {
    throw new AppError(ErrorCode.VALIDATION, '到账日期不能晚于今天', [
      { path: 'arrivedOn', message: '到账日期不能晚于今天' },
    ]);
  }
  // Read before the transaction: a first read goes to the database on a connection of its own,
  // which the embedded database (one connection) would give only after the transaction.
  const reward = await deps.orderReward.current();
  let result: { order: OrderRow; arrival: TransferArrivalRow; received: number; settled: boolean };
  try {
    result = await deps.db.transaction(async (tx) => {
      let order = await lockOrderBySid(tx, sid);
      if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.payWay !== PayWay.TRANSFER) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
      const seen = await findTransferArrivalBySerial(tx, input.bankSerial);
      if (seen) {
        if (seen.orderSid !== sid || seen.amountCents !== input.amount)
          throw new AppError(ErrorCode.TRANSFER_SERIAL_USED);
        return { order, arrival: seen, received: await sumTransferArrivals(tx, sid), settled: false };
      }
      // Cancelled at its deadline, the money arrived after all: re-opened at its price once it is all there.
      const lapsed = OrderStateMachine.may('reopen', order.status);
      if (!lapsed && !OrderStateMachine.may('pay', order.status)) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
      const before = await sumTransferArrivals(tx, sid);
      const due = order.priceCents - before;
      const received = before + input.amount;
      if (input.amount !== due && !input.acceptDifference) {
        throw new AppError(
          ErrorCode.TRANSFER_AMOUNT_DIFFERS,
          `到账金额 ${formatYuan(input.amount)} 与待收金额 ${formatYuan(due)} 不一致，请确认处理方式后再提交`,
        );
      }
      const arrivalValues = {
        orderSid: sid,
        amountCents: input.amount,
        arrivedOn: input.arrivedOn,
        bankSerial: input.bankSerial,
        note: input.note,
        operatorSid,
      };
      const audit = {
        amountCents: input.amount,
        receivedCents: received,
        priceCents: order.priceCents,
        arrivedOn: input.arrivedOn,
        bankSerial: input.bankSerial,
        note: input.note,
      };
      if (received < order.priceCents) {
        const arrival = await insertTransferArrival(tx, { ...arrivalValues, outcome: 'partial' });
        await recordOperatorAction(tx, {
          operatorSid,
          action: 'order.transfer_partial',
          entity: 'order',
          entitySid: sid,
          before: { status: order.status, receivedCents: before },
          after: { status: order.status, ...audit, dueCents: order.priceCents - received },
        });
        return { order, arrival, received, settled: false };
      }
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
          tradeNo: input.bankSerial,
          amountCents: order.priceCents,
          paidAt: now,
          idempotencyKey: `transfer:${sid}`,
        },
        { reward },
      );
      if (settled.outcome === 'coupon_unclaimed') throw new AppError(ErrorCode.COUPON_CLAIM_MISSING);
      if (settled.outcome !== 'settled') throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
      const overpaid = received - order.priceCents;
      const arrival = await insertTransferArrival(tx, {
        ...arrivalValues,
        outcome: overpaid > 0 ? 'overpaid' : 'settled',
      });
      if (overpaid > 0) {
        // The excess is the buyer's: listed with the payment exceptions, to be refunded.
        await recordPaymentException(tx, {
          gateway: 'transfer',
          outTradeNo: sid,
          tradeNo: input.bankSerial,
          reason: 'transfer_overpaid',
          orderSid: sid,
          amountCents: overpaid,
        });
      }
      await recordOperatorAction(tx, {
        operatorSid,
        action: lapsed ? 'order.confirm_late_transfer' : 'order.confirm_transfer',
        entity: 'order',
        entitySid: sid,
        before: { status: order.status, receivedCents: before },
        after: {
          status: settled.order.status,
          paidAmountCents: order.priceCents,
          ...audit,
          ...(overpaid > 0 ? { overpaidCents: overpaid } : {}),
          ...(lapsed ? { reopened: true, reason: '转账款在订单超时取消后到账，按原价恢复订单并确认收款' } : {}),
        },
      });
      return { order: settled.order, arrival, received, settled: true };
    });
  } catch (error) {
    // Two operators recording the same statement line for two orders at once: one wins.
    if (uniqueViolationConstraint(error) === 'transfer_arrivals_bank_serial_key') {
      throw new AppError(ErrorCode.TRANSFER_SERIAL_USED);
    }
    throw error;
  }
  if (result.settled) deps.metrics?.paymentSettled(PayWay.TRANSFER);
  const price = result.order.priceCents;
  return {
    order: await deps.orders.presentOne(result.order),
    arrival: presentTransferArrival(result.arrival, null),
    received: result.received,
    due: Math.max(0, price - result.received),
    overpaid: Math.max(0, result.received - price),
  };
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
    const order = await lockOrderBySid(tx, sid);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const cleared = await clearTransferPayWay(tx, sid);
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
