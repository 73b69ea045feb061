// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_MATERIAL_API } from '../api/admin-material.js';

export const ADMIN_MATERIAL_ROUTES: RoutesOf<typeof ADMIN_MATERIAL_API> = {
  list: { method: 'GET', path: '/api/admin/materials', access: 'operator', roles: ['content'] },
  uploadConfig: { method: 'GET', path: '/api/admin/materials/upload_config', access: 'operator', roles: ['content'] },
  detail: { method: 'GET', path: '/api/admin/materials/:id', access: 'operator', roles: ['content'] },
  update: { method: 'PATCH', path: '/api/admin/materials/:id', access: 'operator', roles: ['content'] },
  reprocess: { method: 'POST', path: '/api/admin/materials/:id/reprocess', access: 'operator', roles: ['content'] },
};
