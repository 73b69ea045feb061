import { GiftOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { CopyableCode } from '@/components/copyable-code';
import { couponValueText } from '@/lib/coupon-text';
import { formatDate } from '@/lib/form';
import { useCheckout } from '@/stores/checkout';

/** Spec §2/§4: the coupon a payment earned, with a copy action. */
export function OrderCouponDialog() {
  const coupon = useCheckout((s) => s.rewardCoupon);
  const show = useCheckout((s) => s.showRewardCoupon);
  const close = () => show(null);
  const details = coupon?.details ?? null;

  return (
    <Modal
      open={coupon !== null}
      onCancel={close}
      title={
        <Space>
          <GiftOutlined style={{ color: 'var(--gs-gold)' }} />
          恭喜获得一张优惠券
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
          {details && (
            <Typography.Title level={3} style={{ margin: 0, color: 'var(--gs-price)' }}>
              {couponValueText(details)}
            </Typography.Title>
          )}
          <CopyableCode code={coupon.code} size="large" />
          <Typography.Text type="secondary">
            {details?.endTime ? `有效期至 ${formatDate(details.endTime)}，` : ''}下次下单时在优惠码一栏填写即可使用
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
