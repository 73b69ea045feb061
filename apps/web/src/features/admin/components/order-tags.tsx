import type { OrderStatus, TAdminOrder } from '@gemstock/contract';
import { Space, Tag, Typography } from 'antd';
import { auditLabelOf, ORDER_STATUS_LABEL } from '@/lib/order-labels';
import { buyerName } from '../lib/format';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const label = ORDER_STATUS_LABEL[status];
  return <Tag color={label.color}>{label.text}</Tag>;
}

/** A sub-account's request to pay from its main account's wallet, when there is one. */
export function OrderAuditTag({ order }: { order: Pick<TAdminOrder, 'auditStatus'> }) {
  const label = auditLabelOf(order.auditStatus);
  if (!label) return null;
  return <Tag color={label.color}>{label.text}</Tag>;
}

/** The buyer as a table cell: who, and for which company (what a bank statement shows). */
export function BuyerCell({ buyer }: { buyer: TAdminOrder['buyer'] }) {
  return (
    <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
      <Typography.Text ellipsis={{ tooltip: true }}>{buyerName(buyer)}</Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ fontSize: 12 }}>
        {buyer.company ?? '未填写企业'}
      </Typography.Text>
    </Space>
  );
}
