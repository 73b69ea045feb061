import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { Icon, type IconPaths } from '@/components/ui/icon';
import { FileProtectOutlined, HeartOutlined, ProfileOutlined } from '@/components/ui/icon-paths';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/stores/session';
import type * as MenuIconPaths from '../icon-paths';

type MenuIcons = typeof MenuIconPaths;

/**
 * The side menu's other pictures (2 KB of path data): decorative and drawn on wide screens only,
 * so they come after the page's code instead of with it; their place is kept meanwhile.
 */
function useMenuIcons(): MenuIcons | null {
  const [icons, setIcons] = useState<MenuIcons | null>(null);
  useEffect(() => {
    let live = true;
    void import('../icon-paths').then((module) => {
      if (live) setIcons(module);
    });
    return () => {
      live = false;
    };
  }, []);
  return icons;
}

/** /user — the account area with its side menu (login required). */
export default function UserLayout() {
  const user = useCurrentUser();
  const icons = useMenuIcons();
  const showSubAccounts = user?.level === 0 && user.subEnabled;

  const items: { to: string; icon: IconPaths | undefined; label: string }[] = [
    { to: paths.user.accountSetting, icon: icons?.SettingOutlined, label: '账号设置' },
    { to: paths.user.companySetting, icon: icons?.ShopOutlined, label: '企业信息' },
    { to: paths.user.order, icon: ProfileOutlined, label: '我的订单' },
    { to: paths.user.like, icon: HeartOutlined, label: '我的喜欢' },
    { to: paths.user.board, icon: icons?.FolderOutlined, label: '团队收藏夹' },
    ...(showSubAccounts ? [{ to: paths.user.subAccount, icon: icons?.TeamOutlined, label: '我的子账号' }] : []),
    { to: paths.user.privacy, icon: FileProtectOutlined, label: '个人信息' },
    // the membership page (/wallet) is not part of the account area, but this is where a buyer looks for it
    { to: paths.wallet, icon: icons?.CrownOutlined, label: user?.isVip ? 'VIP 会员与钱包' : '升级VIP' },
  ];

  return (
    <PageContainer>
      <div className="gs-user-layout">
        <div>
          {/* phones: one row of links that scrolls sideways, so the page starts near the top */}
          <nav className="gs-show-phone gs-user-tabs" aria-label="个人中心">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className="gs-user-tabs__link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          {/* antd's inline Menu drawn as links: each section is a page with its own address */}
          <nav className="gs-card gs-hide-phone gs-side-menu" aria-label="个人中心">
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="gs-side-menu__link">
                    {item.icon ? <Icon icon={item.icon} /> : <span className="gs-side-menu__icon-space" aria-hidden />}
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="gs-user-layout__main">
          <Outlet />
        </div>
      </div>
    </PageContainer>
  );
}
