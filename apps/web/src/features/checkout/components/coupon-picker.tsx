import { type OrderType, type TUserCoupon } from '@gemstock/contract';
import { Alert, Button, Empty, Flex, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { couponCovers, couponScopeText, couponValueText } from '@/lib/coupon-text';
import { formatDate } from '@/lib/form';
import { useUsableCoupons } from '../api/get-usable-coupons';

interface CouponPickerProps {
  /** Only coupons covering this order type are offered. */
  orderType: OrderType;
  onPick: (code: string) => void;
  disabled?: boolean;
}

/**
 * Spec §2 coupon picker: the buyer's own usable coupons (GET /api/user/code) for this order;
 * choosing one fills the coupon field. An empty list says 暂时没有可用的优惠券.
 */
export function CouponPicker({ orderType, onPick, disabled }: CouponPickerProps) {
  const [open, setOpen] = useState(false);
  const coupons = useUsableCoupons();
  const usable = (coupons.data ?? []).filter((c) => couponCovers(c, orderType));

  const pick = (coupon: TUserCoupon) => {
    setOpen(false);
    onPick(coupon.code);
  };

  return (
    <>
      <Button type="link" size="small" style={{ paddingInline: 0 }} disabled={disabled} onClick={() => setOpen(true)}>
        {usable.length > 0 ? `选择我的优惠券（${usable.length}）` : '选择我的优惠券'}
      </Button>
      <Modal open={open} title="选择优惠券" footer={null} onCancel={() => setOpen(false)} width={480} destroyOnHidden>
        {coupons.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : coupons.isError ? (
          <Alert
            type="error"
            showIcon
            title="优惠券加载失败"
            action={
              <Button size="small" onClick={() => void coupons.refetch()}>
                重试
              </Button>
            }
          />
        ) : usable.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂时没有可用的优惠券" />
        ) : (
          <ul className="gs-coupon-picker" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {usable.map((coupon) => (
              <li key={coupon.sid} style={{ borderBottom: '1px solid var(--ant-color-split)', padding: '12px 0' }}>
                <Flex justify="space-between" align="center" gap={12}>
                  <Space orientation="vertical" size={4}>
                    <Space size={8} wrap>
                      <Typography.Text strong style={{ color: 'var(--gs-price)' }}>
                        {couponValueText(coupon)}
                      </Typography.Text>
                      {coupon.name && <Typography.Text>{coupon.name}</Typography.Text>}
                    </Space>
                    <Space size={[8, 4]} wrap>
                      <Typography.Text code>{coupon.code}</Typography.Text>
                      <Tag>{couponScopeText(coupon.scope)}</Tag>
                      <Typography.Text type="secondary">
                        {coupon.endTime ? `有效期至 ${formatDate(coupon.endTime)}` : '长期有效'}
                      </Typography.Text>
                    </Space>
                  </Space>
                  <Button type="primary" size="small" onClick={() => pick(coupon)}>
                    使用
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
