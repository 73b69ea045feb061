import { VIP_DISCOUNT_LABEL, formatYuan, type OrderType, type PayWay, type TPricePreview } from '@gemstock/contract';
import { Skeleton, Typography } from 'antd';
import { PriceText } from '@/components/price-text';
import { breakdownRows } from '../lib/price-breakdown';

interface PriceBreakdownProps {
  preview: TPricePreview | undefined;
  isVip: boolean;
  payWay: PayWay | null;
  couponOffered: boolean;
  hasCoupon: boolean;
  /** The order's type decides whether the member price applies at all (decision 0023). */
  orderType?: OrderType;
  isLoading?: boolean;
}

/** 原价 / 会员优惠 (VIP paying by wallet) / 优惠券 / 实付, as the server preview says (spec §2). */
export function PriceBreakdown({
  preview,
  isVip,
  payWay,
  couponOffered,
  hasCoupon,
  orderType,
  isLoading,
}: PriceBreakdownProps) {
  if (!preview) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const rows = breakdownRows(preview, { isVip, payWay, couponOffered, hasCoupon, orderType });
  return (
    <dl className="gs-breakdown" aria-busy={isLoading || undefined} style={{ opacity: isLoading ? 0.6 : 1 }}>
      {rows.map((row) => (
        <div key={row.key} className={`gs-breakdown__row gs-breakdown__row--${row.key}`}>
          <dt>
            {row.label}
            {row.key === 'member' && (
              <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                VIP 余额支付 {VIP_DISCOUNT_LABEL}
              </Typography.Text>
            )}
          </dt>
          <dd>
            {row.key === 'price' ? (
              <PriceText cents={row.cents} size="large" />
            ) : (
              <span className={row.cents < 0 ? 'gs-breakdown__discount' : undefined}>{formatYuan(row.cents)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
