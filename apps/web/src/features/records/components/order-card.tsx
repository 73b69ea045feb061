import { AuditStatus, OrderStatus, OrderType, type TOrderListItem, formatYuan } from '@gemstock/contract';
import { materialTitle } from '@/lib/material-licence';
import { orderLineLicenceText } from '@/lib/order-labels';
import { Avatar, Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { PayDeadline } from '@/components/pay-deadline';
import { PriceText } from '@/components/price-text';
import { formatDateTime } from '@/lib/form';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useCurrentUser } from '@/stores/session';
import { useCancelOrder } from '../api/cancel-order';
import { orderStatusLabel } from '@/lib/order-labels';
import { AUDIT_LABEL, ORDER_TYPE_LABEL, orderActions, payWayText } from '../lib/order-labels';
import { AuditActions } from './audit-actions';
import { OrderInvoice } from './order-invoice';
import { OrderMaterialActions } from './order-material-actions';

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
        <dt>{order.status === 'PAYED' ? '实付' : '应付'}</dt>
        <dd>
          <PriceText cents={order.finalPrice} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * One order on the records pages: status, pay way, price breakdown, its materials, and what can
 * be done with it (continue paying, cancel, approve, download originals and certificates).
 */
export function OrderCard({ order }: { order: TOrderListItem }) {
  const user = useCurrentUser();
  const cancel = useCancelOrder();
  const actions = orderActions(order, { level: user?.level ?? 0 });
  const status = orderStatusLabel(order);
  const audit = order.auditStatus !== AuditStatus.NONE ? AUDIT_LABEL[order.auditStatus] : null;

  return (
    <article className="gs-card gs-record" aria-label={`订单 ${order.orderNo}`}>
      <Flex className="gs-record__head" justify="space-between" align="center" wrap gap={8}>
        <Space size={12} wrap>
          <Tag color={status.color} className="gs-record__status">
            {status.text}
          </Tag>
          <Typography.Text strong>{order.name}</Typography.Text>
          <Tag>{ORDER_TYPE_LABEL[order.orderType]}</Tag>
          {order.fromSubAccount && <Tag color="blue">子账号 {order.buyer ?? ''}</Tag>}
          {audit && <Tag color={audit.color}>{audit.text}</Tag>}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          订单号 {order.orderNo} · 下单 {formatDateTime(order.createdAt)}
          {order.payTime ? ` · 支付 ${formatDateTime(order.payTime)}` : ''}
        </Typography.Text>
      </Flex>
      {order.status === OrderStatus.CREATED && (
        <PayDeadline expiresAt={order.expiresAt} kind={order.payWay === 'TRANSFER' ? 'transfer' : 'online'} compact />
      )}

      <Flex className="gs-record__body" gap={24} wrap justify="space-between">
        <div className="gs-record__items">
          {order.orderType === OrderType.MATERIAL && order.materials.length > 0 ? (
            order.materials.map((line) => (
              <Flex key={line.sid} gap={12} align="center" className="gs-record__item">
                <Avatar shape="square" size={56} src={line.thumbUrl ?? undefined} alt="">
                  图
                </Avatar>
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text ellipsis>{materialTitle(line)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {orderLineLicenceText(order, line.spec)} · 编号 {line.sid} · {formatYuan(line.unitPrice)}
                  </Typography.Text>
                </Flex>
                {actions.canDownload && <OrderMaterialActions orderSid={order.sid} materialSid={line.sid} />}
              </Flex>
            ))
          ) : (
            <Typography.Text type="secondary">
              {order.orderType === OrderType.WALLET
                ? 'VIP 月度会员，充值到账起 1 个月内有效，到期后余额失效'
                : order.name}
            </Typography.Text>
          )}
          {order.auditStatus === AuditStatus.REJECTED && order.auditMessage && (
            <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
              审批意见：{order.auditMessage}
            </Typography.Text>
          )}
        </div>
        <Flex vertical gap={8} className="gs-record__side">
          <Typography.Text type="secondary">支付方式：{payWayText(order)}</Typography.Text>
          <Breakdown order={order} />
          {order.status === OrderStatus.PAYED && <OrderInvoice order={order} />}
          <Flex gap={8} justify="end" wrap>
            {actions.canAudit && <AuditActions orderSid={order.sid} orderNo={order.orderNo} />}
            {actions.canCancel && (
              <Popconfirm
                title="确定取消该订单吗？"
                description="取消后如需购买需重新下单"
                okText="取消订单"
                cancelText="再想想"
                onConfirm={() => cancel.mutate(order.sid, { onSuccess: () => notify.success('订单已取消') })}
              >
                <Button loading={cancel.isPending}>取消订单</Button>
              </Popconfirm>
            )}
            {actions.canPay && (
              <Button type="primary" onClick={() => checkout.openOrder(order)}>
                继续支付
              </Button>
            )}
          </Flex>
        </Flex>
      </Flex>
    </article>
  );
}
