import { PAY_RETURN_ORDER_PARAM, PAY_RETURN_PATH, SEARCH_PARAM } from '@gemstock/contract';
/**
 * The route table of spec §2. Every in-app link is built from here so a path is spelt once.
 * The route objects (guards, lazy pages) live in src/app/router.tsx.
 */
export const paths = {
  home: '/',
  detail: (sid: string) => `/detail/${encodeURIComponent(sid)}`,
  cart: '/cart',
  user: {
    root: '/user',
    accountSetting: '/user/account-setting',
    companySetting: '/user/company-setting',
    order: '/user/order',
    like: '/user/like',
    subAccount: '/user/sub-account',
    privacy: '/user/privacy',
    board: '/user/board',
    boardOf: (sid: string) => `/user/board/${encodeURIComponent(sid)}`,
  },
  /** A board shared read-only with a client (decision 0047). */
  boardShare: (token: string) => `/board-share/${encodeURIComponent(token)}`,
  customize: '/customize',
  record: {
    root: '/record',
    ordinary: '/record/ordinary',
    customize: '/record/customize',
  },
  question: '/question',
  wallet: '/wallet',
  xiaohongshu: '/xiaohongshu',
  freeMaterial: '/free-material',
  video: '/video',
  devOutbox: '/dev/outbox',
  /** The API reference (decision 0044), outside the site's layout; not under /api, which is the server's. */
  apiDocs: '/docs/api',
  /** Where a phone comes back from the gateway's mobile page (`?order=<sid>`, built by the server). */
  payReturn: PAY_RETURN_PATH,
} as const;

/** Query parameter carrying the search value on home (`/?keyword=…`): the contract's SEARCH_PARAM. */
export { SEARCH_PARAM };
/** Query parameter naming the traffic source; the register form sends it (spec §2). */
export const SOURCE_PARAM = 'source';

/**
 * Query parameters are carried from one route to the next (spec §2) so campaign parameters
 * such as `source` survive until the visitor registers. These belong to the page that set them
 * (home's search and browse state) and are never carried: the logo must clear the search.
 */
export const ROUTE_LOCAL_PARAMS: ReadonlySet<string> = new Set([
  SEARCH_PARAM,
  'page',
  'sort',
  'orientation',
  'period',
  'format',
  PAY_RETURN_ORDER_PARAM,
]);

/** Navigation state: pass `{ carryQuery: false }` to leave the previous query behind. */
export interface AppNavigationState {
  carryQuery?: boolean;
}
