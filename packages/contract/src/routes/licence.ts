// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { LICENCE_API } from '../api/licence.js';

export const LICENCE_ROUTES: RoutesOf<typeof LICENCE_API> = {
  materialDownload: { method: 'GET', path: '/api/material/:id/download', access: 'user' },
  channelCuts: { method: 'GET', path: '/api/material/:id/presets', access: 'user' },
  orderDownload: { method: 'GET', path: '/api/order/:id/download', access: 'user' },
  purchased: { method: 'GET', path: '/api/user/material', access: 'user' },
};
