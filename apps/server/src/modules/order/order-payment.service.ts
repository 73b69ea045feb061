import {
  AccountLevel,
  AuditStatus,
  balanceTooLowMessage,
  ErrorCode,
  formatYuan,
  OrderStateMachine,
  OrderStatus,
  OrderType,
  type TOrder,
  type TOrderTransferInfo,
  type TPricePreview,
  type TWalletPayResponse,
} from '@gemstock/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordOperatorAction } from '../admin/audit-log.service.js';
import { claimErrorOf, couponCodeOf } from '../coupon/order-coupon.service.js';
import { assertLicencesNotOwned } from '../licence/ownership.js';
import type { UserRow } from '../user/user.repository.js';
import { balanceOf, debitWallet, lockWallet, writeOffLapsedMoney } from '../wallet/wallet.service.js';
import {
  assertPayWayAllowed,
  orderLineCents,
  priceWithContext,
  repriceOrderForPayment,
  toPricePreview,
} from './order-pricing.js';
import { applyOrderPaid, settleOrderPayment } from './order-settlement.js';
import {
  clearTransferPayWay,
  findOrderBySid,
  listItemsOfOrders,
  lockOrderBySid,
  type OrderRow,
  updateOrderAudit,
} from './order.repository.js';
import { canViewOrder, type OrderDeps, type OrderService } from './order.service.js';
import { transitionOrder } from './order-transition.js';

/** Paid by the wallet or completed free: the wallet endpoint's own results, which it answers again. */
function isPaidWithoutMoneyFromOutside(order: OrderRow): boolean {
  return order.payWay === 'WALLET' || order.payWay === 'FREE';
}

/**
 * Paying an order by wallet and by bank transfer, the pay preview, and the main account's
 * approval of a sub-account's wallet payment. Online payment is in modules/payment; every
 * path ends in the order-settlement effects.
 */
export class OrderPaymentService {
  constructor(private readonly orders: OrderService) {}

  private get deps(): OrderDeps {
    return this.orders.deps;
  }

  private get db(): Db {
    return this.deps.db;
  }

  /** Orders the account may pay: its own, and a main account its sub-accounts' (from its own wallet). */
  private async findPayableOrder(user: UserRow, sid: string): Promise<OrderRow> {
    const order = await findOrderBySid(this.db, sid);
    if (!order || !canViewOrder(user, order)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    return order;
  }

  async previewPayment(
    user: UserRow,
    sid: string,
    input: { code: string | null; referer: string | null; pay_way: string | null },
  ): Promise<TPricePreview> {
    const order = await this.findPayableOrder(user, sid);
    if (!OrderStateMachine.can(order.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    const { breakdown } = await priceWithContext(this.db, {
      orderType: order.orderType,
      lineCents: await orderLineCents(this.db, order),
      code: input.code,
      payWay: input.pay_way,
      user: await this.payerOf(user, order),
      vipRateBp: this.deps.money.vipRateBp,
      now: this.orders.now(),
      orderSid: order.sid,
    });
    return toPricePreview(breakdown);
  }

  /**
   * The account pricing treats as paying: the buyer. Coupons are per account and the wallet is
   * the owner's either way, so a main account paying its sub-account's order prices as the
   * sub-account would.
   */
  private async payerOf(user: UserRow, order: OrderRow): Promise<Pick<UserRow, 'sid' | 'level' | 'parentSid'>> {
    if (order.userSid === user.sid) return user;
    return { sid: order.userSid, level: AccountLevel.SUB, parentSid: order.ownerSid };
  }

  /**
   * A sub-account pays from its main account's wallet only once the main account approved the
   * order. The first attempt asks for approval (PENDING) and answers AUDIT_REQUIRED.
   */
  private async assertWalletApproval(user: UserRow, order: OrderRow): Promise<void> {
    if (order.userSid === order.ownerSid || user.sid === order.ownerSid) return;
    if (order.auditStatus === AuditStatus.APPROVED) return;
    if (order.auditStatus === AuditStatus.REJECTED) throw new AppError(ErrorCode.AUDIT_REJECTED);
    if (order.auditStatus === AuditStatus.NONE) {
      await updateOrderAudit(this.db, order.sid, [AuditStatus.NONE], {
        auditStatus: AuditStatus.PENDING,
        auditMessage: null,
      });
    }
    throw new AppError(ErrorCode.AUDIT_REQUIRED);
  }

  /**
   * The price the wallet choice would charge, read before any lock: decides whether a
   * sub-account needs its main account's approval (a free order spends nothing of the company).
   */
  private async isFreeByWallet(user: UserRow, order: OrderRow, code: string | null): Promise<boolean> {
    const { breakdown } = await priceWithContext(this.db, {
      orderType: order.orderType,
      lineCents: await orderLineCents(this.db, order),
      code,
      payWay: 'WALLET',
      user: await this.payerOf(user, order),
      vipRateBp: this.deps.money.vipRateBp,
      now: this.orders.now(),
      orderSid: order.sid,
    });
    return breakdown.priceCents === 0;
  }

  /**
   * POST /api/order/{id}/wallet. One transaction: lock the order, re-price, lock the owner's
   * valid lots earliest-expiring first, debit lot by lot (a ledger 'spend' entry each), claim
   * the coupon under its limit, apply the paid order's effects, mark it PAYED. Any refusal
   * rolls everything back. Repeating the call for an order this wallet already paid answers
   * the same success again.
   * A price of 0 (a coupon covers it) is completed instead of paid: pay way FREE, no debit, no
   * ledger entry, no approval needed, the coupon claim made in the same transaction.
   */
  async payByWallet(
    user: UserRow,
    sid: string,
    input: { code: string | null; referer: string | null },
  ): Promise<TWalletPayResponse> {
    const found = await this.findPayableOrder(user, sid);
    if (found.orderType === OrderType.WALLET) throw new AppError(ErrorCode.WALLET_RECHARGE_NOT_BY_WALLET);
    if (found.status === OrderStatus.PAYED && isPaidWithoutMoneyFromOutside(found)) return this.walletPaidAnswer(found);
    if (!OrderStateMachine.can(found.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    assertPayWayAllowed(found, 'WALLET');
    if (!this.isApprovalSettled(user, found) && !(await this.isFreeByWallet(user, found, input.code))) {
      await this.assertWalletApproval(user, found);
    }

    const ownerSid = found.ownerSid;
    const now = this.orders.now();
    // Lapsed money is written off first so it can never be spent (own transaction, idempotent).
    await writeOffLapsedMoney(this.db, ownerSid, now);

    const result = await this.db.transaction(async (tx) => {
      const order = await lockOrderBySid(tx, sid);
      if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.status === OrderStatus.PAYED && isPaidWithoutMoneyFromOutside(order)) {
        return { order, couponCode: null, items: null, repeat: true };
      }
      if (!OrderStateMachine.can(order.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
      assertPayWayAllowed(order, 'WALLET');
      // Locks the wallet before pricing: VIP status and balance are then fixed until commit.
      const lots = await lockWallet(tx, ownerSid, now);
      const items = await listItemsOfOrders(tx, [order.sid]);
      // Another order may have bought one of these licences since this one was placed.
      if (order.orderType === OrderType.MATERIAL) await assertLicencesNotOwned(tx, order.ownerSid, items);
      const { breakdown } = await priceWithContext(tx, {
        orderType: order.orderType,
        lineCents: items.length > 0 ? items.map((i) => i.unitPriceCents) : [order.priceOriginCents],
        code: input.code,
        payWay: 'WALLET',
        user: await this.payerOf(user, order),
        vipRateBp: this.deps.money.vipRateBp,
        now,
        isVip: lots.length > 0,
        orderSid: order.sid,
      });
      const isFree = breakdown.priceCents === 0;
      if (!isFree) {
        // A sub-account's approval was checked before the lock; a cancel or audit change since is re-checked here.
        if (!this.isApprovalSettled(user, order)) throw new AppError(ErrorCode.AUDIT_REQUIRED);
        const balance = balanceOf(lots);
        if (balance < breakdown.priceCents) {
          throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, balanceTooLowMessage(formatYuan(balance)));
        }
        // A refused debit cannot happen under the row locks; if it ever did, it throws CONFLICT
        // and nothing of this payment stays.
        await debitWallet(tx, lots, { ownerSid, orderSid: order.sid, amountCents: breakdown.priceCents });

        // Test hook (refused in production by config): a window in which the server can be
        // killed with the debit written but not committed.
        if (this.deps.money.walletPayTestDelayMs > 0) await sleep(this.deps.money.walletPayTestDelayMs);
      }

      const payWay = isFree ? 'FREE' : 'WALLET';
      const price = {
        couponCode: input.code ? input.code.trim().toUpperCase() : null,
        referer: input.referer ?? order.referer,
        payWay,
        ...breakdown,
      };
      const paid = await applyOrderPaid(
        tx,
        { ...order, ...price },
        {
          orderSid: order.sid,
          payWay,
          gateway: isFree ? 'free' : 'wallet',
          tradeNo: null,
          amountCents: breakdown.priceCents,
          paidAt: now,
          idempotencyKey: `${isFree ? 'free' : 'wallet'}:${order.sid}`,
        },
        { reward: this.deps.money.orderReward, items, price },
      );
      if (paid.couponRefused === 'coupon_gone') throw new AppError(ErrorCode.COUPON_INVALID);
      if (paid.couponRefused) throw new AppError(claimErrorOf(paid.couponRefused));
      return { order: paid.order, couponCode: paid.couponCode, items, repeat: false };
    });
    if (result.repeat || !result.items) return this.walletPaidAnswer(result.order);
    return { coupon: result.couponCode, order: await this.orders.presentOne(result.order, result.items) };
  }

  /** True when no approval is needed: the buyer's own wallet, the main account paying, or approved. */
  private isApprovalSettled(user: UserRow, order: OrderRow): boolean {
    return (
      order.userSid === order.ownerSid || user.sid === order.ownerSid || order.auditStatus === AuditStatus.APPROVED
    );
  }

  private async walletPaidAnswer(order: OrderRow): Promise<TWalletPayResponse> {
    return { coupon: await couponCodeOf(this.db, order.rewardCouponSid), order: await this.orders.presentOne(order) };
  }

  private transferInfoOf(order: OrderRow): TOrderTransferInfo {
    const payee = this.deps.money.transfer;
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
  async requestTransfer(
    user: UserRow,
    sid: string,
    input: { code: string | null; referer: string | null },
  ): Promise<{ info: TOrderTransferInfo; order: TOrder }> {
    const order = await this.findPayableOrder(user, sid);
    if (!OrderStateMachine.can(order.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    const priced = await this.db.transaction(async (tx) => {
      const locked = await lockOrderBySid(tx, sid);
      if (!locked) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      const repriced = await repriceOrderForPayment(tx, {
        order: locked,
        user: await this.payerOf(user, locked),
        code: input.code,
        referer: input.referer,
        payWay: 'TRANSFER',
        vipRateBp: this.deps.money.vipRateBp,
        now: this.orders.now(),
      });
      return repriced;
    });
    return { info: this.transferInfoOf(priced), order: await this.orders.presentOne(priced) };
  }

  async getTransferInfo(user: UserRow, sid: string): Promise<{ info: TOrderTransferInfo; order: TOrder }> {
    const order = await this.findPayableOrder(user, sid);
    if (order.payWay !== 'TRANSFER') throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
    return { info: this.transferInfoOf(order), order: await this.orders.presentOne(order) };
  }

  /** The main account approves or refuses a sub-account's wallet payment of an order. */
  async auditOrder(
    main: UserRow,
    sid: string,
    input: { approved: boolean; message: string | null },
  ): Promise<{ order: TOrder }> {
    const order = await findOrderBySid(this.db, sid);
    if (!order || order.ownerSid !== main.sid || order.userSid === main.sid) {
      throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    }
    const updated = await updateOrderAudit(
      this.db,
      sid,
      [AuditStatus.NONE, AuditStatus.PENDING, AuditStatus.REJECTED],
      { auditStatus: input.approved ? AuditStatus.APPROVED : AuditStatus.REJECTED, auditMessage: input.message },
    );
    if (!updated) throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
    return { order: await this.orders.presentOne(updated) };
  }

  /**
   * Operator: the funds of a transfer arrived. Settles the order; a repeat changes nothing.
   * Money that arrives after the order was cancelled at its deadline is honoured too: the order
   * is re-opened at its price and settled, and the audit log records it as late with the note.
   */
  async confirmTransfer(
    operatorSid: string,
    sid: string,
    note: string,
  ): Promise<{ order: TOrder; coupon: string | null }> {
    const result = await this.db.transaction(async (tx) => {
      let order = await lockOrderBySid(tx, sid);
      if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.payWay !== 'TRANSFER') throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
      const lapsed = order.status === OrderStatus.CANCELLED;
      if (lapsed) {
        const reopened = await transitionOrder(tx, order, { to: OrderStatus.CREATED });
        if (!reopened) throw new AppError(ErrorCode.TRANSFER_NOT_PENDING);
        order = { ...reopened, status: OrderStatus.CANCELLED };
      }
      const settled = await settleOrderPayment(
        tx as unknown as Db,
        {
          orderSid: sid,
          payWay: 'TRANSFER',
          gateway: 'transfer',
          tradeNo: null,
          amountCents: order.priceCents,
          paidAt: this.orders.now(),
          idempotencyKey: `transfer:${sid}`,
        },
        { reward: this.deps.money.orderReward },
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
    return { order: await this.orders.presentOne(result.order!), coupon: result.couponCode };
  }

  /**
   * Operator: no matching funds. The order leaves the transfer queue and stays CREATED, so the
   * buyer may pay it another way (or transfer again); the note is kept in the audit log.
   */
  async rejectTransfer(operatorSid: string, sid: string, note: string): Promise<{ order: TOrder }> {
    const updated = await this.db.transaction(async (tx) => {
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
    return { order: await this.orders.presentOne(updated) };
  }
}
