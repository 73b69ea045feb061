import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { zPassword, zUsername } from '../validation.js';
import { ZEmptyResponse, ZTokenResponse } from './user.js';

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

/** The operator console's sign-in. */
export const ADMIN_API = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    body: ZAdminLoginRequest,
    response: ZTokenResponse,
    summary: "Signs an operator in; answers the console's token.",
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    access: 'operator',
    response: ZEmptyResponse,
    summary: 'Ends every session of the operator (its token version moves on).',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: 'operator',
    response: ZOperatorResponse,
    summary: 'The signed-in operator, and what the console warns about on every page.',
  }),
} as const;
