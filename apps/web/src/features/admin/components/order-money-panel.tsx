import {
  ADMIN_REFUND_API,
  formatYuan,
  RefundStateMachine,
  type TAdminOrder,
  type TAdminRefund,
} from '@gemstock/contract';
import { Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { REFUND_CHANNEL_TEXT, REFUND_STATUS_LABEL } from '@/lib/order-labels';
import { useOrderMoney, useSyncRefund } from '../api/refunds';
import { useOperatorCan } from '../lib/operator-access';
import { RefundFollowUpModal, type RefundFollowUpTarget } from './refund-follow-up-modal';

const MONO = { fontFamily: 'monospace' } as const;

const ARRIVAL_OUTCOME: Record<string, { text: string; color: string }> = {
  partial: { text: '部分到账', color: 'orange' },
  settled: { text: '已确认收款', color: 'green' },
  overpaid: { text: '确认收款（多付）', color: 'volcano' },
};

/** A refund as the order drawer and the exceptions list show it, with what may follow it. */
export function RefundDetails({ refund }: { refund: TAdminRefund }) {
  const { can } = useOperatorCan();
  const sync = useSyncRefund();
  const [followUp, setFollowUp] = useState<RefundFollowUpTarget | null>(null);
  const status = REFUND_STATUS_LABEL[refund.status];
  const next = RefundStateMachine.capabilities(refund.status);
  const online = refund.channel === 'wechat' || refund.channel === 'alipay' || refund.channel === 'sandbox';
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 110 } }}
        items={[
          {
            key: 'status',
            label: '退款状态',
            children: (
              <Space wrap>
                <Tag color={status.color}>{status.text}</Tag>
                {next.succeed && online && can(ADMIN_REFUND_API.sync) && (
                  <Button
                    size="small"
                    loading={sync.isPending}
                    onClick={() =>
                      sync.mutate(refund.sid, {
                        onSuccess: (r) => notify.info(`退款状态：${REFUND_STATUS_LABEL[r.refund.status].text}`),
                      })
                    }
                  >
                    查询退款结果
                  </Button>
                )}
                {next.retry && can(ADMIN_REFUND_API.retry) && (
                  <>
                    {online && (
                      <Button size="small" onClick={() => setFollowUp({ refund, action: 'retry' })}>
                        重新发起
                      </Button>
                    )}
                    <Button size="small" onClick={() => setFollowUp({ refund, action: 'paidOut' })}>
                      登记线下退款
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
          {
            key: 'amount',
            label: '退款金额',
            children: `${formatYuan(refund.amount)}（实收 ${formatYuan(refund.paid)}）`,
          },
          { key: 'channel', label: '退回方式', children: REFUND_CHANNEL_TEXT[refund.channel] },
          {
            key: 'no',
            label: '退款单号',
            children: (
              <Typography.Text copyable style={MONO}>
                {refund.refundNo}
              </Typography.Text>
            ),
          },
          ...(refund.gatewayRefundId
            ? [
                {
                  key: 'gw',
                  label: '渠道退款号',
                  children: <Typography.Text style={MONO}>{refund.gatewayRefundId}</Typography.Text>,
                },
              ]
            : []),
          ...(refund.bankSerial
            ? [{ key: 'bank', label: '银行流水号', children: `${refund.bankSerial}（${refund.paidOutOn ?? ''}）` }]
            : []),
          ...(refund.failure
            ? [
                {
                  key: 'failure',
                  label: '失败原因',
                  children: <Typography.Text type="danger">{refund.failure}</Typography.Text>,
                },
              ]
            : []),
          { key: 'reason', label: '退款原因', children: refund.reason },
          {
            key: 'who',
            label: '操作',
            children: `${refund.operator ?? '—'} · ${formatDateTime(refund.createdAt)}${
              refund.settledAt ? ` · 到账 ${formatDateTime(refund.settledAt)}` : ''
            }`,
          },
        ]}
      />
      <RefundFollowUpModal target={followUp} onClose={() => setFollowUp(null)} />
    </>
  );
}

/** 收退款记录 of one order: what the bank statement showed for it (a transfer), and its refund. */
export function OrderMoneyPanel({ order }: { order: TAdminOrder }) {
  const money = useOrderMoney(order.sid);
  if (money.isError) {
    return <LoadError title="收退款记录加载失败" error={money.error} onRetry={() => void money.refetch()} />;
  }
  const data = money.data;
  if (!data || (data.arrivals.length === 0 && !data.refund)) return null;
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        收退款记录
      </Typography.Title>
      {data.arrivals.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          style={{ marginBottom: 12 }}
          dataSource={data.arrivals}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>已到账合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {formatYuan(data.received)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={3}>
                {data.received < order.finalPrice ? `尚差 ${formatYuan(order.finalPrice - data.received)}` : ''}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
          columns={[
            { title: '到账日期', dataIndex: 'arrivedOn', width: 100 },
            { title: '金额', dataIndex: 'amount', align: 'right', width: 110, render: (c: number) => formatYuan(c) },
            { title: '银行流水号', dataIndex: 'bankSerial', render: (v: string) => <span style={MONO}>{v}</span> },
            {
              title: '处理',
              dataIndex: 'outcome',
              width: 130,
              render: (o: string) => <Tag color={ARRIVAL_OUTCOME[o]?.color}>{ARRIVAL_OUTCOME[o]?.text ?? o}</Tag>,
            },
            { title: '说明', key: 'note', render: (_, a) => `${a.note}（${a.operator ?? '—'}）` },
          ]}
        />
      )}
      {data.refund && <RefundDetails refund={data.refund} />}
    </section>
  );
}
