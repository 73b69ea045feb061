import {
  OrderStateMachine,
  PayWay,
  formatYuan,
  licenceSpec,
  type TAdminOrder,
  type TPaymentEvent,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ADMIN_ORDER_API, ADMIN_REFUND_API } from '@gemstock/contract';
import { useOperatorCan } from '../lib/operator-access';
import { LoadError } from '@/components/load-error';
import { PriceText } from '@/components/price-text';
import { amountLabelOf, ORDER_TYPE_LABEL, payWayText } from '@/lib/order-labels';
import { useOrder } from '../api/get-order';
import { useOrderPaymentEvents } from '../api/get-order-payment-events';
import { formatDateTime } from '@/lib/date-time';
import { licenceShortName } from '../lib/format';
import { eventKindText, gatewayText, outcomeLabel, reasonText } from '../lib/payment-labels';
import { OrderAuditTag, OrderStatusTag } from './order-tags';
import { TransferDecisionModal, type TransferDecisionTarget } from './transfer-decision-modal';
import { OrderMoneyPanel } from './order-money-panel';
import { RefundOrderModal } from './refund-order-modal';

const MONO = { fontFamily: 'monospace' } as const;

type OrderMaterial = TAdminOrder['materials'][number];

interface OrderDetailDrawerProps {
  /** The order to show; null closes the drawer. */
  sid: string | null;
  onClose: () => void;
}

/** A bank-transfer order whose money the operator may confirm (or reject). */
function isAwaitingTransfer(order: TAdminOrder): boolean {
  return order.payWay === PayWay.TRANSFER && OrderStateMachine.may('pay', order.status);
}

/** One order as operators need it: facts, buyer, price breakdown, materials and the payment trail. */
export function OrderDetailDrawer({ sid, onClose }: OrderDetailDrawerProps) {
  const order = useOrder(sid);
  const [deciding, setDeciding] = useState<TransferDecisionTarget | null>(null);
  // 客服 reads orders too; deciding on a transfer is 财务's.
  const { can } = useOperatorCan();
  const canDecide = can(ADMIN_ORDER_API.confirmTransfer);
  const [refunding, setRefunding] = useState<TAdminOrder | null>(null);
  const data = order.data?.sid === sid ? order.data : undefined;
  const awaitingTransfer = data !== undefined && isAwaitingTransfer(data);
  // cancelled at its transfer deadline: money that arrives later is still confirmed (re-opens it)
  const lapsedTransfer =
    data !== undefined && data.payWay === PayWay.TRANSFER && OrderStateMachine.may('reopen', data.status);

  return (
    <Drawer
      title={data ? `订单 ${data.orderNo}` : '订单详情'}
      open={sid !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      loading={order.isLoading}
      extra={
        data && OrderStateMachine.may('refund', data.status) && can(ADMIN_REFUND_API.refundOrder) ? (
          <Button danger onClick={() => setRefunding(data)}>
            退款
          </Button>
        ) : !canDecide ? null : lapsedTransfer ? (
          <Button type="primary" onClick={() => setDeciding({ order: data, decision: 'confirm' })}>
            确认迟到的转账款
          </Button>
        ) : (
          awaitingTransfer && (
            <Space>
              <Button danger onClick={() => setDeciding({ order: data, decision: 'reject' })}>
                驳回
              </Button>
              <Button type="primary" onClick={() => setDeciding({ order: data, decision: 'confirm' })}>
                确认到账
              </Button>
            </Space>
          )
        )
      }
    >
      {lapsedTransfer && canDecide && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="该转账订单已超过付款期限被自动取消"
          description="如款项在取消后才到账，核对金额与转账备注无误后可「确认迟到的转账款」：订单按原价恢复并完成，说明记入操作日志。"
        />
      )}
      {order.isError && !data ? (
        <LoadError title="订单加载失败" error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        data && <OrderDetail order={data} />
      )}
      <TransferDecisionModal target={deciding} onClose={() => setDeciding(null)} />
      <RefundOrderModal order={refunding} onClose={() => setRefunding(null)} />
    </Drawer>
  );
}

function OrderDetail({ order }: { order: TAdminOrder }) {
  const { buyer } = order;
  const isSubAccountOrder = order.ownerSid !== buyer.sid;

  return (
    <Flex vertical gap={20}>
      {order.transferReference && (
        <Alert
          type={isAwaitingTransfer(order) ? 'warning' : 'info'}
          showIcon
          title={
            <Space size={8} wrap>
              <span>转账识别码</span>
              <Typography.Text strong copyable style={{ ...MONO, fontSize: 18 }}>
                {order.transferReference}
              </Typography.Text>
            </Space>
          }
          description={
            isAwaitingTransfer(order)
              ? `等待确认到账：买家应在转账备注中填写此识别码，金额 ${formatYuan(order.finalPrice)}`
              : '买家转账时在转账备注中填写的识别码'
          }
        />
      )}

      <Descriptions
        title="订单信息"
        size="small"
        bordered
        column={2}
        items={[
          {
            key: 'orderNo',
            label: '订单号',
            span: 2,
            children: (
              <Typography.Text copyable style={MONO}>
                {order.orderNo}
              </Typography.Text>
            ),
          },
          { key: 'name', label: '订单名称', span: 2, children: order.name },
          { key: 'type', label: '订单类型', children: ORDER_TYPE_LABEL[order.orderType] },
          {
            key: 'status',
            label: '状态',
            children: (
              <Space size={4} wrap>
                <OrderStatusTag status={order.status} />
                <OrderAuditTag order={order} />
              </Space>
            ),
          },
          { key: 'payWay', label: '支付方式', children: payWayText(order) },
          {
            key: 'spec',
            label: '授权类型',
            children: order.spec !== null ? licenceSpec(order.spec).name : '—',
          },
          { key: 'createdAt', label: '下单时间', children: formatDateTime(order.createdAt) },
          { key: 'payTime', label: '支付时间', children: order.payTime ? formatDateTime(order.payTime) : '—' },
          {
            key: 'sid',
            // The order's internal id (what addresses and the audit link by), not a second order number.
            label: '系统编号',
            children: (
              <Typography.Text copyable style={{ ...MONO, fontSize: 12 }}>
                {order.sid}
              </Typography.Text>
            ),
          },
          { key: 'referer', label: '来源', children: order.referer ?? '—' },
          ...(order.auditMessage
            ? [{ key: 'auditMessage', label: '审批意见', span: 2, children: order.auditMessage }]
            : []),
        ]}
      />

      <Descriptions
        title="买家"
        size="small"
        bordered
        column={2}
        items={[
          { key: 'name', label: '用户名', children: buyer.username ?? '—' },
          { key: 'company', label: '企业', children: buyer.company ?? '未填写' },
          { key: 'email', label: '邮箱', children: buyer.email ?? '—' },
          { key: 'mobile', label: '手机号', children: buyer.mobile ?? '—' },
          {
            key: 'sid',
            label: '账号编号',
            span: isSubAccountOrder ? 1 : 2,
            children: (
              <Typography.Text copyable style={{ ...MONO, fontSize: 12 }}>
                {buyer.sid}
              </Typography.Text>
            ),
          },
          ...(isSubAccountOrder
            ? [
                {
                  key: 'owner',
                  label: '所属主账号',
                  children: (
                    <Typography.Text copyable style={{ ...MONO, fontSize: 12 }}>
                      {order.ownerSid}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />

      <Descriptions
        title="金额"
        size="small"
        bordered
        column={2}
        items={[
          { key: 'origin', label: '原价', children: formatYuan(order.priceOrigin) },
          {
            key: 'member',
            label: '会员优惠',
            children: order.membetDiscount > 0 ? formatYuan(-order.membetDiscount) : '—',
          },
          {
            key: 'coupon',
            label: '优惠券',
            children:
              order.couponDiscount > 0
                ? `${formatYuan(-order.couponDiscount)}${order.couponCode ? `（${order.couponCode}）` : ''}`
                : (order.couponCode ?? '—'),
          },
          {
            key: 'final',
            label: amountLabelOf(order.status),
            children: <PriceText cents={order.finalPrice} />,
          },
          ...(order.paidAmount !== null || order.paidGateway || order.tradeNo
            ? [
                {
                  key: 'paidAmount',
                  label: '到账金额',
                  children: order.paidAmount !== null ? formatYuan(order.paidAmount) : '—',
                },
                { key: 'paidGateway', label: '收款渠道', children: gatewayText(order.paidGateway) },
                {
                  key: 'tradeNo',
                  label: '渠道交易号',
                  span: 2,
                  children: order.tradeNo ? (
                    <Typography.Text copyable style={{ ...MONO, fontSize: 12 }}>
                      {order.tradeNo}
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
                },
              ]
            : []),
        ]}
      />

      <section>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          素材（{order.materials.length}）
        </Typography.Title>
        <OrderMaterials materials={order.materials} />
      </section>

      <OrderMoneyPanel order={order} />

      <section>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          支付记录
        </Typography.Title>
        <PaymentTimeline order={order} />
      </section>
    </Flex>
  );
}

function OrderMaterials({ materials }: { materials: OrderMaterial[] }) {
  return (
    <Table<OrderMaterial>
      size="small"
      rowKey="sid"
      pagination={false}
      dataSource={materials}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该订单不含素材" /> }}
      columns={[
        {
          title: '缩略图',
          key: 'thumb',
          width: 72,
          render: (_, m) =>
            m.thumbUrl ? (
              <Image
                src={m.thumbUrl}
                alt={m.keywords.join('、') || m.sid}
                width={56}
                height={42}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                preview={false}
              />
            ) : (
              <div style={{ width: 56, height: 42, borderRadius: 4, background: '#f3f4f2' }} />
            ),
        },
        {
          title: '素材编号',
          dataIndex: 'sid',
          render: (value: string) => (
            <Typography.Text copyable style={{ ...MONO, fontSize: 12 }}>
              {value}
            </Typography.Text>
          ),
        },
        { title: '授权', dataIndex: 'spec', width: 80, render: (_, m) => <Tag>{licenceShortName(m.spec)}</Tag> },
        {
          title: '单价',
          dataIndex: 'unitPrice',
          width: 110,
          align: 'right',
          render: (cents: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatYuan(cents)}</span>,
        },
        {
          title: '关键词',
          dataIndex: 'keywords',
          render: (keywords: string[]) =>
            keywords.length ? (
              <Typography.Text type="secondary" ellipsis={{ tooltip: keywords.join('、') }} style={{ maxWidth: 180 }}>
                {keywords.join('、')}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}

const TIMELINE_COLOR: Record<string, string> = {
  green: 'green',
  red: 'red',
  volcano: 'red',
  blue: 'blue',
};

function PaymentTimeline({ order }: { order: TAdminOrder }) {
  const events = useOrderPaymentEvents(order.sid);
  if (events.isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (events.isError) {
    return <LoadError title="支付记录加载失败" error={events.error} onRetry={() => void events.refetch()} />;
  }
  const list = events.data ?? [];
  if (list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          order.payWay === PayWay.TRANSFER || order.payWay === PayWay.WALLET
            ? '暂无支付渠道记录（对公转账与余额支付不经过支付渠道）'
            : '暂无支付渠道记录'
        }
      />
    );
  }
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        支付渠道的每次通知、查询与关闭，最新的在前。
      </Typography.Paragraph>
      <Timeline
        items={list.map((event) => ({
          key: event.id,
          color: TIMELINE_COLOR[outcomeLabel(event.outcome).color ?? ''] ?? 'gray',
          content: <PaymentEventItem event={event} />,
        }))}
      />
    </>
  );
}

function PaymentEventItem({ event }: { event: TPaymentEvent }) {
  const outcome = outcomeLabel(event.outcome);
  const reason = event.reason ? (reasonText(event.reason) ?? event.reason) : null;
  return (
    <Space orientation="vertical" size={2}>
      <Space size={6} wrap>
        <Typography.Text strong>{eventKindText(event.kind)}</Typography.Text>
        <Typography.Text type="secondary">{gatewayText(event.gateway)}</Typography.Text>
        <Tag color={outcome.color}>{outcome.text}</Tag>
        {!event.verified && <Tag color="warning">未通过验签</Tag>}
        <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTime(event.createdAt)}
        </Typography.Text>
      </Space>
      <Space size={16} wrap style={{ fontSize: 13 }}>
        <span>金额 {event.amount !== null ? formatYuan(event.amount) : '—'}</span>
        {reason && <Typography.Text type="secondary">原因：{reason}</Typography.Text>}
      </Space>
      {(event.outTradeNo || event.tradeNo) && (
        <Space size={16} wrap>
          {event.outTradeNo && (
            <Typography.Text type="secondary" style={{ ...MONO, fontSize: 12 }}>
              商户单号 {event.outTradeNo}
            </Typography.Text>
          )}
          {event.tradeNo && (
            <Typography.Text type="secondary" style={{ ...MONO, fontSize: 12 }}>
              渠道交易号 {event.tradeNo}
            </Typography.Text>
          )}
        </Space>
      )}
    </Space>
  );
}
