import { z } from 'zod';
import { MAX_LENGTH } from '../constants.js';
import { CODE_PURPOSES } from '../enums.js';
import { ZCompanyInfo, ZCoupon, ZSubUser, ZUser } from '../entities.js';
import {
  MESSAGES,
  zCode,
  zCompanyAddress,
  zCompanyLicense,
  zCompanyName,
  zEmail,
  zMobile,
  zNewPassword,
  zPassword,
  zSid,
  zUsername,
} from '../validation.js';

export const USER_PATHS = {
  me: '/api/user',
  register: '/api/user',
  login: '/api/user/login',
  /** Ends every session of the signed-in account (its token version moves on). */
  logout: '/api/user/logout',
  forgetPassword: '/api/user/forget_password',
  sendEmailCode: '/api/user/send_email_code',
  sendMobileCode: '/api/user/send_mobile_code',
  company: '/api/user/company',
  resetEmail: '/api/user/reset_email',
  bindEmail: '/api/user/bind_email',
  resetMobile: '/api/user/reset_mobile',
  bindMobile: '/api/user/bind_mobile',
  resetPassword: '/api/user/reset_password',
  resetEmailForSub: '/api/user/reset_email_for_sub',
  /** A proof-of-work challenge in the ALTCHA widget's own format (not the envelope). */
  codeChallenge: '/api/user/code_challenge',
  subUsers: '/api/user/sub_user',
  subUser: (sid: string) => `/api/user/sub_user/${sid}`,
  subUserPassword: (sid: string) => `/api/user/sub_user/${sid}/password`,
  subUserEnabled: (sid: string) => `/api/user/sub_user/${sid}/enabled`,
} as const;

const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong(max) })
    .nullish()
    .transform((v) => (v ? v : null));

export const ZTokenResponse = z.object({ access_token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** Calls that answer only with success (e.g. forget_password: the client goes back to the login form). */
export const ZEmptyResponse = z.null();

/** Exactly one of email or mobile identifies the account being registered or recovered. */
function oneOfEmailOrMobile<T extends { email?: string | null | undefined; mobile?: string | null | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (!v.email && !v.mobile) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: '请填写邮箱或手机号' });
  }
  if (v.email && v.mobile) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: '邮箱和手机号只能填写一个' });
  }
}

export const ZRegisterRequest = z
  .object({
    email: zEmail.nullish(),
    mobile: zMobile.nullish(),
    code: zCode,
    password: zNewPassword,
    source: zOptionalText(MAX_LENGTH.source),
    referrer: zOptionalText(MAX_LENGTH.referrer),
    agreement: z.literal(true, { error: MESSAGES.agreement }),
    adult: z.literal(true, { error: MESSAGES.adult }),
  })
  .superRefine(oneOfEmailOrMobile);
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * Main accounts sign in with email or mobile, sub-accounts with username (the sub-account tab).
 * One object with exactly one identifier rather than a union, so a missing password or a bad
 * email reports that field's own message instead of a generic union failure.
 */
export const ZLoginRequest = z
  .object({
    username: zUsername.optional(),
    email: zEmail.optional(),
    mobile: zMobile.optional(),
    password: zPassword,
  })
  .superRefine((v, ctx) => {
    const given = [v.username, v.email, v.mobile].filter((x) => x !== undefined).length;
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['email'], message: '请输入邮箱、手机号或用户名' });
    if (given > 1) ctx.addIssue({ code: 'custom', path: ['username'], message: '请只使用一种方式登录' });
  });
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZForgetPasswordRequest = z
  .object({
    email: zEmail.nullish(),
    mobile: zMobile.nullish(),
    password: zNewPassword,
    code: zCode,
    source: z.null().optional(),
  })
  .superRefine(oneOfEmailOrMobile);
export type TForgetPasswordRequest = z.input<typeof ZForgetPasswordRequest>;

/**
 * The solved proof-of-work challenge (the ALTCHA widget's base64 payload); needed only after the
 * server answered CHALLENGE_REQUIRED (many codes from one client address within an hour).
 */
const zAltchaPayload = z.string().max(10_000).optional();

export const ZSendEmailCodeRequest = z.object({
  email: zEmail,
  purpose: z.enum(CODE_PURPOSES).default('register'),
  altcha: zAltchaPayload,
});
export type TSendEmailCodeRequest = z.input<typeof ZSendEmailCodeRequest>;

export const ZSendMobileCodeRequest = z.object({
  mobile: zMobile,
  purpose: z.enum(CODE_PURPOSES).default('register'),
  altcha: zAltchaPayload,
});
export type TSendMobileCodeRequest = z.input<typeof ZSendMobileCodeRequest>;

export const ZSendCodeResponse = z.object({
  /** Seconds until another code may be requested for the same address. */
  resendAfter: z.number().int(),
});

export const ZCompanyRequest = z.object({
  company: zCompanyName,
  company_license: zCompanyLicense,
  company_address: zCompanyAddress,
});
export type TCompanyRequest = z.input<typeof ZCompanyRequest>;

export const ZChangeEmailRequest = z.object({ email: zEmail, code: zCode });
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;
export const ZChangeMobileRequest = z.object({ mobile: zMobile, code: zCode });
export type TChangeMobileRequest = z.input<typeof ZChangeMobileRequest>;

export const ZResetPasswordRequest = z.object({ password: zPassword, new_password: zNewPassword });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/**
 * A sub-account's email is bound only with a code of purpose "bind" sent to that address
 * (POST send_email_code): whoever reads that mailbox agrees to the binding.
 */
export const ZResetEmailForSubRequest = z.object({ sid: zSid, email: zEmail, code: zCode });
export type TResetEmailForSubRequest = z.input<typeof ZResetEmailForSubRequest>;

export const ZMeResponse = z.object({
  user: ZUser,
  /** A coupon waiting to be shown to the user (spec §4: opens the coupon dialog). */
  coupon: ZCoupon.nullable(),
  user_parent: ZCompanyInfo.nullable(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZUserResponse = z.object({ user: ZUser });

/**
 * A sub-account is created with a username only. `email` and `mobile` are refused when given
 * (SUB_CONTACT_NEEDS_CODE): an address is added afterwards with a code sent to it.
 */
export const ZCreateSubUserRequest = z.object({
  username: zUsername,
  password: zNewPassword,
  name: zOptionalText(MAX_LENGTH.name),
  email: zEmail.nullish(),
  mobile: zMobile.nullish(),
});
export type TCreateSubUserRequest = z.input<typeof ZCreateSubUserRequest>;

/**
 * PUT semantics: an absent mobile is cleared. A new mobile needs `code`, a code of purpose
 * "bind" sent to it (POST send_mobile_code); keeping or clearing the current one needs none.
 */
export const ZUpdateSubUserRequest = z.object({
  name: zOptionalText(MAX_LENGTH.name),
  mobile: zMobile.nullish(),
  code: zCode.nullish(),
});
export type TUpdateSubUserRequest = z.input<typeof ZUpdateSubUserRequest>;

export const ZSubUserPasswordRequest = z.object({ password: zNewPassword });
export type TSubUserPasswordRequest = z.input<typeof ZSubUserPasswordRequest>;

export const ZSubUserEnabledRequest = z.object({ enabled: z.boolean({ error: '请选择启用或停用' }) });
export type TSubUserEnabledRequest = z.input<typeof ZSubUserEnabledRequest>;

export const ZSubUserResponse = z.object({ sub_user: ZSubUser });
export const ZSubUsersResponse = z.object({ sub_users: z.array(ZSubUser) });
export type TSubUsersResponse = z.infer<typeof ZSubUsersResponse>;

export const ZSidParams = z.object({ id: zSid });
