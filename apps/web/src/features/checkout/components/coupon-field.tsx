import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_ERROR_DISPLAY_MS,
  MESSAGES,
  type OrderType,
  formatYuan,
} from '@gemstock/contract';
import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { tooLongMessage } from '@/lib/form';
import { CouponPicker } from './coupon-picker';

interface CouponFieldProps {
  /** The code the preview is priced with, or null. */
  appliedCode: string | null;
  /** Discount the server gave for it (cents), once the preview has it. */
  discountCents: number | null;
  /** Tries a code; resolves to an error message to show, or null when it was applied. */
  onApply: (code: string) => Promise<string | null>;
  onClear: () => void;
  disabled?: boolean;
  /** The order's type: offers the buyer's own usable coupons for it beside the typed code. */
  orderType?: OrderType;
}

/**
 * The order drawer's coupon field (spec §2). Applying an empty code says 请先输入优惠码;
 * that and the server's refusal show for 3 s (spec §9). A coupon chosen in the picker is
 * applied exactly as a typed one, so its refusal shows in the same place.
 */
export function CouponField({ appliedCode, discountCents, onApply, onClear, disabled, orderType }: CouponFieldProps) {
  const [value, setValue] = useState(appliedCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isApplying, setApplying] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), COUPON_ERROR_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

  const apply = async (typed: string = value) => {
    const code = typed.trim();
    if (!code) {
      setError(MESSAGES.couponEmpty);
      return;
    }
    const tooLong = tooLongMessage(code, COUPON_CODE_MAX_LENGTH, '优惠码');
    if (tooLong) {
      setError(tooLong);
      return;
    }
    setApplying(true);
    try {
      setError(await onApply(code));
    } finally {
      setApplying(false);
    }
  };

  if (appliedCode) {
    return (
      <Space wrap>
        <CheckCircleFilled style={{ color: 'var(--gs-primary)' }} />
        <Typography.Text>
          已使用优惠码 <Typography.Text code>{appliedCode}</Typography.Text>
          {discountCents !== null && discountCents > 0 && <>，优惠 {formatYuan(discountCents)}</>}
        </Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={disabled}
          onClick={() => {
            setValue('');
            onClear();
          }}
        >
          取消使用
        </Button>
      </Space>
    );
  }

  return (
    <Form.Item
      style={{ marginBottom: 0 }}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      htmlFor={inputId}
    >
      <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
        <Input
          id={inputId}
          aria-label="优惠码"
          placeholder="输入优惠码"
          value={value}
          count={{ max: COUPON_CODE_MAX_LENGTH }}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => void apply()}
          allowClear
        />
        <Button onClick={() => void apply()} loading={isApplying} disabled={disabled}>
          使用
        </Button>
      </Space.Compact>
      {orderType && (
        <div>
          <CouponPicker
            orderType={orderType}
            disabled={disabled || isApplying}
            onPick={(code) => {
              setValue(code);
              void apply(code);
            }}
          />
        </div>
      )}
    </Form.Item>
  );
}
