import {
  ADMIN_REFUND_API,
  ORDER_STATUSES,
  PAYMENT_EXCEPTION_STATUSES,
  PaymentExceptionStateMachine,
  type PaymentExceptionStatus,
  formatYuan,
  type TPaymentException,
} from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { REFUND_STATUS_LABEL } from '@/lib/order-labels';
import { oneOf, useAddressQuery } from '../lib/address-query';
import { useOperatorCan } from '../lib/operator-access';
import { ExceptionActionModal, type ExceptionActionTarget } from '../components/exception-action-modal';
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

const STATUS_TAG: Record<PaymentExceptionStatus, { text: string; color: string }> = {
  PENDING: { text: '待处理', color: 'red' },
  REFUNDED: { text: '已退款', color: 'purple' },
  HANDLED: { text: '已处理', color: 'default' },
};

type StatusFilter = PaymentExceptionStatus | 'ALL';

const EMPTY_TEXT: Record<StatusFilter, string> = {
  PENDING: '没有待处理的支付异常',
  REFUNDED: '没有已退款的支付异常',
  HANDLED: '没有已处理的支付异常',
  ALL: '暂无支付异常',
};

/** Where the exception stands: its state, who resolved it and how (the note), and its refund. */
function StatusCell({ exception }: { exception: TPaymentException }) {
  const tag = STATUS_TAG[exception.status];
  const refund = exception.refund ? REFUND_STATUS_LABEL[exception.refund.status] : null;
  return (
    <Space orientation="vertical" size={2}>
      <Space size={4}>
        <Tag color={tag.color}>{tag.text}</Tag>
        {refund && <Tag color={refund.color}>{refund.text}</Tag>}
      </Space>
      {exception.note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: exception.note }}>
          {exception.operator ?? '—'}：{exception.note}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Payments that arrived but could not settle their order (order cancelled, paid twice, amount
 * different from what was charged, a bank transfer above the price). Nothing is resolved
 * automatically: an operator refunds the money the way it came, or marks it handled with a note.
 */
export function PaymentExceptionsPage() {
  const address = useAddressQuery(['status']);
  const raw = address.params.get('status');
  const shown: StatusFilter = raw === 'ALL' ? 'ALL' : (oneOf(PAYMENT_EXCEPTION_STATUSES, raw) ?? 'PENDING');
  const { page, pageSize, setPage, pagination } = useAdminPaging(shown);
  const query = usePaymentExceptions({
    page,
    page_size: pageSize,
    ...(shown === 'ALL' ? {} : { status: shown }),
  });
  const { data, isFetching, isLoading, refetch } = query;
  const { can } = useOperatorCan();
  const [acting, setActing] = useState<ExceptionActionTarget | null>(null);

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
      title: '状态',
      key: 'status',
      width: 190,
      render: (_, e) => <StatusCell exception={e} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, e) =>
        PaymentExceptionStateMachine.may('refund', e.status) && can(ADMIN_REFUND_API.refundException) ? (
          <Space size={4}>
            <Button
              size="small"
              danger
              disabled={e.amount === null}
              onClick={() => setActing({ exception: e, action: 'refund' })}
            >
              退款
            </Button>
            <Button size="small" onClick={() => setActing({ exception: e, action: 'handle' })}>
              已处理
            </Button>
          </Space>
        ) : null,
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

  const statusFilter = (
    <Segmented<StatusFilter>
      aria-label="按状态筛选"
      value={shown}
      onChange={(value) => {
        address.update({ status: value === 'PENDING' ? undefined : value });
        setPage(1);
      }}
      options={[
        { value: 'PENDING', label: '待处理' },
        { value: 'REFUNDED', label: '已退款' },
        { value: 'HANDLED', label: '已处理' },
        { value: 'ALL', label: '全部' },
      ]}
    />
  );

  return (
    <Card
      title={
        <Flex wrap gap={8} align="center" style={{ paddingBlock: 12 }}>
          <span>待核实的款项</span>
          {statusFilter}
        </Flex>
      }
      extra={<RefreshButton query={{ refetch, isFetching, isLoading }} />}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="这些款项已经付到支付渠道，但没有入账到订单"
        description="例如订单取消后才付款、同一订单重复付款、付款金额与订单不符、对公转账多付。系统不会自动处理：核实后「退款」原路退回（多付的转账通过银行退回后登记流水号），或写明处理方式后标记「已处理」。同一笔付款的多次通知合并为一行。"
      />
      <ScrollTable<TPaymentException>
        regionLabel="支付异常列表"
        loadState={query}
        rowKey="id"
        columns={columns}
        dataSource={data?.exceptions ?? []}
        loading={isLoading}
        scroll={{ x: 1570 }}
        size="middle"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT[shown]} />,
        }}
        pagination={pagination(data?.total ?? 0, (total) => `共 ${total} 条`)}
      />
      <ExceptionActionModal target={acting} onClose={() => setActing(null)} />
    </Card>
  );
}
