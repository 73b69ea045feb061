import {
  GiftOutlined,
  HighlightOutlined,
  HomeOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ShoppingCartOutlined,
} from '@/components/ui/icon-paths';
import { type ReactNode, Suspense } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSearchNavigation } from '@/hooks/use-search-navigation';
import { useDialogs } from '@/stores/dialogs';
import { isLoggedInUser, useSession } from '@/stores/session';
import { lazyWithAntd } from '@/app/with-antd';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { HeaderSearch } from './header-search';

// The menu and wallet popover need a session first: their code (and antd) loads once there is one.
const HeaderAccount = lazyWithAntd(() => import('./header-account'), 'HeaderAccount');

function CountBadge({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="gs-count-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="gs-sr-only">
        （{count}
        {label}）
      </span>
    </span>
  );
}

function HeaderLink({
  to,
  icon,
  children,
  badge,
  end,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  badge?: ReactNode;
  end?: boolean;
}) {
  return (
    <NavLink to={to} end={end} className={({ isActive }) => `gs-nav-link${isActive ? ' is-active' : ''}`}>
      <span className="gs-nav-link__icon" aria-hidden>
        {icon}
      </span>
      <span className="gs-nav-link__label">{children}</span>
      {/* beside the label, so it stays visible when narrow screens drop the icons */}
      {badge}
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

/**
 * The site header of spec §2. On a phone the link row becomes a tab bar fixed at the bottom of
 * the screen (CSS only), and the search box takes the header's second row.
 */
export function AppHeader({ siteName }: { siteName: string }) {
  const user = useSession((s) => s.user);
  const cartCount = useSession((s) => s.cartCount);
  const openAuth = useDialogs((s) => s.openAuth);
  const openCustomize = useDialogs((s) => s.openCustomize);
  const { goHome } = useSearchNavigation();
  const loggedIn = isLoggedInUser(user);
  const orderBadge = <CountBadge count={user?.orderBadge} label="个订单待处理" />;
  const cartBadge = <CountBadge count={cartCount} label="件素材" />;

  const onCustomize = () => {
    if (loggedIn) openCustomize();
    else openAuth('login', { kind: 'customize' });
  };

  return (
    <>
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
            <HeaderLink to={paths.question} icon={<Icon icon={QuestionCircleOutlined} />}>
              常见问题
            </HeaderLink>
            <HeaderLink to={paths.user.order} icon={<Icon icon={ProfileOutlined} />} badge={orderBadge}>
              我的订单
            </HeaderLink>
            <HeaderLink to={paths.cart} icon={<Icon icon={ShoppingCartOutlined} />} badge={cartBadge}>
              购物车
            </HeaderLink>
            <HeaderLink to={paths.freeMaterial} icon={<Icon icon={GiftOutlined} />}>
              免费素材
            </HeaderLink>
            <HeaderLink to={paths.video} icon={<Icon icon={PlayCircleOutlined} />}>
              精选视频
            </HeaderLink>
            <HeaderLink to={paths.xiaohongshu} icon={<XiaohongshuIcon />}>
              小红书
            </HeaderLink>
          </nav>

          <div className="gs-header__actions">
            <Button
              icon={<Icon icon={HighlightOutlined} />}
              onClick={onCustomize}
              className="gs-customize-button"
              aria-label="定制服务"
            >
              <span className="gs-hide-phone">定制服务</span>
            </Button>
            {loggedIn ? (
              <Suspense fallback={<span className="gs-account-placeholder" />}>
                <HeaderAccount user={user} />
              </Suspense>
            ) : (
              <>
                <Button onClick={() => openAuth('register')}>注册</Button>
                <Button kind="primary" onClick={() => openAuth('login')}>
                  登录
                </Button>
              </>
            )}
          </div>
        </div>
      </header>

      <nav className="gs-tabbar" aria-label="底部导航">
        <HeaderLink to={paths.home} icon={<Icon icon={HomeOutlined} />} end>
          首页
        </HeaderLink>
        <HeaderLink to={paths.video} icon={<Icon icon={PlayCircleOutlined} />}>
          视频
        </HeaderLink>
        <HeaderLink to={paths.freeMaterial} icon={<Icon icon={GiftOutlined} />}>
          免费
        </HeaderLink>
        <HeaderLink to={paths.cart} icon={<Icon icon={ShoppingCartOutlined} />} badge={cartBadge}>
          购物车
        </HeaderLink>
        <HeaderLink to={paths.user.order} icon={<Icon icon={ProfileOutlined} />} badge={orderBadge}>
          订单
        </HeaderLink>
      </nav>
    </>
  );
}
