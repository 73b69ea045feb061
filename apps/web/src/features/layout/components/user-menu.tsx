import {
  DownOutlined,
  HeartOutlined,
  LogoutOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { TUser } from '@gemstock/contract';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/api/logout';
import { notify } from '@/lib/notify';
import { displayNameOf } from '@/stores/session';

/** The user menu of spec §2. 我的子账号 only for a main account with sub-accounts enabled. */
export function UserMenu({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const name = displayNameOf(user);

  const items: MenuProps['items'] = [
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
