// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_DESIGN_API } from '../api/design.js';

export const ADMIN_DESIGN_ROUTES: RoutesOf<typeof ADMIN_DESIGN_API> = {
  list: { method: 'GET', path: '/api/admin/demands', access: 'operator', roles: ['service'] },
  details: { method: 'GET', path: '/api/admin/demands/:id', access: 'operator', roles: ['service'] },
  designers: { method: 'GET', path: '/api/admin/designers', access: 'operator', roles: ['service'] },
  assign: { method: 'POST', path: '/api/admin/demands/:id/assign', access: 'operator', roles: ['service'] },
  answer: { method: 'POST', path: '/api/admin/demands/:id/answer', access: 'operator', roles: ['service'] },
  price: { method: 'POST', path: '/api/admin/demands/:id/quote', access: 'operator', roles: ['service'] },
  cancel: { method: 'POST', path: '/api/admin/demands/:id/cancel', access: 'operator', roles: ['service'] },
};
