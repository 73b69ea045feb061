import { queryClient } from '@/lib/query-client';
import { ADMIN_ME_KEY, getAdminMe } from './api/get-admin-me';
import { FIRST_MATERIALS_QUERY, prefetchMaterials } from './api/get-materials';
import { FIRST_ORDERS_QUERY, prefetchOrders } from './api/get-orders';
import { prefetchOverview } from './api/get-overview';
import { useAdminSession } from './lib/admin-session';

/**
 * Where each console page's code comes from, by the path segment after /admin/. A chunk of its
 * own with nothing else in it: the app router fetches it beside the console frame and starts
 * loading the page the address names at once, so the page's code arrives with the frame instead
 * of after it has rendered (a cold first render waited for the two one after the other).
 */
export const CONSOLE_PAGES = {
  overview: () => import('./routes/overview-page'),
  dashboard: () => import('./routes/dashboard-page'),
  materials: () => import('./routes/materials-page'),
  upload: () => import('./routes/upload-page'),
  review: () => import('./routes/review-page'),
  keywords: () => import('./routes/keywords-page'),
  orders: () => import('./routes/orders-page'),
  transfers: () => import('./routes/transfers-page'),
  invoices: () => import('./routes/invoices-page'),
  demands: () => import('./routes/demands-page'),
  surveys: () => import('./routes/surveys-page'),
  privacy: () => import('./routes/privacy-page'),
  trace: () => import('./routes/trace-page'),
  'payment-exceptions': () => import('./routes/payment-exceptions-page'),
  coupons: () => import('./routes/coupons-page'),
  audit: () => import('./routes/audit-page'),
  companies: () => import('./routes/companies-page'),
  service: () => import('./routes/service-settings-page'),
  operators: () => import('./routes/operators-page'),
  account: () => import('./routes/account-page'),
  login: () => import('./routes/login-page'),
  content: () => import('./routes/content-page'),
} as const;

export type ConsolePage = keyof typeof CONSOLE_PAGES;
export type ConsolePageModule<S extends ConsolePage> = Awaited<ReturnType<(typeof CONSOLE_PAGES)[S]>>;

/** The pages whose code has arrived, by segment. */
const arrived = new Map<ConsolePage, unknown>();

/** Loads a console page's code (through CONSOLE_PAGES) and remembers that it has arrived. */
export async function loadConsolePage<S extends ConsolePage>(segment: S): Promise<ConsolePageModule<S>> {
  const module = (await CONSOLE_PAGES[segment]()) as ConsolePageModule<S>;
  arrived.set(segment, module);
  return module;
}

/** The page's code if it has arrived: rendered at once, without suspending (admin-app.tsx). */
export function arrivedConsolePage<S extends ConsolePage>(segment: S): ConsolePageModule<S> | undefined {
  return arrived.get(segment) as ConsolePageModule<S> | undefined;
}

/**
 * The first call of the lists that open most often, by page, when the address asks for the list
 * as it first shows (no filter): started with the page's code rather than after it has run and
 * rendered, so the rows are in the cache when the table first draws. The page's own query has the
 * same key and finds them there, or joins the call still on its way.
 */
const FIRST_CALL: Partial<Record<ConsolePage, () => Promise<void>>> = {
  overview: prefetchOverview,
  orders: () => prefetchOrders(FIRST_ORDERS_QUERY),
  materials: () => prefetchMaterials(FIRST_MATERIALS_QUERY),
};

/**
 * Starts loading the page at `pathname` (/admin/orders → the orders page; /admin itself opens
 * 今日待办 for most roles), and its first call. Settles when the page's code has arrived (or
 * failed to: the page reports that itself when it renders), never with an error: the router
 * waits for it beside the console's frame, so that the frame's first render draws the page too.
 * The list's call is not waited for: the page shows its table loading until the rows come.
 */
export async function preloadConsolePage(pathname: string, search = ''): Promise<void> {
  // who is signed in (the menu and every role check wait for it) is asked now too, not when the
  // frame first renders; the frame's query finds the answer in the cache
  const segment = pathname.split('/')[2] || 'overview';
  if (segment !== 'login' && useAdminSession.getState().token !== null) {
    void queryClient.prefetchQuery({ queryKey: ADMIN_ME_KEY, queryFn: getAdminMe, staleTime: 60_000 });
    // a role that may not open the page is answered 403; a prefetch never throws, and the page
    // that role sees instead (没有权限) does not read it
    if (search === '' && Object.hasOwn(FIRST_CALL, segment)) {
      void FIRST_CALL[segment as keyof typeof FIRST_CALL]?.();
    }
  }
  if (Object.hasOwn(CONSOLE_PAGES, segment)) {
    await loadConsolePage(segment as ConsolePage).catch(() => {
      // a failed preload is retried, and reported, when the page itself loads
    });
  }
}
