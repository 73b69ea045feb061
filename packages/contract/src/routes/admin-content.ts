// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { ADMIN_CONTENT_API } from '../api/content.js';

export const ADMIN_CONTENT_ROUTES: RoutesOf<typeof ADMIN_CONTENT_API> = {
  documents: { method: 'GET', path: '/api/admin/content', access: 'operator', roles: ['content'] },
  versions: { method: 'GET', path: '/api/admin/content/:key/versions', access: 'operator', roles: ['content'] },
  version: {
    method: 'GET',
    path: '/api/admin/content/:key/versions/:version',
    access: 'operator',
    roles: ['content', 'service', 'finance'],
  },
  saveDraft: { method: 'PUT', path: '/api/admin/content/:key/draft', access: 'operator', roles: ['content'] },
  publish: { method: 'POST', path: '/api/admin/content/:key/publish', access: 'operator', roles: ['content'] },
  rollback: { method: 'POST', path: '/api/admin/content/:key/rollback', access: 'operator', roles: ['content'] },
  preview: { method: 'POST', path: '/api/admin/content/preview', access: 'operator', roles: ['content'] },
  consents: { method: 'GET', path: '/api/admin/consents', access: 'operator', roles: ['service', 'finance'] },
};
