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

/**
 * What the console warns operators about on every page, from the server's own state. Today: the
 * servers on this database do not share their media storage (a server on local disk next to
 * others), with who and why; null when all is well.
 */
export const ZServiceWarnings = z.object({ cluster: z.string().nullable() });
export type TServiceWarnings = z.infer<typeof ZServiceWarnings>;

/** GET /api/admin/me: the signed-in operator and the service warnings for the console. */
export const ZOperatorResponse = z.object({ operator: ZOperator, warnings: ZServiceWarnings });
