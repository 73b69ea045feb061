import {
  type PayWay,
  AuditStatus,
  ErrorCode,
  OrderStateMachine,
  OrderStatus,
  type TOrder,
  type TPricePreview,
} from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { reserveMonthlyBudget } from '../user/sub-account-budget.js';
import type { UserRow } from '../user/user.repository.js';
import { approvalBreakdownOf, orderLineCents, payerOf, priceWithContext, toPricePreview } from './order-pricing.js';
import { paymentDeadlineOf } from './order-deadline.js';
import { payByText, tellApprovalDecided } from './order-notice.js';
import { findOrderBySid, type OrderRow, updateOrderAudit } from './order.repository.js';
import type { OrderDeps, OrderService } from './order.service.js';

/**
 * Before paying: the price a pay way would charge (the pay drawer's preview), and the main
 * account's approval of a sub-account's wallet payment. Paying itself is modules/payment's.
 */
export class OrderCheckoutService {
  constructor(private readonly orders: OrderService) {}

  private get deps(): OrderDeps {
    return this.orders.deps;
  }

  private get db(): Db {
    return this.deps.db;
  }

  private get noticeDeps() {
    return { db: this.db, messages: this.deps.messages, siteName: this.deps.siteName };
  }

  /** Orders the account may pay: its own, and a main account its sub-accounts' (from its own wallet). */
  private findPayableOrder(user: UserRow, sid: string): Promise<OrderRow> {
    return this.orders.findVisibleOrder(user, sid);
  }

  async previewPayment(
    user: UserRow,
    sid: string,
    input: { code: string | null; referer: string | null; pay_way: PayWay | null },
  ): Promise<TPricePreview> {
    const order = await this.findPayableOrder(user, sid);
    if (!OrderStateMachine.can(order.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    const { breakdown } = await priceWithContext(this.db, {
      orderType: order.orderType,
      lineCents: await orderLineCents(this.db, order),
      code: input.code,
      payWay: input.pay_way,
      user: payerOf(user, order),
      vipRateBp: this.deps.money.vipRateBp,
      now: this.orders.now(),
      orderSid: order.sid,
      creditCents: order.discountCreditCents,
    });
    return toPricePreview(breakdown);
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
    const from: readonly string[] = [AuditStatus.NONE, AuditStatus.PENDING, AuditStatus.REJECTED];
    if (!input.approved) {
      const refused = await updateOrderAudit(this.db, sid, from, {
        auditStatus: AuditStatus.REJECTED,
        auditMessage: input.message,
      });
      if (!refused) throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
      await tellApprovalDecided(this.noticeDeps, refused, { approved: false, payBy: null });
      return { order: await this.orders.presentOne(refused) };
    }
    // An approval counts against the sub-account's monthly budget: checked and recorded under
    // the sub-account's row lock, so concurrent approvals cannot together exceed it.
    const now = this.orders.now();
    const approved = await this.db.transaction(async (tx) => {
      const current = await findOrderBySid(tx, sid);
      if (
        !current ||
        !from.includes(current.auditStatus) ||
        !OrderStateMachine.can(current.status, OrderStatus.PAYED)
      ) {
        throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
      }
      // What the wallet will charge at most: the member price without a coupon (a coupon only
      // lowers it; a wallet with money is a VIP wallet, so the member price is what it pays).
      // Stored as the order's price too: the card, the approval and the budget read one amount.
      const breakdown = await approvalBreakdownOf(tx, current, { vipRateBp: this.deps.money.vipRateBp, now });
      await reserveMonthlyBudget(tx, current.userSid, breakdown.priceCents, now);
      const updated = await updateOrderAudit(tx, sid, from, {
        auditStatus: AuditStatus.APPROVED,
        auditMessage: input.message,
        approvedAt: now,
        approvedCents: breakdown.priceCents,
        ...breakdown,
      });
      if (!updated) throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
      return updated;
    });
    const payBy = this.deps.deadlines ? paymentDeadlineOf(approved, null, this.deps.deadlines) : null;
    await tellApprovalDecided(this.noticeDeps, approved, { approved: true, payBy: payBy ? payByText(payBy) : null });
    return { order: await this.orders.presentOne(approved) };
  }
}
