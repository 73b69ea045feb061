import { CrownOutlined, WalletOutlined } from '@ant-design/icons';
import type { TUser } from '@gemstock/contract';
import { Button, Flex, Popover, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';

/** VIP users: balance popover with 充值 (main accounts only; the recharge dialog) and 查看状态 (spec §2). */
export function WalletPopover({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const openRecharge = useDialogs((s) => s.openRecharge);
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
          <Button type="primary" size="small" onClick={() => openRecharge('choose')}>
            充值
          </Button>
        )}
        <Button size="small" onClick={() => navigate(paths.wallet)}>
          查看状态
        </Button>
      </Flex>
    </div>
  );
  return (
    <Popover
      content={content}
      title={
        <>
          <CrownOutlined style={{ color: 'var(--gs-gold)' }} /> VIP 会员
        </>
      }
      placement="bottomRight"
    >
      <Button type="text" className="gs-vip-button" icon={<WalletOutlined />}>
        <PriceText cents={user.walletBalance} size="small" tone="inherit" />
      </Button>
    </Popover>
  );
}
