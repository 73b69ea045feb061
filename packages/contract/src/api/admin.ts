import { z } from 'zod';
import { zPassword, zUsername } from '../validation.js';

export const ADMIN_PATHS = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  me: '/api/admin/me',
} as const;

export const ZOperator = z.object({
  sid: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZAdminLoginRequest = z.object({ username: zUsername, password: zPassword });
export type TAdminLoginRequest = z.input<typeof ZAdminLoginRequest>;

export const ZOperatorResponse = z.object({ operator: ZOperator });
