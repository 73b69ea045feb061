// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { MATERIAL_API } from '../api/material.js';

export const MATERIAL_ROUTES: RoutesOf<typeof MATERIAL_API> = {
  search: { method: 'GET', path: '/api/material', access: 'optionalUser' },
  facets: { method: 'GET', path: '/api/material/facets', access: 'public' },
  free: { method: 'GET', path: '/api/material/free', access: 'optionalUser' },
  featuredVideo: { method: 'GET', path: '/api/material/featured_video', access: 'optionalUser' },
  detail: { method: 'GET', path: '/api/material/:id', access: 'optionalUser' },
  related: { method: 'GET', path: '/api/material/:id/related', access: 'optionalUser' },
  similar: { method: 'GET', path: '/api/material/:id/similar', access: 'optionalUser' },
  like: { method: 'POST', path: '/api/material/:id/like', access: 'user' },
  unlike: { method: 'DELETE', path: '/api/material/:id/like', access: 'user' },
  userLikes: { method: 'GET', path: '/api/user/like', access: 'user' },
  freeDownload: { method: 'GET', path: '/api/material/:id/free_download', access: 'user' },
};
