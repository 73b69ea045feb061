import { ORDER_STATUSES, formatYuan, type TPaymentException } from '@gemstock/contract';
import { Alert, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { usePaymentExceptions } from '../api/get-payment-exceptions';
import { OrderStatusTag } from '../components/order-tags';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '@/lib/date-time';
import { gatewayText, reasonText } from '../lib/payment-labels';
import { RefreshButton } from '../components/refresh-button';
import { useAdminPaging } from '../lib/use-admin-paging';
import { ScrollTable } from '@/components/scroll-table';

const MONO_SMALL = { fontFamily: 'monospace', fontSize: 12 } as const;

function orderLink(sid: string): string {
  return `${adminPaths.orders}?${new URLSearchParams({ order: sid }).toString()}`;
}

/** `orderStatus` is a plain string on the wire; known statuses get the usual tag. */
function OrderStatusCell({ status }: { status: string | null }) {
  if (status === null) return null;
  const known = ORDER_STATUSES.find((s) => s === status);
  return known ? <OrderStatusTag status={known} /> : <Tag>{status}</Tag>;
}

function TradeNo({ label, value }: { label: string; value: string | null }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}{' '}
      </Typography.Text>
      {value ? (
        <Typography.Text copyable style={MONO_SMALL}>
          {value}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </span>
  );
}

/**
 * Payments that arrived but could not settle their order (order cancelled, paid twice, amount
 * different from what was charged). Nothing here is resolved automatically: the money is at the
 * gateway and an operator refunds it or contacts the buyer there.
 */
export function PaymentExceptionsPage() {
  const { page, pageSize, pagination } = useAdminPaging();
  const { data, isFetching, isLoading, refetch } = usePaymentExceptions({ page, page_size: pageSize });

  const columns: ColumnsType<TPaymentException> = [
    {
      title: '编号',
      dataIndex: 'id',
      width: 64,
      render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text>,
    },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 170,
      render: (reason: string) => {
        const text = reasonText(reason);
        return text ? (
          <Tooltip title={reason}>
            <Tag color="red">{text}</Tag>
          </Tooltip>
        ) : (
          <Tag color="red">{reason}</Tag>
        );
      },
    },
    {
      title: '到账金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (cents: number | null) => (
        <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {cents !== null ? formatYuan(cents) : '—'}
        </span>
      ),
    },
    { title: '支付渠道', dataIndex: 'gateway', width: 100, render: (gateway: string) => gatewayText(gateway) },
    {
      title: '订单',
      key: 'order',
      width: 210,
      render: (_, e) =>
        e.orderSid ? (
          <Space orientation="vertical" size={2}>
            <Link to={orderLink(e.orderSid)} style={MONO_SMALL}>
              {e.orderNo ?? e.orderSid}
            </Link>
            <OrderStatusCell status={e.orderStatus} />
          </Space>
        ) : (
          <Typography.Text type="secondary">未关联订单</Typography.Text>
        ),
    },
    {
      title: '商户单号 / 渠道交易号',
      key: 'trade',
      width: 330,
      render: (_, e) => (
        <Space orientation="vertical" size={0}>
          <TradeNo label="商户" value={e.outTradeNo} />
          <TradeNo label="渠道" value={e.tradeNo} />
        </Space>
      ),
    },
    {
      title: '通知次数',
      dataIndex: 'deliveries',
      width: 80,
      align: 'right',
    },
    {
      title: '首次 / 最近通知',
      key: 'time',
      width: 150,
      render: (_, e) => (
        <Space orientation="vertical" size={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <span>{formatDateTime(e.firstAt)}</span>
          {e.lastAt !== e.firstAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(e.lastAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="待核实的款项" extra={<RefreshButton query={{ refetch, isFetching, isLoading }} />}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="这些款项已经付到支付渠道，但没有入账到订单"
        description="例如订单取消后才付款、同一订单重复付款、付款金额与订单不符。系统不会自动处理，请到对应支付渠道的商户后台核实，再为买家退款或联系买家。同一笔付款的多次通知合并为一行。"
      />
      <ScrollTable<TPaymentException>
        regionLabel="支付异常列表"
        rowKey="id"
        columns={columns}
        dataSource={data?.exceptions ?? []}
        loading={isLoading}
        scroll={{ x: 1230 }}
        size="middle"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无支付异常" />,
        }}
        pagination={pagination(data?.total ?? 0, (total) => `共 ${total} 条`)}
      />
    </Card>
  );
}
