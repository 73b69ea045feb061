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
    { key: paths.user.accountSetting, icon: <SettingOutlined />, label: '账号设置' },
    { key: paths.user.like, icon: <HeartOutlined />, label: '我的喜欢' },
    { key: paths.user.companySetting, icon: <ShopOutlined />, label: '企业信息' },
    { key: paths.record.ordinary, icon: <PictureOutlined />, label: '我的素材' },
    ...(user.level === 0 && user.subEnabled
      ? [{ key: paths.user.subAccount, icon: <TeamOutlined />, label: '我的子账号' }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
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
        <Avatar size={28} icon={<UserOutlined />} className="gs-avatar" />
        <span className="gs-user-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
