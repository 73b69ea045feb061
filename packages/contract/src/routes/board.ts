// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { BOARD_API } from '../api/board.js';

export const BOARD_ROUTES: RoutesOf<typeof BOARD_API> = {
  list: { method: 'GET', path: '/api/user/boards', access: 'user' },
  create: { method: 'POST', path: '/api/user/boards', access: 'user' },
  detail: { method: 'GET', path: '/api/user/boards/:id', access: 'user' },
  rename: { method: 'PUT', path: '/api/user/boards/:id', access: 'user' },
  remove: { method: 'DELETE', path: '/api/user/boards/:id', access: 'user' },
  addItem: { method: 'POST', path: '/api/user/boards/:id/items', access: 'user' },
  removeItem: { method: 'DELETE', path: '/api/user/boards/:id/items/:material', access: 'user' },
  moveItem: { method: 'POST', path: '/api/user/boards/:id/move', access: 'user' },
  comments: { method: 'GET', path: '/api/user/boards/:id/items/:material/comments', access: 'user' },
  comment: { method: 'POST', path: '/api/user/boards/:id/items/:material/comments', access: 'user' },
  buyAll: { method: 'POST', path: '/api/user/boards/:id/buy', access: 'user' },
  share: { method: 'POST', path: '/api/user/boards/:id/shares', access: 'user' },
  revokeShare: { method: 'DELETE', path: '/api/user/boards/:id/shares/:token', access: 'user' },
  shared: { method: 'GET', path: '/api/board_share/:token', access: 'public' },
};
