import { OrderStatus, PayWay, type TAdminOrder } from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { PriceText } from '@/components/price-text';
import { ORDER_TYPE_LABEL } from '@/lib/order-labels';
import { useOrders } from '../api/get-orders';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { BuyerCell } from '../components/order-tags';
import { TransferDecisionModal, type TransferDecisionTarget } from '../components/transfer-decision-modal';
import { formatDateTime } from '@/lib/date-time';
import { RefreshButton } from '../components/refresh-button';
import { useAdminPaging } from '../lib/use-admin-paging';
import { ScrollTable } from '@/components/scroll-table';

/**
 * The bank-transfer queue: unpaid orders whose buyer chose 对公转账 (the order API's
 * status=CREATED&pay_way=TRANSFER). The operator matches each against the bank statement by its
 * reference and amount, then confirms the funds or rejects the transfer.
 */
export function TransfersPage() {
  const [q, setQ] = useState<string | undefined>();
  const { page, pageSize, setPage, pagination } = useAdminPaging();
  const [deciding, setDeciding] = useState<TransferDecisionTarget | null>(null);
  const [openSid, setOpenSid] = useState<string | null>(null);
  const list = useOrders({
    status: OrderStatus.CREATED,
    pay_way: PayWay.TRANSFER,
    q,
    page,
    page_size: pageSize,
  });
  const { data, isFetching, isLoading, refetch } = list;

  const columns: ColumnsType<TAdminOrder> = [
    {
      title: '转账识别码',
      dataIndex: 'transferReference',
      width: 260,
      render: (reference: string | null) =>
        reference ? (
          <Typography.Text
            strong
            copyable={{ text: reference, tooltips: ['复制识别码', '已复制'] }}
            style={{ fontFamily: 'monospace', fontSize: 16 }}
          >
            {reference}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '应付金额',
      dataIndex: 'finalPrice',
      width: 150,
      align: 'right',
      render: (cents: number) => <PriceText cents={cents} />,
    },
    { title: '付款企业 / 买家', key: 'buyer', width: 200, render: (_, o) => <BuyerCell buyer={o.buyer} /> },
    {
      title: '订单',
      key: 'order',
      width: 240,
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Tag>{ORDER_TYPE_LABEL[o.orderType]}</Tag>
            <Typography.Text ellipsis={{ tooltip: o.name }} style={{ maxWidth: 160 }}>
              {o.name}
            </Typography.Text>
          </Space>
          <Typography.Text type="secondary" style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {o.orderNo}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (iso: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso)}</span>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, o) => (
        <Space size={4}>
          <Button type="primary" size="small" onClick={() => setDeciding({ order: o, decision: 'confirm' })}>
            确认到账
          </Button>
          <Button danger size="small" onClick={() => setDeciding({ order: o, decision: 'reject' })}>
            驳回
          </Button>
          <Button type="link" size="small" onClick={() => setOpenSid(o.sid)}>
            详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Flex wrap gap={8} align="center" style={{ paddingBlock: 12 }}>
          <Input.Search
            allowClear
            enterButton="搜索"
            placeholder="订单号、买家邮箱 / 手机号 / 用户名或企业"
            aria-label="搜索转账订单"
            style={{ width: 340 }}
            onSearch={(value) => {
              setQ(value.trim() || undefined);
              setPage(1);
            }}
          />
        </Flex>
      }
      extra={<RefreshButton query={{ refetch, isFetching, isLoading }} />}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="买家选择对公转账后，订单在此等待确认"
        description="请在银行流水中找到转账备注含该识别码的款项，核对付款企业与金额一致后点击「确认到账」，订单随即完成；长期未到账或金额不符的，填写原因后「驳回」，订单回到待支付。"
      />
      <ScrollTable<TAdminOrder>
        regionLabel="对公转账列表"
        loadState={list}
        rowKey="sid"
        columns={columns}
        dataSource={data?.orders ?? []}
        loading={isLoading}
        scroll={{ x: 1220 }}
        size="middle"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={q ? '没有符合条件的待确认转账' : '没有等待确认的对公转账'}
            />
          ),
        }}
        pagination={pagination(data?.total ?? 0, (total) => `共 ${total} 笔待确认`)}
      />
      <TransferDecisionModal target={deciding} onClose={() => setDeciding(null)} />
      <OrderDetailDrawer sid={openSid} onClose={() => setOpenSid(null)} />
    </Card>
  );
}
