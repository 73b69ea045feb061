// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_PRIVACY_API } from '../api/privacy.js';

export const ADMIN_PRIVACY_ROUTES: RoutesOf<typeof ADMIN_PRIVACY_API> = {
  list: { method: 'GET', path: '/api/admin/privacy_requests', access: 'operator', roles: ['service'] },
  deletionPreview: {
    method: 'GET',
    path: '/api/admin/privacy_requests/:id/deletion_preview',
    access: 'operator',
    roles: ['service'],
  },
  correct: { method: 'POST', path: '/api/admin/privacy_requests/:id/correct', access: 'operator', roles: ['service'] },
  produce: { method: 'POST', path: '/api/admin/privacy_requests/:id/produce', access: 'operator', roles: ['service'] },
  erase: { method: 'POST', path: '/api/admin/privacy_requests/:id/erase', access: 'operator', roles: ['service'] },
  refuse: { method: 'POST', path: '/api/admin/privacy_requests/:id/refuse', access: 'operator', roles: ['service'] },
  archive: { method: 'GET', path: '/api/admin/privacy_requests/:id/archive', access: 'operator', roles: ['service'] },
};
