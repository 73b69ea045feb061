import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ANY_OPERATOR_ROLE, OperatorRole } from '../operator-roles.js';
import { MAX_LENGTH } from '../constants.js';
import { zNewPassword, zPassword, zUsername } from '../validation.js';
import { ZEmptyResponse, ZSidParams, ZTokenResponse } from './user.js';

export const OPERATOR_MESSAGES = {
  roles: '请至少选择一个角色',
  role: '角色不正确',
  name: `姓名不能超过 ${MAX_LENGTH.name} 个字符`,
  totp: '请输入身份验证器上的 6 位数字动态验证码',
  emptyPatch: '没有需要修改的内容',
} as const;

export const zOperatorRole = z.enum(OperatorRole, { error: OPERATOR_MESSAGES.role });

/** One or more roles, each once, in the table's order whatever the order sent. */
export const zOperatorRoles = z
  .array(zOperatorRole, { error: OPERATOR_MESSAGES.roles })
  .min(1, { error: OPERATOR_MESSAGES.roles })
  .transform((roles) => Object.values(OperatorRole).filter((role) => roles.includes(role)));

/** A 6-digit code from an authenticator app (TOTP, 30-second steps). */
export const zTotpCode = z
  .string({ error: OPERATOR_MESSAGES.totp })
  .trim()
  .regex(/^\d{6}$/, { error: OPERATOR_MESSAGES.totp });

const zOperatorName = z
  .string()
  .trim()
  .max(MAX_LENGTH.name, { error: OPERATOR_MESSAGES.name })
  .transform((v) => v || null)
  .nullable();

export const ZOperator = z.object({
  sid: z.string(),
  username: z.string(),
  /** Display name (姓名), shown in the console and the audit; null when not given. */
  name: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  roles: z.array(zOperatorRole),
  /** Sign-in asks for a code from an authenticator app. */
  totpEnabled: z.boolean(),
  /** The password was set by an administrator: the console asks the operator for a new one. */
  mustChangePassword: z.boolean(),
});
export type TOperator = z.infer<typeof ZOperator>;

/** An operator account as 管理员 sees it in 账号管理. */
export const ZOperatorAccount = ZOperator.extend({
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type TOperatorAccount = z.infer<typeof ZOperatorAccount>;

export const ZAdminLoginRequest = z.object({
  username: zUsername,
  password: zPassword,
  /** Required once the operator has turned TOTP on (2051 without it). */
  totp: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zTotpCode.optional()),
});
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

export const ZChangeOperatorPasswordRequest = z.strictObject({
  currentPassword: zPassword,
  newPassword: zNewPassword,
});
export type TChangeOperatorPasswordRequest = z.input<typeof ZChangeOperatorPasswordRequest>;

export const ZTotpSetupRequest = z.strictObject({ password: zPassword });
export type TTotpSetupRequest = z.input<typeof ZTotpSetupRequest>;

/** A new secret to scan: the QR code (a PNG data URL) and the same secret as text, for typing in. */
export const ZTotpSetupResponse = z.object({
  secret: z.string(),
  uri: z.string(),
  qrDataUrl: z.string(),
});
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;

export const ZTotpEnableRequest = z.strictObject({ code: zTotpCode });
export type TTotpEnableRequest = z.input<typeof ZTotpEnableRequest>;

export const ZTotpDisableRequest = z.strictObject({ password: zPassword, code: zTotpCode });
export type TTotpDisableRequest = z.input<typeof ZTotpDisableRequest>;

export const ZOwnOperatorResponse = z.object({ operator: ZOperator });

/** The operator console's sign-in and each operator's own account. */
export const ADMIN_API = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    body: ZAdminLoginRequest,
    response: ZTokenResponse,
    summary: "Signs an operator in (with the authenticator code once TOTP is on); answers the console's token.",
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    response: ZEmptyResponse,
    summary: 'Ends every session of the operator (its token version moves on).',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    response: ZOperatorResponse,
    summary: 'The signed-in operator (roles, TOTP), and what the console warns about on every page.',
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/account/password',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    body: ZChangeOperatorPasswordRequest,
    response: ZTokenResponse,
    summary: "Changes the operator's own password; every other session ends, this one gets a new token.",
  }),
  totpSetup: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/totp/setup',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    body: ZTotpSetupRequest,
    response: ZTotpSetupResponse,
    summary: 'Starts turning on TOTP sign-in (password required): a new secret and its QR code, pending a code.',
  }),
  totpEnable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/totp/enable',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    body: ZTotpEnableRequest,
    response: ZOwnOperatorResponse,
    summary: 'Turns TOTP sign-in on with a code from the app that scanned the pending secret.',
  }),
  totpDisable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/totp/disable',
    access: 'operator',
    roles: ANY_OPERATOR_ROLE,
    body: ZTotpDisableRequest,
    response: ZOwnOperatorResponse,
    summary: 'Turns TOTP sign-in off (password and a current code required).',
  }),
} as const;

export const ZOperatorListResponse = z.object({ operators: z.array(ZOperatorAccount) });
export type TOperatorListResponse = z.infer<typeof ZOperatorListResponse>;

export const ZCreateOperatorRequest = z.strictObject({
  username: zUsername,
  name: zOperatorName.optional(),
  roles: zOperatorRoles,
  /** Left out: the server makes one up and answers it once. */
  password: zNewPassword.optional(),
});
export type TCreateOperatorRequest = z.input<typeof ZCreateOperatorRequest>;

/** `password` is the one the server made up (shown once, never stored in clear), or null when it was given. */
export const ZOperatorWithPasswordResponse = z.object({
  operator: ZOperatorAccount,
  password: z.string().nullable(),
});
export type TOperatorWithPasswordResponse = z.infer<typeof ZOperatorWithPasswordResponse>;

export const ZUpdateOperatorRequest = z
  .strictObject({
    name: zOperatorName.optional(),
    roles: zOperatorRoles.optional(),
    /** false: the account cannot sign in and its open sessions end at once. */
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { error: OPERATOR_MESSAGES.emptyPatch });
export type TUpdateOperatorRequest = z.input<typeof ZUpdateOperatorRequest>;

export const ZResetOperatorPasswordRequest = z.strictObject({
  password: zNewPassword.optional(),
  /** Also turns TOTP sign-in off (the operator lost the phone). */
  clearTotp: z.boolean().default(false),
});
export type TResetOperatorPasswordRequest = z.input<typeof ZResetOperatorPasswordRequest>;

export const ZOperatorAccountResponse = z.object({ operator: ZOperatorAccount });

/** 账号管理: 管理员 manages the operator accounts. */
export const ADMIN_OPERATOR_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/operators',
    access: 'operator',
    roles: [OperatorRole.ADMIN],
    response: ZOperatorListResponse,
    summary: 'Every operator account (at most 500, oldest first), with roles, state and TOTP.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operators',
    access: 'operator',
    roles: [OperatorRole.ADMIN],
    body: ZCreateOperatorRequest,
    response: ZOperatorWithPasswordResponse,
    summary: 'Creates an operator with its roles; answers the initial password once when none was given.',
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/operators/:id',
    access: 'operator',
    roles: [OperatorRole.ADMIN],
    params: ZSidParams,
    body: ZUpdateOperatorRequest,
    response: ZOperatorAccountResponse,
    summary: "Changes an operator's name, roles or enabled state; disabling ends its sessions at once.",
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operators/:id/reset_password',
    access: 'operator',
    roles: [OperatorRole.ADMIN],
    params: ZSidParams,
    body: ZResetOperatorPasswordRequest,
    response: ZOperatorWithPasswordResponse,
    summary: "Sets a new password (made up and answered once when none is given), ends the operator's sessions.",
  }),
} as const;
