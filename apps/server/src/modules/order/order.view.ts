import {
  AUDIT_STATUS_VALUES,
  type AuditStatus,
  isLicenceType,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderType,
  PAY_WAYS,
  PayWay,
  type TInvoice,
  type TOrderRefund,
  type TOrder,
} from '@gemstock/contract';
import type { PublicUrlOf } from '../catalog/index.js';
import { presentDemand, type DemandRow } from '../design/index.js';
import type { OrderItemView, OrderRow } from './order.repository.js';

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The wire order (spec §3). `membetDiscount` is spelt as the order drawer reads it. */
export function presentOrder(
  row: OrderRow,
  context: {
    items: OrderItemView[];
    demand: DemandRow | null;
    publicUrlOf: PublicUrlOf;
    /** When an unpaid order is cancelled (order-deadline.ts); null once paid or cancelled. */
    expiresAt?: Date | null;
    /** The order's current invoice (the invoice module's `invoicesOfOrders`). */
    invoice?: TInvoice | null;
    /** A refunded order's refund (the payment module's `orderRefundsOf`). */
    refund?: TOrderRefund | null;
  },
): TOrder {
  return {
    sid: row.sid,
    orderNo: row.orderNo,
    name: row.name,
    orderType: oneOf<OrderType>(ORDER_TYPES, row.orderType, 'material'),
    status: oneOf<OrderStatus>(ORDER_STATUSES, row.status, 'CREATED'),
    payWay: row.payWay ? oneOf<PayWay>(PAY_WAYS, row.payWay, PayWay.WALLET) : null,
    payTime: row.payTime?.toISOString() ?? null,
    spec: row.spec !== null && isLicenceType(row.spec) ? row.spec : null,
    referer: row.referer,
    couponCode: row.couponCode,
    priceOrigin: row.priceOriginCents,
    membetDiscount: row.discountMemberCents,
    couponDiscount: row.discountCouponCents,
    finalPrice: row.priceCents,
    materials: context.items
      .filter((i) => isLicenceType(i.spec))
      .map((i) => ({
        sid: i.materialSid,
        spec: i.spec as 1 | 2 | 3 | 4,
        unitPrice: i.unitPriceCents,
        thumbUrl: context.publicUrlOf(i.thumbKey),
        keywords: i.keywords,
      })),
    invoice: context.invoice ?? null,
    demand: context.demand ? presentDemand(context.demand) : null,
    user: row.userSid,
    auditStatus: oneOf<AuditStatus>(AUDIT_STATUS_VALUES, row.auditStatus, 'NONE'),
    auditMessage: row.auditMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.upgradeFromSpec !== null && isLicenceType(row.upgradeFromSpec) ? { upgradeFrom: row.upgradeFromSpec } : {}),
    ...(context.expiresAt !== undefined ? { expiresAt: context.expiresAt?.toISOString() ?? null } : {}),
    ...(context.refund ? { refund: context.refund } : {}),
  };
}
