import {
  CrownOutlined,
  GiftOutlined,
  HighlightOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Badge, Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSearchNavigation } from '@/hooks/use-search-navigation';
import { useDialogs } from '@/stores/dialogs';
import { isLoggedInUser, useSession } from '@/stores/session';
import { HeaderSearch } from './header-search';
import { UserMenu } from './user-menu';
import { WalletPopover } from './wallet-popover';

function HeaderLink({
  to,
  icon,
  children,
  badge,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  badge?: number;
}) {
  return (
    <NavLink to={to} className={({ isActive }) => `gs-nav-link${isActive ? ' is-active' : ''}`}>
      <span className="gs-nav-link__icon">{icon}</span>
      <span>{children}</span>
      {/* beside the label, so it stays visible when narrow screens drop the icons */}
      {badge ? <Badge count={badge} size="small" overflowCount={99} /> : null}
    </NavLink>
  );
}

function XiaohongshuIcon() {
  return (
    <span aria-hidden className="gs-xhs-icon">
      书
    </span>
  );
}

/** The site header of spec §2. */
export function AppHeader({ siteName }: { siteName: string }) {
  const user = useSession((s) => s.user);
  const cartCount = useSession((s) => s.cartCount);
  const openAuth = useDialogs((s) => s.openAuth);
  const openCustomize = useDialogs((s) => s.openCustomize);
  const { goHome } = useSearchNavigation();
  const navigate = useNavigate();
  const loggedIn = isLoggedInUser(user);

  const onCustomize = () => {
    if (loggedIn) openCustomize();
    else openAuth('login', { kind: 'customize' });
  };

  return (
    <header className="gs-header">
      <div className="gs-container gs-header__inner">
        <a
          href={paths.home}
          className="gs-logo"
          onClick={(e) => {
            e.preventDefault();
            goHome();
          }}
          aria-label={`${siteName}首页`}
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="gs-logo__text">
            <strong>{siteName}</strong>
            <small>GEMSTOCK</small>
          </span>
        </a>

        <HeaderSearch />

        <nav className="gs-nav" aria-label="主导航">
          <HeaderLink to={paths.question} icon={<QuestionCircleOutlined />}>
            常见问题
          </HeaderLink>
          <HeaderLink to={paths.user.order} icon={<ProfileOutlined />} badge={user?.orderBadge}>
            我的订单
          </HeaderLink>
          <HeaderLink to={paths.cart} icon={<ShoppingCartOutlined />} badge={cartCount}>
            购物车
          </HeaderLink>
          <HeaderLink to={paths.freeMaterial} icon={<GiftOutlined />}>
            免费素材
          </HeaderLink>
          <HeaderLink to={paths.video} icon={<PlayCircleOutlined />}>
            精选视频
          </HeaderLink>
          <HeaderLink to={paths.xiaohongshu} icon={<XiaohongshuIcon />}>
            小红书
          </HeaderLink>
        </nav>

        <Flex gap={8} align="center" className="gs-header__actions">
          <Button icon={<HighlightOutlined />} onClick={onCustomize} className="gs-customize-button">
            定制服务
          </Button>
          {loggedIn ? (
            <>
              {user.isVip ? (
                <WalletPopover user={user} />
              ) : (
                <Button
                  type="text"
                  icon={<CrownOutlined />}
                  className="gs-vip-button"
                  onClick={() => navigate(paths.wallet)}
                >
                  升级VIP
                </Button>
              )}
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Button onClick={() => openAuth('register')}>注册</Button>
              <Button type="primary" onClick={() => openAuth('login')}>
                登录
              </Button>
            </>
          )}
        </Flex>
      </div>
    </header>
  );
}
