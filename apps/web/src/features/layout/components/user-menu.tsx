import {
  CrownOutlined,
  DownOutlined,
  HeartOutlined,
  LogoutOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TUser } from '@gemstock/contract';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/api/logout';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { displayNameOf } from '@/stores/session';

const RECHARGE = 'recharge';

/**
 * The user menu of spec §2. 我的子账号 only for a main account with sub-accounts enabled. The
 * membership is reachable here on every screen (升级VIP, or 充值 and the wallet for a member),
 * since a phone's header has room for little else.
 */
export function UserMenu({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const openRecharge = useDialogs((s) => s.openRecharge);
  const name = displayNameOf(user);

  const membership: NonNullable<MenuProps['items']> = user.isVip
    ? [
        ...(user.level === 0 ? [{ key: RECHARGE, icon: <WalletOutlined aria-hidden />, label: '充值' }] : []),
        { key: paths.wallet, icon: <CrownOutlined aria-hidden />, label: 'VIP 会员与钱包' },
      ]
    : [{ key: paths.wallet, icon: <CrownOutlined aria-hidden />, label: '升级VIP' }];

  const items: MenuProps['items'] = [
    ...membership,
    { type: 'divider' as const },
    { key: paths.user.accountSetting, icon: <SettingOutlined aria-hidden />, label: '账号设置' },
    { key: paths.user.like, icon: <HeartOutlined aria-hidden />, label: '我的喜欢' },
    { key: paths.user.companySetting, icon: <ShopOutlined aria-hidden />, label: '企业信息' },
    { key: paths.record.ordinary, icon: <PictureOutlined aria-hidden />, label: '我的素材' },
    ...(user.level === 0 && user.subEnabled
      ? [{ key: paths.user.subAccount, icon: <TeamOutlined aria-hidden />, label: '我的子账号' }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      void logout().then(() => notify.success('已退出登录'));
      return;
    }
    if (key === RECHARGE) {
      openRecharge('choose');
      return;
    }
    void navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
      <Button type="text" className="gs-user-button" aria-label={`账号菜单：${name}`}>
        <Avatar size={28} icon={<UserOutlined aria-hidden />} className="gs-avatar" aria-hidden />
        <span className="gs-user-name">{name}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
