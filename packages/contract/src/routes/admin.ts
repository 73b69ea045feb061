// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_API } from '../api/admin.js';

export const ADMIN_ROUTES: RoutesOf<typeof ADMIN_API> = {
  login: { method: 'POST', path: '/api/admin/login', access: 'public' },
  logout: {
    method: 'POST',
    path: '/api/admin/logout',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  me: { method: 'GET', path: '/api/admin/me', access: 'operator', roles: ['admin', 'content', 'finance', 'service'] },
  changePassword: {
    method: 'PUT',
    path: '/api/admin/account/password',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpSetup: {
    method: 'POST',
    path: '/api/admin/account/totp/setup',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpEnable: {
    method: 'POST',
    path: '/api/admin/account/totp/enable',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpDisable: {
    method: 'POST',
    path: '/api/admin/account/totp/disable',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
};
