import { OrderType, type TOrderListItem, formatYuan } from '@gemstock/contract';
import { materialTitle } from '@/lib/material-licence';
import { orderLineLicenceText } from '@/lib/order-labels';
import { Suspense, lazy, useState } from 'react';
import { PayDeadlineLine } from '@/components/pay-deadline-line';
import { PriceText } from '@/components/price-text';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useCurrentUser } from '@/stores/session';
import { useCancelOrder } from '../api/cancel-order';
import {
  amountLabelOf,
  auditLabelOf,
  auditRefusalNote,
  ORDER_TYPE_LABEL,
  orderStatusLabel,
  payWayText,
  refundLineOf,
} from '@/lib/order-labels';
import { orderActions } from '../lib/order-actions';
import { lazyDialog } from './lazy-dialog';

// What paid orders show (the invoice line, 下载原图 and 授权证书): its code is fetched beside the
// orders request (prefetchOrderParts, once the cards' code is in), so it is ready with the cards.
const loadInvoice = () => import('./order-invoice');
const loadMaterialActions = () => import('./order-material-actions');
const OrderInvoice = lazy(async () => ({ default: (await loadInvoice()).OrderInvoice }));
const OrderMaterialActions = lazy(async () => ({ default: (await loadMaterialActions()).OrderMaterialActions }));

/** Starts loading what paid orders show, while their list is being asked for. */
export function prefetchOrderParts(): void {
  void loadInvoice();
  void loadMaterialActions();
}

// only a main account's pending sub-account orders show 通过 / 拒绝: their code comes when one does
const AuditActions = lazy(async () => ({ default: (await import('./audit-actions')).AuditActions }));

// the confirmation (and antd) loads on the first click of 取消订单
const CancelOrderConfirm = lazyDialog('CancelOrderConfirm');

/** 取消订单: a plain button until it is first clicked, then antd's Popconfirm around antd's. */
function CancelAction({ orderSid }: { orderSid: string }) {
  const cancel = useCancelOrder();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const plain = (
    <Button
      loading={cancel.isPending}
      onClick={() => {
        setArmed(true);
        setOpen(true);
      }}
    >
      取消订单
    </Button>
  );
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <CancelOrderConfirm
        open={open}
        onOpenChange={setOpen}
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(orderSid, { onSuccess: () => notify.success('订单已取消') })}
      />
    </Suspense>
  );
}

function Breakdown({ order }: { order: TOrderListItem }) {
  return (
    <dl className="gs-record-breakdown">
      <div>
        <dt>原价</dt>
        <dd>{formatYuan(order.priceOrigin)}</dd>
      </div>
      {order.membetDiscount > 0 && (
        <div>
          <dt>会员优惠</dt>
          <dd>{formatYuan(-order.membetDiscount)}</dd>
        </div>
      )}
      {order.couponDiscount > 0 && (
        <div>
          <dt>优惠券{order.couponCode ? `（${order.couponCode}）` : ''}</dt>
          <dd>{formatYuan(-order.couponDiscount)}</dd>
        </div>
      )}
      <div className="gs-record-breakdown__total">
        <dt>{amountLabelOf(order.status)}</dt>
        <dd>
          <PriceText cents={order.finalPrice} />
        </dd>
      </div>
    </dl>
  );
}

/** A refunded order: how much went back, where, and whether it is back yet. */
function RefundLine({ refund }: { refund: NonNullable<TOrderListItem['refund']> }) {
  const line = refundLineOf(refund);
  return (
    <span className="gs-text-danger" role="status">
      {line.status} {formatYuan(refund.amount)}（{line.channel}）
      {refund.settledAt ? ` · ${formatDateTime(refund.settledAt)}` : ''}
    </span>
  );
}

/**
 * One order on the records pages: status, pay way, price breakdown, its materials, and what can
 * be done with it (continue paying, cancel, approve, download originals and certificates).
 */
export function OrderCard({ order }: { order: TOrderListItem }) {
  const user = useCurrentUser();
  const actions = orderActions(order, { level: user?.level ?? 0 });
  const status = orderStatusLabel(order);
  const audit = auditLabelOf(order.auditStatus);
  const refusalNote = auditRefusalNote(order);

  return (
    <article className="gs-card gs-record" aria-label={`订单 ${order.orderNo}`}>
      <div className="gs-record__head">
        <div className="gs-record__tags">
          <Tag color={status.color} className="gs-record__status">
            {status.text}
          </Tag>
          <strong className="gs-text-strong">{order.name}</strong>
          <Tag>{ORDER_TYPE_LABEL[order.orderType]}</Tag>
          {order.fromSubAccount && <Tag color="blue">子账号 {order.buyer ?? ''}</Tag>}
          {audit && <Tag color={audit.color}>{audit.text}</Tag>}
        </div>
        <span className="gs-text-secondary gs-text-small">
          订单号 {order.orderNo} · 下单 {formatDateTime(order.createdAt)}
          {order.payTime ? ` · 支付 ${formatDateTime(order.payTime)}` : ''}
        </span>
      </div>
      {actions.showsDeadline && (
        <PayDeadlineLine expiresAt={order.expiresAt} kind={order.payWay === 'TRANSFER' ? 'transfer' : 'online'} />
      )}

      <div className="gs-record__body">
        <div className="gs-record__items">
          {order.orderType === OrderType.MATERIAL && order.materials.length > 0 ? (
            order.materials.map((line) => (
              <div key={line.sid} className="gs-record__item">
                <span className="gs-record__thumb">
                  {line.thumbUrl ? <img src={line.thumbUrl} alt="" width={56} height={56} loading="lazy" /> : '图'}
                </span>
                <div className="gs-record__item-text">
                  <span className="gs-ellipsis">{materialTitle(line)}</span>
                  <span className="gs-text-secondary gs-text-small">
                    {orderLineLicenceText(order, line.spec)} · 编号 {line.sid} · {formatYuan(line.unitPrice)}
                  </span>
                </div>
                {actions.canDownload && (
                  <Suspense fallback={null}>
                    <OrderMaterialActions orderSid={order.sid} materialSid={line.sid} />
                  </Suspense>
                )}
              </div>
            ))
          ) : (
            <span className="gs-text-secondary">
              {order.orderType === OrderType.WALLET
                ? 'VIP 月度会员，充值到账起 1 个月内有效，到期后余额失效'
                : order.name}
            </span>
          )}
          {refusalNote && (
            <span className="gs-text-danger" style={{ display: 'block', marginTop: 8 }}>
              审批意见：{refusalNote}
            </span>
          )}
        </div>
        <div className="gs-record__side">
          <span className="gs-text-secondary">支付方式：{payWayText(order)}</span>
          <Breakdown order={order} />
          {order.refund && <RefundLine refund={order.refund} />}
          {actions.showsInvoice && (
            <Suspense fallback={null}>
              <OrderInvoice order={order} />
            </Suspense>
          )}
          <div className="gs-record__actions">
            {actions.canAudit && (
              <Suspense fallback={null}>
                <AuditActions orderSid={order.sid} orderNo={order.orderNo} />
              </Suspense>
            )}
            {actions.canCancel && <CancelAction orderSid={order.sid} />}
            {actions.canPay && (
              <Button kind="primary" onClick={() => checkout.openOrder(order)}>
                继续支付
              </Button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
