import type { OrderStatus, TAdminOrder } from '@gemstock/contract';
import { Space, Tag } from 'antd';
import { auditLabelOf, ORDER_STATUS_LABEL } from '@/lib/order-labels';
import { buyerName } from '../lib/format';
import { EllipsisText } from './plain-text';

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

/**
 * The buyer as a table cell: who, and for which company (what a bank statement shows). Drawn
 * without Typography's machinery (components/plain-text.tsx): forty of them in a list of orders.
 */
export function BuyerCell({ buyer }: { buyer: TAdminOrder['buyer'] }) {
  return (
    <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
      <EllipsisText tooltip={buyerName(buyer)}>{buyerName(buyer)}</EllipsisText>
      <EllipsisText type="secondary" tooltip={buyer.company ?? '未填写企业'} style={{ fontSize: 12 }}>
        {buyer.company ?? '未填写企业'}
      </EllipsisText>
    </Space>
  );
}
