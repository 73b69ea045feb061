import { CrownOutlined, WalletOutlined } from '@ant-design/icons';
import { formatYuan, type TUser } from '@gemstock/contract';
import { Button, Flex, Popover, Typography } from 'antd';
import { type FocusEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';

/**
 * VIP users: balance popover with 充值 (main accounts only; the recharge dialog) and 查看状态
 * (spec §2). It opens on hover, on click or tap, and when the button gets keyboard focus; its
 * content follows the button in the page, so Tab walks on into 充值 and 查看状态, and it closes
 * when focus leaves both, on Esc, or on a click elsewhere.
 */
export function WalletPopover({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const openRecharge = useDialogs((s) => s.openRecharge);
  const [open, setOpen] = useState(false);

  const go = (action: () => void) => {
    setOpen(false);
    action();
  };
  const content = (
    <div style={{ width: 240 }}>
      <Typography.Text type="secondary">钱包余额</Typography.Text>
      <div style={{ margin: '4px 0 8px' }}>
        <PriceText cents={user.walletBalance} size="large" />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        VIP 有效期至 {formatDate(user.vipValidBefore)}，到期后余额失效
      </Typography.Text>
      <Flex gap={8} style={{ marginTop: 12 }}>
        {user.level === 0 && (
          <Button type="primary" size="small" onClick={() => go(() => openRecharge('choose'))}>
            充值
          </Button>
        )}
        <Button size="small" onClick={() => go(() => void navigate(paths.wallet))}>
          查看状态
        </Button>
      </Flex>
    </div>
  );
  const onBlur = (event: FocusEvent<HTMLSpanElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <span
      className="gs-popover-anchor"
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Popover
        content={content}
        title={
          <>
            <CrownOutlined aria-hidden style={{ color: 'var(--gs-gold)' }} /> VIP 会员
          </>
        }
        placement="bottomRight"
        trigger={['hover', 'click']}
        open={open}
        onOpenChange={setOpen}
        // in the page right after the button, so keyboard focus can reach the buttons inside
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      >
        <Button
          type="text"
          className="gs-vip-button gs-wallet-button"
          icon={<WalletOutlined aria-hidden />}
          aria-label={`钱包余额 ${formatYuan(user.walletBalance)}`}
          aria-expanded={open}
          aria-haspopup="dialog"
          onFocus={() => setOpen(true)}
          // a click always opens (the popover's own click toggle would close what hover opened)
          onClick={() => setOpen(true)}
        >
          <PriceText cents={user.walletBalance} size="small" tone="inherit" />
        </Button>
      </Popover>
    </span>
  );
}
