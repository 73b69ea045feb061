// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_REVIEW_API } from '../api/admin-review.js';

export const ADMIN_REVIEW_ROUTES: RoutesOf<typeof ADMIN_REVIEW_API> = {
  queue: { method: 'GET', path: '/api/admin/review', access: 'operator', roles: ['content'] },
  list: { method: 'POST', path: '/api/admin/review/list', access: 'operator', roles: ['content'] },
  reject: { method: 'POST', path: '/api/admin/review/reject', access: 'operator', roles: ['content'] },
};
