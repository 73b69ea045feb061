import { z } from '../zod-locale.js';
import { MAX_LENGTH } from '../constants.js';
import { CODE_PURPOSES } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
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
import { ZPageQuery } from './material.js';
import { zAgreedVersion } from '../agreed-version.js';

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
    /** The versions of the user agreement and the privacy guide the dialog showed (docs/decisions/0042). */
    agreement_versions: z.object({ user_agreement: zAgreedVersion, privacy_guide: zAgreedVersion }).optional(),
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
  /**
   * The satisfaction survey is due: the company has a paid order and this account has not
   * answered yet. The dialog opens once per browser (STORAGE_KEYS.surveyFlag) while it is.
   */
  survey_pending: z.boolean(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZUserResponse = z.object({ user: ZUser });

/** The largest monthly budget a main account may set for a sub-account: ¥100,000,000.00. */
export const SUB_BUDGET_MAX_CENTS = 10_000_000_000;

export const SUB_BUDGET_MESSAGES = {
  notNumber: '请输入正确的每月预算金额',
  negative: '每月预算不能小于 0',
  notCents: '每月预算最多精确到分',
  tooLarge: '每月预算不能超过 ¥100,000,000.00',
} as const;

/** A sub-account's monthly budget in integer cents; null = no limit. */
export const zSubBudgetCents = z
  .number({ error: SUB_BUDGET_MESSAGES.notNumber })
  .int({ error: SUB_BUDGET_MESSAGES.notCents })
  .min(0, { error: SUB_BUDGET_MESSAGES.negative })
  .max(SUB_BUDGET_MAX_CENTS, { error: SUB_BUDGET_MESSAGES.tooLarge })
  .nullable();

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
  /** Cents; absent or null = no limit. */
  monthlyBudget: zSubBudgetCents.optional(),
});
export type TCreateSubUserRequest = z.input<typeof ZCreateSubUserRequest>;

/**
 * PUT semantics: an absent mobile is cleared. A new mobile needs `code`, a code of purpose
 * "bind" sent to it (POST send_mobile_code); keeping or clearing the current one needs none.
 * `monthlyBudget` (cents) is the exception: absent keeps the current budget, null removes it.
 */
export const ZUpdateSubUserRequest = z.object({
  name: zOptionalText(MAX_LENGTH.name),
  mobile: zMobile.nullish(),
  code: zCode.nullish(),
  monthlyBudget: zSubBudgetCents.optional(),
});
export type TUpdateSubUserRequest = z.input<typeof ZUpdateSubUserRequest>;

export const ZSubUserPasswordRequest = z.object({ password: zNewPassword });
export type TSubUserPasswordRequest = z.input<typeof ZSubUserPasswordRequest>;

export const ZSubUserEnabledRequest = z.object({ enabled: z.boolean({ error: '请选择启用或停用' }) });
export type TSubUserEnabledRequest = z.input<typeof ZSubUserEnabledRequest>;

export const ZSubUserResponse = z.object({ sub_user: ZSubUser });
/** The sub-accounts, oldest first, by page or after a page's `nextCursor`. */
export const ZSubUsersQuery = ZPageQuery.extend({ cursor: zListCursor });
export type TSubUsersQuery = z.input<typeof ZSubUsersQuery>;
/** `total` counts up to LIST_COUNT_CAP. */
export const ZSubUsersResponse = ZListPageInfo.extend({ total: z.number().int(), sub_users: z.array(ZSubUser) });
export type TSubUsersResponse = z.infer<typeof ZSubUsersResponse>;

export const ZSidParams = z.object({ id: zSid });

/** Accounts: registration, sign-in, codes, contact and company details, sub-accounts (spec §7 `/api/user*`). */
export const USER_API = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/user',
    access: 'user',
    response: ZMeResponse,
    summary: 'The signed-in account, a coupon waiting to be shown, and the main account of a sub-account.',
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/user',
    access: 'public',
    body: ZRegisterRequest,
    response: ZTokenResponse,
    summary: 'Registers a main account with a code sent to its email or mobile; answers a token.',
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user/login',
    access: 'public',
    body: ZLoginRequest,
    response: ZTokenResponse,
    summary: 'Signs in with email, mobile or (sub-account) username and a password.',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/user/logout',
    access: 'user',
    response: ZEmptyResponse,
    summary: 'Ends every session of the signed-in account (its token version moves on).',
  }),
  forgetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/user/forget_password',
    access: 'public',
    body: ZForgetPasswordRequest,
    response: ZEmptyResponse,
    summary: "Sets a main account's new password with a code of purpose reset_password.",
  }),
  sendEmailCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/send_email_code',
    access: 'public',
    body: ZSendEmailCodeRequest,
    response: ZSendCodeResponse,
    summary: 'Mails a verification code for one purpose (register, reset_password, bind).',
  }),
  sendMobileCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/send_mobile_code',
    access: 'public',
    body: ZSendMobileCodeRequest,
    response: ZSendCodeResponse,
    summary: 'Texts a verification code for one purpose (register, reset_password, bind).',
  }),
  company: defineEndpoint({
    method: 'POST',
    path: '/api/user/company',
    access: 'mainAccount',
    body: ZCompanyRequest,
    response: ZUserResponse,
    summary: "Sets the account's company details (sub-accounts inherit them).",
  }),
  resetEmail: defineEndpoint({
    method: 'POST',
    path: '/api/user/reset_email',
    access: 'mainAccount',
    body: ZChangeEmailRequest,
    response: ZUserResponse,
    summary: "Replaces the account's email, with a code sent to the new address.",
  }),
  bindEmail: defineEndpoint({
    method: 'POST',
    path: '/api/user/bind_email',
    access: 'mainAccount',
    body: ZChangeEmailRequest,
    response: ZUserResponse,
    summary: 'Adds an email to an account that has none, with a code sent to it.',
  }),
  resetMobile: defineEndpoint({
    method: 'POST',
    path: '/api/user/reset_mobile',
    access: 'mainAccount',
    body: ZChangeMobileRequest,
    response: ZUserResponse,
    summary: "Replaces the account's mobile, with a code sent to the new number.",
  }),
  bindMobile: defineEndpoint({
    method: 'POST',
    path: '/api/user/bind_mobile',
    access: 'mainAccount',
    body: ZChangeMobileRequest,
    response: ZUserResponse,
    summary: 'Adds a mobile to an account that has none, with a code sent to it.',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/user/reset_password',
    access: 'user',
    body: ZResetPasswordRequest,
    response: ZEmptyResponse,
    summary: 'Changes the password, given the current one; every session of the account ends.',
  }),
  resetEmailForSub: defineEndpoint({
    method: 'POST',
    path: '/api/user/reset_email_for_sub',
    access: 'mainAccount',
    body: ZResetEmailForSubRequest,
    response: ZSubUserResponse,
    summary: "Binds a sub-account's email with a code of purpose bind sent to that address.",
  }),
  subUsers: defineEndpoint({
    method: 'GET',
    path: '/api/user/sub_user',
    access: 'mainAccount',
    query: ZSubUsersQuery,
    response: ZSubUsersResponse,
    summary:
      "The main account's sub-accounts, oldest first, a page at a time; `cursor` (a page's `nextCursor`) goes on after that page.",
  }),
  createSubUser: defineEndpoint({
    method: 'POST',
    path: '/api/user/sub_user',
    access: 'mainAccount',
    body: ZCreateSubUserRequest,
    response: ZSubUserResponse,
    summary: 'Creates a sub-account with a username and a password.',
  }),
  updateSubUser: defineEndpoint({
    method: 'PUT',
    path: '/api/user/sub_user/:id',
    access: 'mainAccount',
    params: ZSidParams,
    body: ZUpdateSubUserRequest,
    response: ZSubUserResponse,
    summary: "Replaces a sub-account's name and mobile (a new mobile needs a code).",
  }),
  setSubUserPassword: defineEndpoint({
    method: 'PUT',
    path: '/api/user/sub_user/:id/password',
    access: 'mainAccount',
    params: ZSidParams,
    body: ZSubUserPasswordRequest,
    response: ZEmptyResponse,
    summary: "Sets a sub-account's password; its sessions end.",
  }),
  setSubUserEnabled: defineEndpoint({
    method: 'PUT',
    path: '/api/user/sub_user/:id/enabled',
    access: 'mainAccount',
    params: ZSidParams,
    body: ZSubUserEnabledRequest,
    response: ZSubUserResponse,
    summary: 'Enables or disables a sub-account.',
  }),
} as const;
