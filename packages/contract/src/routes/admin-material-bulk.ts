// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_MATERIAL_BULK_API } from '../api/admin-material-bulk.js';

export const ADMIN_MATERIAL_BULK_ROUTES: RoutesOf<typeof ADMIN_MATERIAL_BULK_API> = {
  start: { method: 'POST', path: '/api/admin/materials/bulk', access: 'operator', roles: ['content'] },
  job: { method: 'GET', path: '/api/admin/materials/bulk/:id', access: 'operator', roles: ['content'] },
};
