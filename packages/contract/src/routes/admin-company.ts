// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_COMPANY_API } from '../api/admin-company.js';

export const ADMIN_COMPANY_ROUTES: RoutesOf<typeof ADMIN_COMPANY_API> = {
  list: { method: 'GET', path: '/api/admin/companies', access: 'operator', roles: ['service'] },
  detail: { method: 'GET', path: '/api/admin/companies/:id', access: 'operator', roles: ['service'] },
  accounts: { method: 'GET', path: '/api/admin/companies/:id/accounts', access: 'operator', roles: ['service'] },
  orders: { method: 'GET', path: '/api/admin/companies/:id/orders', access: 'operator', roles: ['service'] },
  invoices: { method: 'GET', path: '/api/admin/companies/:id/invoices', access: 'operator', roles: ['service'] },
  ledger: { method: 'GET', path: '/api/admin/companies/:id/ledger', access: 'operator', roles: ['service'] },
  licences: { method: 'GET', path: '/api/admin/companies/:id/licences', access: 'operator', roles: ['service'] },
  demands: { method: 'GET', path: '/api/admin/companies/:id/demands', access: 'operator', roles: ['service'] },
  disableAccount: { method: 'POST', path: '/api/admin/accounts/:id/disable', access: 'operator', roles: ['service'] },
  enableAccount: { method: 'POST', path: '/api/admin/accounts/:id/enable', access: 'operator', roles: ['service'] },
};
