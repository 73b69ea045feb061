// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { DESIGN_API } from '../api/design.js';

export const DESIGN_ROUTES: RoutesOf<typeof DESIGN_API> = {
  list: { method: 'GET', path: '/api/user/demand', access: 'user' },
  details: { method: 'GET', path: '/api/user/demand/:id', access: 'user' },
  comment: { method: 'POST', path: '/api/user/demand/:id/comments', access: 'user' },
  feedback: { method: 'POST', path: '/api/user/demand/:id/feedback', access: 'user' },
  accept: { method: 'POST', path: '/api/user/demand/:id/accept', access: 'user' },
  delivery: { method: 'GET', path: '/api/user/demand/:id/delivery', access: 'user' },
  requestQuote: { method: 'POST', path: '/api/user/demand/quote', access: 'user' },
  withdraw: { method: 'POST', path: '/api/user/demand/:id/withdraw', access: 'user' },
};
