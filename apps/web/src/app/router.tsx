import type { ComponentType } from 'react';
import { type HydrationState, type RouteObject, createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { setNavigator } from '@/lib/navigation';
import { redirectKeepingQuery, requireInAppEntry, requireLogin, rootLoader } from './guards';
import { AppLoading } from './layouts/app-loading';
import { loadWithAntd } from './with-antd';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import type { RouteHandle } from './route-handle';

type PageModule = () => Promise<{ default: ComponentType }>;

/** Every page is its own chunk, loaded on first visit. */
function page(load: PageModule): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * A page built with antd: its chunk and antd's theme and locale (app/antd-scope) load together and
 * the page renders inside them. Pages a first visit lands on use `page` and plain elements; the
 * children of an antd layout are already inside its scope and use `page` too.
 */
function antdPage(load: PageModule): RouteObject['lazy'] {
  return async () => ({ Component: await loadWithAntd(async () => (await load()).default) });
}

const h = (title: string): RouteHandle => ({ title });

/** Index routes that only redirect still need a component, or the router warns. */
const RedirectOnly = () => null;

/** Spec §2 route table; paths come from src/config/paths.ts. */
export const routes: RouteObject[] = [
  {
    // The operator console (src/features/admin): a chunk of its own that no buyer page loads,
    // with its own login, session and layout; the root loader (GET /api/user) never runs for it.
    path: '/admin/*',
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    // (antd's scope is the console's own: src/features/admin/admin-app.tsx)
    lazy: page(async () => {
      // The page the address names loads beside the frame (its list's first call starts then
      // too), and the frame waits for it: their first render is one, with the page in it.
      const [app] = await Promise.all([
        import('@/features/admin/admin-app'),
        import('@/features/admin/console-pages').then((pages) =>
          pages.preloadConsolePage(window.location.pathname, window.location.search),
        ),
      ]);
      return app;
    }),
  },
  {
    // The API reference (decision 0044): outside the site's layout, Scalar in its own chunk.
    path: paths.apiDocs,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    lazy: page(() => import('@/features/api-docs/routes/api-docs-page')),
  },
  {
    id: 'root',
    path: paths.home,
    loader: rootLoader,
    HydrateFallback: AppLoading,
    Component: RootLayout,
    children: [
      {
        // a pathless layout so a failing page keeps the header and footer
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: page(() => import('@/features/catalog/routes/home-page')) },
          {
            path: 'detail/:sid',
            handle: h('素材详情'),
            lazy: page(() => import('@/features/material/routes/detail-page')),
          },
          {
            path: 'cart',
            handle: h('购物车'),
            loader: requireLogin,
            lazy: page(() => import('@/features/cart/routes/cart-page')),
          },
          {
            path: 'user',
            loader: requireLogin,
            lazy: page(() => import('@/features/account/routes/user-layout')),
            children: [
              { index: true, loader: redirectKeepingQuery(paths.user.accountSetting), Component: RedirectOnly },
              {
                path: 'account-setting',
                handle: h('账号设置'),
                lazy: page(() => import('@/features/account/routes/account-setting-page')),
              },
              {
                path: 'company-setting',
                handle: h('企业信息'),
                lazy: page(() => import('@/features/account/routes/company-setting-page')),
              },
              {
                path: 'order',
                handle: h('我的订单'),
                lazy: page(() => import('@/features/records/routes/user-order-page')),
              },
              {
                path: 'like',
                handle: h('我的喜欢'),
                lazy: page(() => import('@/features/account/routes/like-page')),
              },
              {
                path: 'sub-account',
                handle: h('我的子账号'),
                lazy: page(() => import('@/features/account/routes/sub-account-page')),
              },
              {
                path: 'board',
                handle: h('团队收藏夹'),
                lazy: page(() => import('@/features/board/routes/boards-page')),
              },
              {
                path: 'board/:sid',
                handle: h('收藏夹'),
                lazy: page(() => import('@/features/board/routes/board-page')),
              },
              {
                path: 'privacy',
                handle: h('个人信息'),
                lazy: page(() => import('@/features/account/routes/privacy-page')),
              },
            ],
          },
          {
            path: 'customize',
            handle: h('定制服务'),
            loader: requireInAppEntry,
            lazy: page(() => import('@/features/customize/routes/customize-page')),
          },
          {
            path: 'record',
            loader: requireLogin,
            lazy: page(() => import('@/features/records/routes/record-layout')),
            children: [
              { index: true, loader: redirectKeepingQuery(paths.record.ordinary), Component: RedirectOnly },
              {
                path: 'ordinary',
                handle: h('我的素材'),
                lazy: page(() => import('@/features/records/routes/ordinary-records-page')),
              },
              {
                path: 'customize',
                handle: h('定制记录'),
                lazy: page(() => import('@/features/records/routes/customize-records-page')),
              },
            ],
          },
          {
            path: 'question',
            handle: h('常见问题'),
            lazy: page(() => import('@/features/faq/routes/question-page')),
          },
          {
            path: 'wallet',
            handle: h('VIP 会员'),
            lazy: page(() => import('@/features/wallet/routes/wallet-page')),
          },
          {
            path: 'xiaohongshu',
            handle: h('小红书'),
            lazy: page(() => import('@/features/promotion/routes/xiaohongshu-page')),
          },
          {
            path: 'board-share/:token',
            handle: h('分享的收藏夹'),
            lazy: page(() => import('@/features/board/routes/shared-board-page')),
          },
          {
            path: 'free-material',
            handle: h('免费素材'),
            lazy: page(() => import('@/features/free-material/routes/free-material-page')),
          },
          {
            path: 'video',
            handle: h('精选视频'),
            lazy: page(() => import('@/features/video/routes/video-page')),
          },
          {
            // a phone's browser back from WeChat Pay H5, Alipay wap pay or the sandbox page
            path: paths.payReturn.slice(1),
            handle: h('支付结果'),
            loader: requireLogin,
            lazy: antdPage(() => import('@/features/checkout/routes/pay-return-page')),
          },
          {
            path: 'dev/outbox',
            handle: h('开发邮箱'),
            lazy: page(() => import('@/features/dev-outbox/routes/outbox-page')),
          },
          { path: '*', handle: h('页面不存在'), lazy: page(() => import('./routes/not-found-page')) },
        ],
      },
    ],
  },
];

/** `hydrationData`: the loaders' answers the server's drawing was made with (main.tsx). */
export function createAppRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  setNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
