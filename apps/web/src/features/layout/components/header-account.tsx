import { CrownOutlined } from '@ant-design/icons';
import type { TUser } from '@gemstock/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { UserMenu } from './user-menu';
import { WalletPopover } from './wallet-popover';

/**
 * The signed-in part of the header: the wallet (VIP) or 升级VIP, then the user menu. Loaded on
 * its own once a session exists, so a first visit does not carry the menu and popover code.
 * A phone shows both too: 升级VIP is how a buyer there becomes a member.
 */
export function HeaderAccount({ user }: { user: TUser }) {
  const navigate = useNavigate();
  return (
    <>
      {user.isVip ? (
        <WalletPopover user={user} />
      ) : (
        <Button
          type="text"
          icon={<CrownOutlined aria-hidden />}
          className="gs-vip-button"
          aria-label="升级VIP"
          onClick={() => navigate(paths.wallet)}
        >
          {/* the narrowest phones show "VIP" alone, so the row holds logo, buttons and menu */}
          <span className="gs-vip-button__verb">升级</span>VIP
        </Button>
      )}
      <UserMenu user={user} />
    </>
  );
}
