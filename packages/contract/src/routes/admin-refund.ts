// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_REFUND_API } from '../api/refund.js';

export const ADMIN_REFUND_ROUTES: RoutesOf<typeof ADMIN_REFUND_API> = {
  orderPreview: { method: 'GET', path: '/api/admin/orders/:id/refund', access: 'operator', roles: ['finance'] },
  refundOrder: { method: 'POST', path: '/api/admin/orders/:id/refund', access: 'operator', roles: ['finance'] },
  orderMoney: { method: 'GET', path: '/api/admin/orders/:id/money', access: 'operator', roles: ['finance', 'service'] },
  sync: { method: 'POST', path: '/api/admin/refunds/:id/sync', access: 'operator', roles: ['finance'] },
  retry: { method: 'POST', path: '/api/admin/refunds/:id/retry', access: 'operator', roles: ['finance'] },
  paidOut: { method: 'POST', path: '/api/admin/refunds/:id/paid_out', access: 'operator', roles: ['finance'] },
  handleException: {
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/handle',
    access: 'operator',
    roles: ['finance'],
  },
  refundException: {
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/refund',
    access: 'operator',
    roles: ['finance'],
  },
};
