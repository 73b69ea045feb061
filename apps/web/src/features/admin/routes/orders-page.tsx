import { BankOutlined } from '@ant-design/icons';
import {
  ORDER_STATUSES,
  ORDER_TYPES,
  PAY_WAYS,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type TAdminOrder,
  centsToYuan,
  yuanToCents,
} from '@gemstock/contract';
import { Button, Card, DatePicker, Empty, Flex, InputNumber, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { PriceText } from '@/components/price-text';
import { ORDER_STATUS_LABEL, ORDER_TYPE_LABEL, PAY_WAY_TEXT, payWayText } from '@/lib/order-labels';
import { type AdminOrderListQuery, useOrders } from '../api/get-orders';
import { LoadedOnceOpen } from '../components/loaded-once-open';
import { BuyerCell, OrderStatusTag } from '../components/order-tags';
import { EllipsisText, PlainText } from '../components/plain-text';
import { ListFilters } from '../components/list-filters';
import { oneOf, useAddressQuery } from '../lib/address-query';
import { adminPaths } from '../lib/admin-paths';
import { adminCountText } from '../lib/use-admin-paging';
import { pagedTotal, usePageCursors } from '@/lib/list-pages';
import { formatDateTime } from '@/lib/date-time';
import { RefreshButton } from '../components/refresh-button';
import { ScrollTable } from '@/components/scroll-table';
import { ExportButton } from '../components/export-button';

// opened by a click: loaded then, not with the list
const OrderDetailDrawer = lazy(async () => ({
  default: (await import('../components/order-detail-drawer')).OrderDetailDrawer,
}));

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABEL[value].text }));
const TYPE_OPTIONS = ORDER_TYPES.map((value) => ({ value, label: ORDER_TYPE_LABEL[value] }));
const PAY_WAY_OPTIONS = PAY_WAYS.map((value) => ({ value, label: PAY_WAY_TEXT[value] }));

/** The contract's page_size ceiling for orders is 60. */
const PAGE_SIZE_OPTIONS = [20, 40, 60];

const FILTER_KEYS = ['q', 'status', 'type', 'pay_way', 'from', 'to', 'min_amount', 'max_amount'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day or an amount from the address, or nothing when it is not one (a hand-edited link). */
function dayParam(value: string | null): string | undefined {
  return value && DAY.test(value) ? value : undefined;
}
function centsParam(value: string | null): number | undefined {
  const cents = value === null || value === '' ? NaN : Number(value);
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : undefined;
}

/**
 * The filters, the page and the open order live in the address, so a reload, a shared link or a
 * link from another page (支付异常 → ?order=) shows the same thing.
 */
function useOrdersAddress() {
  const { params, paging, update } = useAddressQuery(FILTER_KEYS);
  const query: AdminOrderListQuery = {
    q: params.get('q') ?? undefined,
    status: oneOf<OrderStatus>(ORDER_STATUSES, params.get('status')),
    type: oneOf<OrderType>(ORDER_TYPES, params.get('type')),
    pay_way: oneOf<PayWay>(PAY_WAYS, params.get('pay_way')),
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    min_amount: centsParam(params.get('min_amount')),
    max_amount: centsParam(params.get('max_amount')),
    ...paging,
  };
  return { query, openSid: params.get('order'), update };
}

export function OrdersPage() {
  const { query, openSid, update } = useOrdersAddress();
  // 下一页 asks for the orders after the last one shown (its cursor): orders placed meanwhile then
  // neither repeat one nor hide one; a jump asks by page number.
  const { page, page_size: pageSize, ...filters } = query;
  const cursors = usePageCursors(JSON.stringify({ ...filters, pageSize }));
  const cursor = cursors.cursorOf(page);
  const list = useOrders({
    ...query,
    ...(cursor ? { cursor } : {}),
  });
  const { data, isFetching, isLoading, isPlaceholderData, refetch } = list;
  const navigate = useNavigate();
  const filtered = Boolean(
    query.q ||
    query.status ||
    query.type ||
    query.pay_way ||
    query.from ||
    query.to ||
    query.min_amount !== undefined ||
    query.max_amount !== undefined,
  );
  const open = (sid: string | undefined) => update({ order: sid });

  // the rows' text is PlainText / EllipsisText rather than Typography.Text (components/plain-text.tsx)
  const columns: ColumnsType<TAdminOrder> = [
    {
      title: '订单号',
      key: 'orderNo',
      width: 230,
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <PlainText style={{ fontFamily: 'monospace', fontSize: 13 }}>{o.orderNo}</PlainText>
          <EllipsisText type="secondary" tooltip={o.name} style={{ fontSize: 12, maxWidth: 210 }}>
            {o.name}
          </EllipsisText>
        </Space>
      ),
    },
    { title: '买家', key: 'buyer', width: 180, render: (_, o) => <BuyerCell buyer={o.buyer} /> },
    {
      title: '类型',
      dataIndex: 'orderType',
      width: 100,
      render: (type: OrderType) => <Tag>{ORDER_TYPE_LABEL[type]}</Tag>,
    },
    {
      title: '金额',
      key: 'price',
      width: 150,
      align: 'right',
      render: (_, o) => <PriceText cents={o.finalPrice} originalCents={o.priceOrigin} size="small" tone="inherit" />,
    },
    { title: '支付方式', key: 'payWay', width: 170, render: (_, o) => payWayText(o) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: OrderStatus) => <OrderStatusTag status={status} />,
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (iso: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso)}</span>,
    },
    {
      title: '支付时间',
      dataIndex: 'payTime',
      width: 150,
      render: (iso: string | null) =>
        iso ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso)}</span> : '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, o) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            // The row opens the same drawer; one navigation is enough.
            event.stopPropagation();
            open(o.sid);
          }}
        >
          详情
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <Flex wrap gap={8} align="center">
          <ListFilters
            search={{
              value: query.q,
              placeholder: '订单号、买家邮箱 / 手机号 / 用户名或企业',
              width: 340,
            }}
            selects={[
              { name: 'status', placeholder: '订单状态', options: STATUS_OPTIONS, value: query.status, width: 120 },
              { name: 'pay_way', placeholder: '支付方式', options: PAY_WAY_OPTIONS, value: query.pay_way, width: 120 },
              { name: 'type', placeholder: '订单类型', options: TYPE_OPTIONS, value: query.type, width: 120 },
            ]}
            onChange={update}
          />
          <DatePicker.RangePicker
            aria-label="下单日期"
            placeholder={['下单开始日期', '结束日期']}
            allowEmpty={[true, true]}
            value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
            onChange={(range) =>
              update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
          <AmountBound label="最低金额" cents={query.min_amount} onChange={(cents) => update({ min_amount: cents })} />
          <AmountBound label="最高金额" cents={query.max_amount} onChange={(cents) => update({ max_amount: cents })} />
        </Flex>
      }
      extra={
        <Space>
          <ExportButton kind="orders" filters={filters} />
          <RefreshButton query={{ refetch, isFetching, isLoading }} />
          <Button icon={<BankOutlined />} onClick={() => void navigate(adminPaths.transfers)}>
            转账确认
          </Button>
        </Space>
      }
    >
      <ScrollTable<TAdminOrder>
        regionLabel="订单列表"
        loadState={list}
        rowKey="sid"
        columns={columns}
        dataSource={data?.orders ?? []}
        loading={isLoading}
        scroll={{ x: 1300 }}
        size="middle"
        onRow={(o) => ({ onClick: () => open(o.sid), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filtered ? '没有符合条件的订单，换个条件试试' : '还没有订单'}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: data ? pagedTotal(data, page, pageSize) : 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: () => adminCountText(data, '个订单'),
          onChange: (next, nextSize) => {
            if (nextSize === pageSize)
              cursors.remember(page, next, data && !isPlaceholderData ? data.nextCursor : null);
            update({ page: next, page_size: nextSize });
          },
        }}
      />
      <LoadedOnceOpen open={openSid !== null}>
        <OrderDetailDrawer sid={openSid} onClose={() => open(undefined)} />
      </LoadedOnceOpen>
    </Card>
  );
}

/**
 * One bound of the amount filter, typed in yuan and kept in the address in cents; applied when
 * the box is left or on Enter, not on each keystroke.
 */
function AmountBound({
  label,
  cents,
  onChange,
}: {
  label: string;
  cents: number | undefined;
  onChange: (cents: number | undefined) => void;
}) {
  const apply = (text: string) => {
    const yuan = text.trim() === '' ? NaN : Number(text);
    const next = Number.isFinite(yuan) && yuan >= 0 ? yuanToCents(yuan) : undefined;
    if (next !== cents) onChange(next);
  };
  return (
    <InputNumber<number>
      // re-mounted when the address changes the bound, so the box follows it
      key={cents ?? ''}
      aria-label={`${label}（元）`}
      placeholder={`${label}（元）`}
      prefix="¥"
      min={0}
      precision={2}
      defaultValue={cents === undefined ? undefined : centsToYuan(cents)}
      style={{ width: 150 }}
      onBlur={(event) => apply(event.target.value)}
      onPressEnter={(event) => apply((event.target as HTMLInputElement).value)}
    />
  );
}
