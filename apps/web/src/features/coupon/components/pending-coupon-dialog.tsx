import { CouponType, type TCoupon, formatYuan } from '@gemstock/contract';
import { GiftOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { CopyableCode } from '@/components/copyable-code';
import { formatDate } from '@/lib/form';
import { WEB_STORAGE_KEYS, safeStorage } from '@/lib/storage';
import { useSession } from '@/stores/session';

/** Spec §9: type 1 shows '-¥{amount} 优惠金额'; otherwise (100 - amount) / 10 折. */
export function couponValueText(coupon: Pick<TCoupon, 'type' | 'amount'>): string {
  if (coupon.type === CouponType.FIXED) return `-${formatYuan(coupon.amount)} 优惠金额`;
  return `${(100 - coupon.amount) / 10} 折`;
}

function shownCoupons(): string[] {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(WEB_STORAGE_KEYS.shownCoupons) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The pending-coupon dialog (spec §4: a pending coupon from GET /api/user opens it). Each
 * coupon is shown once per browser.
 */
export function PendingCouponDialog() {
  const coupon = useSession((s) => s.pendingCoupon);
  const dismiss = useSession((s) => s.dismissPendingCoupon);
  const open = coupon !== null && !shownCoupons().includes(coupon.sid);

  const close = () => {
    if (coupon)
      safeStorage.set(WEB_STORAGE_KEYS.shownCoupons, JSON.stringify([...shownCoupons(), coupon.sid].slice(-50)));
    dismiss();
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={
        <Space>
          <GiftOutlined style={{ color: 'var(--gs-gold)' }} />
          您有一张优惠券
        </Space>
      }
      footer={
        <Button type="primary" onClick={close}>
          我知道了
        </Button>
      }
      width={440}
      centered
    >
      {coupon && (
        <Space orientation="vertical" size={12} style={{ width: '100%', textAlign: 'center', padding: '8px 0' }}>
          <Typography.Title level={3} style={{ margin: 0, color: 'var(--gs-price)' }}>
            {couponValueText(coupon)}
          </Typography.Title>
          <CopyableCode code={coupon.code} size="large" />
          <Typography.Text type="secondary">
            {coupon.endTime ? `有效期至 ${formatDate(coupon.endTime)}，` : ''}下单时在优惠码一栏填写即可使用
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
