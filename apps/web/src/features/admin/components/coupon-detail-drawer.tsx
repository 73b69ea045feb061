import {
  ADMIN_COUPON_API,
  COUPON_NAME_MAX_LENGTH,
  COUPON_NOTE_MAX_LENGTH,
  type TAdminCouponRedemption,
} from '@gemstock/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { couponScopeText, couponValueText } from '@/lib/coupon-text';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCoupon } from '../api/get-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { COUPON_STATUS_LABEL, accountName, couponUsageText } from '../lib/coupon-form';
import { formatDateTime } from '@/lib/date-time';
import { useOperatorCan } from '../lib/operator-access';

/**
 * A coupon's name or note, edited in place. antd's editor closes on Enter; an over-long text is
 * refused out loud and the editor stays open with what was typed, so nothing is cut or lost.
 */
function InlineText({
  value,
  max,
  label,
  canEdit,
  onSave,
}: {
  value: string;
  max: number;
  label: string;
  canEdit: boolean;
  onSave: (text: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const refusal = draft === null ? undefined : tooLongMessage(draft, max, label);
  return (
    <Flex vertical gap={4}>
      <Typography.Text
        editable={
          canEdit && {
            tooltip: `修改${label}`,
            editing: draft !== null,
            text: draft ?? value,
            onStart: () => setDraft(value),
            onCancel: () => setDraft(null),
            onChange: (typed) => {
              if (tooLongMessage(typed, max, label)) {
                setDraft(typed);
                return;
              }
              setDraft(null);
              onSave(typed);
            },
          }
        }
      >
        {value}
      </Typography.Text>
      {refusal && (
        <Typography.Text type="danger" role="alert">
          {`${refusal}（现 ${draft!.length} 字），未保存`}
        </Typography.Text>
      )}
    </Flex>
  );
}

interface CouponDetailDrawerProps {
  sid: string | null;
  onClose: () => void;
}

/** One coupon: its terms, who it belongs to, who used it on which order; rename or end it early. */
export function CouponDetailDrawer({ sid, onClose }: CouponDetailDrawerProps) {
  const detail = useCoupon(sid);
  const update = useUpdateCoupon();
  // 客服 looks coupons up for buyers; changing them is 财务's.
  const canEdit = useOperatorCan().can(ADMIN_COUPON_API.update);
  const coupon = detail.data?.coupon;
  const redemptions = detail.data?.redemptions ?? [];

  const save = (patch: { name?: string; note?: string | null; end?: true }, done: string) => {
    if (!sid) return;
    update.mutate({ sid, ...patch }, { onSuccess: () => notify.success(done) });
  };

  return (
    <Drawer title={coupon ? `优惠券 ${coupon.code}` : '优惠券详情'} open={sid !== null} onClose={onClose} size={720}>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError || !coupon ? (
        <Alert
          type="error"
          showIcon
          title="优惠券加载失败"
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="优惠码">
              <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                {coupon.code}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={COUPON_STATUS_LABEL[coupon.status].color}>{COUPON_STATUS_LABEL[coupon.status].text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="名称" span={2}>
              <InlineText
                value={coupon.name ?? ''}
                max={COUPON_NAME_MAX_LENGTH}
                label="名称"
                canEdit={canEdit}
                onSave={(typed) => {
                  const name = typed.trim();
                  if (name && name !== coupon.name) save({ name }, '名称已修改');
                }}
              />
            </Descriptions.Item>
            <Descriptions.Item label="优惠">{couponValueText(coupon)}</Descriptions.Item>
            <Descriptions.Item label="适用订单">{couponScopeText(coupon.scope)}</Descriptions.Item>
            <Descriptions.Item label="已使用 / 上限">{couponUsageText(coupon)}</Descriptions.Item>
            <Descriptions.Item label="归属">
              {coupon.owner ? `专属：${accountName(coupon.owner)}` : '公开（任何账号可用一次）'}
            </Descriptions.Item>
            <Descriptions.Item label="开始时间">
              {coupon.startTime ? formatDateTime(coupon.startTime) : '立即'}
            </Descriptions.Item>
            <Descriptions.Item label="结束时间">
              {coupon.endTime ? formatDateTime(coupon.endTime) : '长期'}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间" span={2}>
              {formatDateTime(coupon.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              <InlineText
                value={coupon.note ?? ''}
                max={COUPON_NOTE_MAX_LENGTH}
                label="备注"
                canEdit={canEdit}
                onSave={(typed) => {
                  const note = typed.trim() || null;
                  if (note !== coupon.note) save({ note }, '备注已修改');
                }}
              />
            </Descriptions.Item>
          </Descriptions>

          {canEdit && (coupon.status === 'active' || coupon.status === 'not_started') && (
            <Flex justify="end">
              <Popconfirm
                title="立即结束这张优惠券？"
                description="结束后买家不能再使用它，已完成的订单不受影响。"
                okText="立即结束"
                okButtonProps={{ danger: true }}
                onConfirm={() => save({ end: true }, '优惠券已结束')}
              >
                <Button danger loading={update.isPending}>
                  立即结束
                </Button>
              </Popconfirm>
            </Flex>
          )}

          <Typography.Title level={5} style={{ margin: 0 }}>
            使用记录
          </Typography.Title>
          {coupon.redeemedCount > redemptions.length && (
            <Typography.Text type="secondary">
              共 {coupon.redeemedCount} 次使用，仅显示最近 {redemptions.length} 条
            </Typography.Text>
          )}
          <Table<TAdminCouponRedemption>
            rowKey={(r) => `${r.account.sid}:${r.orderSid}`}
            size="small"
            dataSource={redemptions}
            pagination={redemptions.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: '还没有人使用' }}
            columns={[
              { title: '账号', key: 'account', render: (_, r) => accountName(r.account) },
              { title: '企业', key: 'company', render: (_, r) => r.account.company ?? '—' },
              {
                title: '订单号',
                key: 'orderNo',
                render: (_, r) => (
                  <Typography.Text copyable={{ text: r.orderNo ?? r.orderSid }} style={{ fontFamily: 'monospace' }}>
                    {r.orderNo ?? r.orderSid}
                  </Typography.Text>
                ),
              },
              { title: '使用时间', dataIndex: 'createdAt', width: 150, render: (iso: string) => formatDateTime(iso) },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
