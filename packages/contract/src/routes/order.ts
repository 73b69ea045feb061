// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ORDER_API } from '../api/order.js';

export const ORDER_ROUTES: RoutesOf<typeof ORDER_API> = {
  placeMaterial: { method: 'POST', path: '/api/order/place/material', access: 'user' },
  placeMaterialPreview: { method: 'POST', path: '/api/order/place/material/preview', access: 'user' },
  placeUpgrade: { method: 'POST', path: '/api/order/place/upgrade', access: 'user' },
  placeUpgradePreview: { method: 'POST', path: '/api/order/place/upgrade/preview', access: 'user' },
  placeWallet: { method: 'POST', path: '/api/order/place/wallet', access: 'mainAccount' },
  placeCustom: { method: 'POST', path: '/api/order/place/custom', access: 'user' },
  placeCustomPreview: { method: 'POST', path: '/api/order/place/custom/preview', access: 'user' },
  list: { method: 'GET', path: '/api/order/list', access: 'user' },
  detail: { method: 'GET', path: '/api/order/:id', access: 'user' },
  payPreview: { method: 'POST', path: '/api/order/:id/pay_preview', access: 'user' },
  cancel: { method: 'POST', path: '/api/order/:id/cancel', access: 'user' },
  audit: { method: 'POST', path: '/api/order/:id/audit', access: 'mainAccount' },
  payByWallet: { method: 'POST', path: '/api/order/:id/wallet', access: 'user' },
  startTransfer: { method: 'POST', path: '/api/order/:id/transfer', access: 'user' },
  transferInfo: { method: 'GET', path: '/api/order/:id/transfer', access: 'user' },
};
