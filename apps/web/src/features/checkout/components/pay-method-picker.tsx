import { AlipayCircleOutlined, BankOutlined, WalletOutlined, WechatOutlined } from '@ant-design/icons';
import { Radio, Space, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PriceText } from '@/components/price-text';
import { payChannelOfDevice } from '../lib/pay-channel';
import type { PayMethod } from '@gemstock/contract';
import { PAY_METHOD_LABEL } from '../lib/pay-method';

export interface PayMethodOption {
  method: PayMethod;
  disabled: boolean;
  reason: string | null;
}

interface PayMethodPickerProps {
  options: PayMethodOption[];
  value: PayMethod | null;
  onChange: (method: PayMethod) => void;
  balance: number;
}

const ICON: Record<PayMethod, ReactNode> = {
  wallet: <WalletOutlined style={{ color: 'var(--gs-gold)' }} />,
  online: (
    <>
      <WechatOutlined style={{ color: '#07c160' }} />
      <AlipayCircleOutlined style={{ color: '#1677ff' }} />
    </>
  ),
  transfer: <BankOutlined style={{ color: 'var(--gs-primary)' }} />,
};

const HINT: Record<PayMethod, string> = {
  wallet: '会员余额',
  online: '微信扫码或支付宝支付',
  transfer: '企业对公账户转账，到账后 2 个工作日内完成',
};

/** A phone does not scan its own screen: it opens the WeChat or Alipay app (decision 0026). */
const ONLINE_HINT_ON_PHONE = '跳转微信或支付宝完成支付';

/**
 * Wallet / online / transfer (spec §2). A choice that cannot be used stays visible, disabled,
 * with its reason both as the tooltip of spec §5 and as text (keyboard users see it too).
 */
export function PayMethodPicker({ options, value, onChange, balance }: PayMethodPickerProps) {
  const [onPhone] = useState(() => payChannelOfDevice() === 'h5');
  return (
    <Radio.Group
      className="gs-pay-methods"
      orientation="vertical"
      value={value}
      onChange={(e) => onChange(e.target.value as PayMethod)}
      aria-label="支付方式"
    >
      {options.map(({ method, disabled, reason }) => {
        const option = (
          <Radio
            key={method}
            value={method}
            disabled={disabled}
            className={`gs-pay-method${value === method ? ' is-selected' : ''}`}
          >
            <span className="gs-pay-method__body">
              <Space size={6} className="gs-pay-method__icon">
                {ICON[method]}
              </Space>
              <span className="gs-pay-method__text">
                <span className="gs-pay-method__name">
                  {PAY_METHOD_LABEL[method]}
                  {method === 'wallet' && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8, fontWeight: 400 }}>
                      余额 <PriceText cents={balance} size="small" tone="inherit" />
                    </Typography.Text>
                  )}
                </span>
                <span className="gs-pay-method__hint">
                  {reason ?? (method === 'online' && onPhone ? ONLINE_HINT_ON_PHONE : HINT[method])}
                </span>
              </span>
            </span>
          </Radio>
        );
        return disabled && reason ? (
          <Tooltip key={method} title={reason} placement="topLeft">
            <span className="gs-pay-method__wrap">{option}</span>
          </Tooltip>
        ) : (
          option
        );
      })}
    </Radio.Group>
  );
}
