import { PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_COUPON_API,
  COUPON_KINDS,
  COUPON_STATUSES,
  type CouponKind,
  type CouponStatus,
  ORDER_REWARD_API,
  type TAdminCoupon,
} from '@gemstock/contract';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { couponScopeText, couponValueText } from '@/lib/coupon-text';
import { type CouponListQuery, useCoupons } from '../api/get-coupons';
import { CouponCreateModal } from '../components/coupon-create-modal';
import { CouponDetailDrawer } from '../components/coupon-detail-drawer';
import { CouponGrantModal } from '../components/coupon-grant-modal';
import { ListFilters } from '../components/list-filters';
import { OrderRewardCard } from '../components/order-reward-card';
import { useOperatorCan } from '../lib/operator-access';
import { type AddressUpdate, oneOf, useAddressQuery } from '../lib/address-query';
import { COUPON_STATUS_LABEL, accountName, couponUsageText } from '../lib/coupon-form';
import { formatDateTime } from '@/lib/date-time';
import { RefreshButton } from '../components/refresh-button';
import { ScrollTable } from '@/components/scroll-table';
import { ExportButton } from '../components/export-button';

const STATUS_OPTIONS = COUPON_STATUSES.map((value) => ({ value, label: COUPON_STATUS_LABEL[value].text }));
const KIND_LABEL: Record<CouponKind, string> = { public: '公开优惠码', issued: '发给账号的' };
const KIND_OPTIONS = COUPON_KINDS.map((value) => ({ value, label: KIND_LABEL[value] }));

/** The list's filters live in the address, so a reload or a shared link shows the same page. */
function useListQuery(): [CouponListQuery, (next: AddressUpdate) => void] {
  const { params, paging, update } = useAddressQuery();
  const query: CouponListQuery = {
    q: params.get('q') ?? undefined,
    status: oneOf<CouponStatus>(COUPON_STATUSES, params.get('status')),
    kind: oneOf<CouponKind>(COUPON_KINDS, params.get('kind')),
    ...paging,
  };
  return [query, update];
}

function TwoLineTime({ iso }: { iso: string | null }) {
  if (!iso) return <Typography.Text type="secondary">—</Typography.Text>;
  const [date, time] = formatDateTime(iso).split(' ');
  return (
    <Space orientation="vertical" size={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
      <span>{date}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Space>
  );
}

export function CouponsPage() {
  const [query, setQuery] = useListQuery();
  const list = useCoupons(query);
  const { data, isFetching, isLoading, refetch } = list;
  const [creating, setCreating] = useState(false);
  const [openSid, setOpenSid] = useState<string | null>(null);
  const [granting, setGranting] = useState<TAdminCoupon | null>(null);
  // 客服 reads coupons; creating, granting and the order reward are 财务's.
  const { can } = useOperatorCan();
  const canCreate = can(ADMIN_COUPON_API.create);
  const canGrant = can(ADMIN_COUPON_API.grant);
  const filtered = Boolean(query.q || query.status || query.kind);

  const columns: ColumnsType<TAdminCoupon> = [
    {
      title: '优惠码',
      dataIndex: 'code',
      width: 170,
      render: (code: string) => (
        <Typography.Text
          copyable={{ text: code, tooltips: ['复制优惠码', '已复制'] }}
          style={{ fontFamily: 'monospace' }}
        >
          {code}
        </Typography.Text>
      ),
    },
    {
      title: '名称',
      key: 'name',
      width: 170,
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.name ?? <Typography.Text type="secondary">—</Typography.Text>}</span>
          {c.owner && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              专属：{accountName(c.owner)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '优惠', key: 'value', width: 150, render: (_, c) => couponValueText(c) },
    { title: '适用订单', key: 'scope', width: 130, render: (_, c) => couponScopeText(c.scope) },
    {
      title: '已用 / 上限',
      key: 'usage',
      width: 100,
      align: 'right',
      render: (_, c) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{couponUsageText(c)}</span>,
    },
    { title: '开始', dataIndex: 'startTime', width: 105, render: (iso: string | null) => <TwoLineTime iso={iso} /> },
    { title: '结束', dataIndex: 'endTime', width: 105, render: (iso: string | null) => <TwoLineTime iso={iso} /> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: CouponStatus) => (
        <Tag color={COUPON_STATUS_LABEL[status].color}>{COUPON_STATUS_LABEL[status].text}</Tag>
      ),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 105, render: (iso: string) => <TwoLineTime iso={iso} /> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenSid(c.sid)} aria-label={`优惠券 ${c.code} 详情`}>
            详情
          </Button>
          {canGrant && c.status !== 'expired' && (
            <Button type="link" size="small" onClick={() => setGranting(c)} aria-label={`发放给用户 ${c.code}`}>
              发放给用户
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      {can(ORDER_REWARD_API.setting) && <OrderRewardCard />}
      <Card
        title={
          <ListFilters
            search={{ value: query.q, placeholder: '搜索优惠码或名称', width: 260 }}
            selects={[
              { name: 'status', placeholder: '状态', options: STATUS_OPTIONS, value: query.status, width: 110 },
              { name: 'kind', placeholder: '类别', options: KIND_OPTIONS, value: query.kind, width: 130 },
            ]}
            onChange={setQuery}
          />
        }
        extra={
          <Space>
            <ExportButton kind="coupons" filters={query} />
            <RefreshButton query={{ refetch, isFetching, isLoading }} />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                新建优惠券
              </Button>
            )}
          </Space>
        }
      >
        <ScrollTable<TAdminCoupon>
          regionLabel="优惠券列表"
          loadState={list}
          rowKey="sid"
          columns={columns}
          dataSource={data?.coupons ?? []}
          loading={isLoading}
          scroll={{ x: 1265 }}
          size="middle"
          locale={{
            emptyText: (
              <Empty
                description={filtered ? '没有符合条件的优惠券，换个条件试试' : '还没有优惠券'}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
              >
                {!filtered && canCreate && (
                  <Button type="primary" onClick={() => setCreating(true)}>
                    新建优惠券
                  </Button>
                )}
              </Empty>
            ),
          }}
          pagination={{
            current: query.page,
            pageSize: query.page_size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => (data?.totalCapped ? `超过 ${total} 张优惠券，请缩小范围` : `共 ${total} 张优惠券`),
            onChange: (page, pageSize) => setQuery({ page, page_size: pageSize }),
          }}
        />
        <CouponCreateModal open={creating} onClose={() => setCreating(false)} />
        <CouponDetailDrawer sid={openSid} onClose={() => setOpenSid(null)} />
        <CouponGrantModal coupon={granting} onClose={() => setGranting(null)} />
      </Card>
    </>
  );
}
