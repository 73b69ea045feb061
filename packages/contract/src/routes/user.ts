// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from '../endpoint.js';
import type { USER_API } from '../api/user.js';

export const USER_ROUTES: RoutesOf<typeof USER_API> = {
  me: { method: 'GET', path: '/api/user', access: 'user' },
  register: { method: 'POST', path: '/api/user', access: 'public' },
  login: { method: 'POST', path: '/api/user/login', access: 'public' },
  logout: { method: 'POST', path: '/api/user/logout', access: 'user' },
  forgetPassword: { method: 'POST', path: '/api/user/forget_password', access: 'public' },
  sendEmailCode: { method: 'POST', path: '/api/user/send_email_code', access: 'public' },
  sendMobileCode: { method: 'POST', path: '/api/user/send_mobile_code', access: 'public' },
  company: { method: 'POST', path: '/api/user/company', access: 'mainAccount' },
  resetEmail: { method: 'POST', path: '/api/user/reset_email', access: 'mainAccount' },
  bindEmail: { method: 'POST', path: '/api/user/bind_email', access: 'mainAccount' },
  resetMobile: { method: 'POST', path: '/api/user/reset_mobile', access: 'mainAccount' },
  bindMobile: { method: 'POST', path: '/api/user/bind_mobile', access: 'mainAccount' },
  resetPassword: { method: 'POST', path: '/api/user/reset_password', access: 'user' },
  resetEmailForSub: { method: 'POST', path: '/api/user/reset_email_for_sub', access: 'mainAccount' },
  subUsers: { method: 'GET', path: '/api/user/sub_user', access: 'mainAccount' },
  createSubUser: { method: 'POST', path: '/api/user/sub_user', access: 'mainAccount' },
  updateSubUser: { method: 'PUT', path: '/api/user/sub_user/:id', access: 'mainAccount' },
  setSubUserPassword: { method: 'PUT', path: '/api/user/sub_user/:id/password', access: 'mainAccount' },
  setSubUserEnabled: { method: 'PUT', path: '/api/user/sub_user/:id/enabled', access: 'mainAccount' },
};
