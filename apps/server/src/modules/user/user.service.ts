import {
  ConsentContext,
  AccountLevel,
  CodePurpose,
  ErrorCode,
  MessageChannel,
  type ErrorSpec,
  type TCompanyInfo,
  type TMeResponse,
  type TUser,
  type ZChangeEmailRequest,
  type ZCompanyRequest,
  type ZForgetPasswordRequest,
  type ZLoginRequest,
  type ZRegisterRequest,
  type ZResetPasswordRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { getWalletSummary } from '../wallet/index.js';
import { recordConsents } from '../content/index.js';
import {
  copyCompanyToSubAccounts,
  countCreatedOrders,
  findCouponBySid,
  takePendingCoupon,
  findUserByEmail,
  findUserByMobile,
  findUserBySid,
  findUserByUsername,
  insertUser,
  touchLastLogin,
  updateUser,
  type AccountField,
  type UserRow,
} from './user.repository.js';
import { redeemCodeChallenge } from './code-challenge.js';
import { assertNotLocked, failedSignIn, succeededSignIn, type LockNoticeAddress } from './sign-in-guard.js';
import { companyInfoOf, presentCoupon, presentUser } from './user.view.js';
import {
  checkVerificationCode,
  consumeVerificationCode,
  sendVerificationCode,
  type CodeAddress,
} from './verification-code.service.js';

export { hashPassword } from '../../lib/passwords.js';

export type AccountDeps = Pick<AppDeps, 'db' | 'config' | 'tokens' | 'messages'>;

const TAKEN: Record<AccountField, ErrorSpec> = {
  email: ErrorCode.EMAIL_TAKEN,
  mobile: ErrorCode.MOBILE_TAKEN,
  username: ErrorCode.USERNAME_TAKEN,
};

export function takenError(field: AccountField): AppError {
  return new AppError(TAKEN[field]);
}

/** Usernames are compared without case: "Li" and "li" are the same sub-account name. */
export function normaliseUsername(username: string): string {
  return username.toLowerCase();
}

type Contact = { channel: MessageChannel; field: 'email' | 'mobile'; value: string };

function contactOf(input: { email?: string | null | undefined; mobile?: string | null | undefined }): Contact {
  if (input.email) return { channel: MessageChannel.EMAIL, field: 'email', value: input.email };
  if (input.mobile) return { channel: MessageChannel.SMS, field: 'mobile', value: input.mobile };
  // The request schemas require one of the two; reaching here is a schema change gone wrong.
  throw new AppError(ErrorCode.VALIDATION, '请填写邮箱或手机号');
}

function findByContact(db: DbOrTx, contact: Contact): Promise<UserRow | undefined> {
  return contact.field === 'email' ? findUserByEmail(db, contact.value) : findUserByMobile(db, contact.value);
}

function signBuyerToken(deps: Pick<AccountDeps, 'tokens'>, user: UserRow): Promise<string> {
  return deps.tokens.sign('buyer', { sub: user.sid, tv: user.tokenVersion });
}

/* ---------- plain account creation, used by registration, sub-accounts and the demo seed ---------- */

export interface NewMainAccount {
  email?: string | null;
  mobile?: string | null;
  password: string;
  name?: string | null;
  company?: string | null;
  companyLicense?: string | null;
  companyAddress?: string | null;
  source?: string | null;
  referrer?: string | null;
  /** Registration through the form confirms both; seeded or imported accounts may not. */
  agreed?: boolean;
}

/** Creates a level 0 account. Throws EMAIL_TAKEN / MOBILE_TAKEN. */
export async function createMainAccount(db: DbOrTx, input: NewMainAccount): Promise<UserRow> {
  const { password, ...rest } = input;
  return insertMainAccount(db, { ...rest, passwordHash: await hashPassword(password) });
}

/** The hash is computed before any transaction opens: argon2 is slow on purpose. */
async function insertMainAccount(
  db: DbOrTx,
  input: Omit<NewMainAccount, 'password'> & { passwordHash: string },
): Promise<UserRow> {
  const now = new Date();
  const result = await insertUser(db, {
    sid: newSid(),
    email: input.email ?? null,
    mobile: input.mobile ?? null,
    passwordHash: input.passwordHash,
    name: input.name ?? null,
    company: input.company ?? null,
    companyLicense: input.companyLicense ?? null,
    companyAddress: input.companyAddress ?? null,
    level: AccountLevel.MAIN,
    source: input.source ?? null,
    referrer: input.referrer ?? null,
    agreedTermsAt: input.agreed ? now : null,
    adultConfirmedAt: input.agreed ? now : null,
  });
  if (!result.ok) throw takenError(result.taken);
  return result.value;
}

export interface NewSubAccount {
  username: string;
  password: string;
  name?: string | null;
  email?: string | null;
  mobile?: string | null;
  /** Cents; null = no limit. */
  monthlyBudgetCents?: number | null;
}

/** Creates a level 1 account under `parent`, carrying the parent's company. Throws *_TAKEN. */
export async function createSubAccount(db: DbOrTx, parent: UserRow, input: NewSubAccount): Promise<UserRow> {
  if (parent.level !== AccountLevel.MAIN) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY);
  const result = await insertUser(db, {
    sid: newSid(),
    username: normaliseUsername(input.username),
    email: input.email ?? null,
    mobile: input.mobile ?? null,
    passwordHash: await hashPassword(input.password),
    name: input.name ?? null,
    company: parent.company,
    companyLicense: parent.companyLicense,
    companyAddress: parent.companyAddress,
    level: AccountLevel.SUB,
    parentSid: parent.sid,
    monthlyBudgetCents: input.monthlyBudgetCents ?? null,
  });
  if (!result.ok) throw takenError(result.taken);
  return result.value;
}

/* ---------- verification codes ---------- */

/**
 * Sends a code after checking the address suits the purpose. This answers whether an address
 * is registered; the register form needs that, and the sending caps bound how fast anyone can ask.
 */
export async function requestCode(
  deps: AccountDeps,
  input: { email?: string; mobile?: string; purpose: CodePurpose; altcha?: string | undefined },
  ip: string | null,
): Promise<{ resendAfter: number }> {
  const contact = contactOf(input);
  const existing = await findByContact(deps.db, contact);
  if (input.purpose === CodePurpose.RESET_PASSWORD) {
    if (existing?.level !== AccountLevel.MAIN) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
  } else if (existing) {
    throw takenError(contact.field);
  }
  // A solved challenge is used up here, whether or not this request turns out to need it.
  if (input.altcha) await redeemCodeChallenge(deps, input.altcha);
  return sendVerificationCode(deps, { channel: contact.channel, target: contact.value, purpose: input.purpose }, ip, {
    challengeSolved: Boolean(input.altcha),
  });
}

/* ---------- register, login, password recovery ---------- */

export async function register(deps: AccountDeps, input: z.output<typeof ZRegisterRequest>): Promise<string> {
  const contact = contactOf(input);
  if (await findByContact(deps.db, contact)) throw takenError(contact.field);
  const address: CodeAddress = { channel: contact.channel, target: contact.value, purpose: CodePurpose.REGISTER };
  const codeSid = await checkVerificationCode(deps, address, input.code);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeSid);
    const created = await insertMainAccount(tx, {
      email: contact.field === 'email' ? contact.value : null,
      mobile: contact.field === 'mobile' ? contact.value : null,
      passwordHash,
      source: input.source,
      referrer: input.referrer,
      agreed: input.agreement && input.adult,
    });
    // Which texts were agreed to, for a dispute (docs/decisions/0042).
    await recordConsents(tx, {
      user: created,
      documents: [
        { key: 'user_agreement', version: input.agreement_versions?.user_agreement },
        { key: 'privacy_guide', version: input.agreement_versions?.privacy_guide },
      ],
      context: ConsentContext.REGISTER,
    });
    // Registering signs the user in (spec §4: logged in means lastLoginAt is present).
    return (await touchLastLogin(tx, created.sid)) ?? created;
  });
  return signBuyerToken(deps, user);
}

/**
 * Where a notice about an account goes (an issued invoice, for example): its own address, or
 * for a sub-account without one its main account's. Null for an unknown account.
 */
export async function noticeAddressOf(db: DbOrTx, userSid: string): Promise<LockNoticeAddress | null> {
  const user = await findUserBySid(db, userSid);
  return user ? lockNoticeAddressOf(db, user) : null;
}

/** A lock notice goes to the account's own address; a sub-account without one has its main account told. */
async function lockNoticeAddressOf(db: DbOrTx, user: UserRow): Promise<LockNoticeAddress | null> {
  if (user.email || user.mobile) return { email: user.email, mobile: user.mobile };
  const parent = user.parentSid ? await findUserBySid(db, user.parentSid) : undefined;
  return parent ? { email: parent.email, mobile: parent.mobile } : null;
}

/**
 * Email or mobile signs in a main account, username a sub-account. Unknown account and wrong
 * password answer alike and take alike long. The account's state is told only to someone who
 * knows its password. Ten wrong passwords within 15 minutes lock the account's sign-in for 15
 * minutes (sign-in-guard.ts), whatever the password.
 */
export async function login(
  deps: AccountDeps,
  input: z.output<typeof ZLoginRequest>,
  log?: { warn(data: object, message: string): void },
): Promise<string> {
  const { db } = deps;
  // The request's own logger: a lock notice that cannot be sent is logged with its request.
  const guard = { ...deps, log };
  let user: UserRow | undefined;
  if (input.username !== undefined) {
    user = await findUserByUsername(db, normaliseUsername(input.username));
    if (user?.level !== AccountLevel.SUB) user = undefined;
  } else {
    user = await findByContact(db, contactOf(input));
    if (user?.level !== AccountLevel.MAIN) user = undefined;
  }
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  }
  const account = { kind: 'user', sid: user.sid } as const;
  await assertNotLocked(guard, account);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw await failedSignIn(guard, account, await lockNoticeAddressOf(db, user));
  }
  await succeededSignIn(guard, account);
  await assertCanSignIn(db, user);
  const signedIn = (await touchLastLogin(db, user.sid)) ?? user;
  return signBuyerToken(deps, signedIn);
}

/** Disabled accounts, and sub-accounts whose main account is disabled or has them switched off. */
export async function assertCanSignIn(db: DbOrTx, user: UserRow): Promise<void> {
  if (!user.enabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  if (user.level !== AccountLevel.SUB) return;
  const parent = user.parentSid ? await findUserBySid(db, user.parentSid) : undefined;
  if (!parent?.enabled) throw new AppError(ErrorCode.PARENT_ACCOUNT_DISABLED);
  if (!parent.subEnabled) throw new AppError(ErrorCode.SUB_ACCOUNTS_DISABLED, '主账号已关闭子账号功能，请联系主账号');
}

export async function forgetPassword(deps: AccountDeps, input: z.output<typeof ZForgetPasswordRequest>): Promise<void> {
  const contact = contactOf(input);
  const user = await findByContact(deps.db, contact);
  if (user?.level !== AccountLevel.MAIN) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
  const address: CodeAddress = { channel: contact.channel, target: contact.value, purpose: CodePurpose.RESET_PASSWORD };
  const codeSid = await checkVerificationCode(deps, address, input.code);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeSid);
    await updateUser(tx, user.sid, { passwordHash }, { bumpTokenVersion: true });
  });
}

/* ---------- the signed-in account ---------- */

/**
 * A sub-account without a company takes its parent's, saved to the sub-account (spec §4), so
 * later reads (orders, invoices) see it without consulting the parent.
 */
async function inheritParentCompany(db: Db, user: UserRow, parent: UserRow | undefined): Promise<UserRow> {
  if (user.level !== AccountLevel.SUB || user.company || !parent?.company) return user;
  const result = await updateUser(db, user.sid, {
    company: parent.company,
    companyLicense: parent.companyLicense,
    companyAddress: parent.companyAddress,
  });
  return (result.ok ? result.value : undefined) ?? user;
}

interface UserView {
  user: TUser;
  coupon: TMeResponse['coupon'];
  parent: TCompanyInfo | null;
}

async function describeUser(db: Db, row: UserRow, options: { takePendingCoupon?: boolean } = {}): Promise<UserView> {
  const parentRow =
    row.level === AccountLevel.SUB && row.parentSid ? await findUserBySid(db, row.parentSid) : undefined;
  const user = await inheritParentCompany(db, row, parentRow);
  const parent = parentRow ? companyInfoOf(parentRow) : null;
  // A sub-account spends from its parent's wallet, so it shows the parent's balance and VIP.
  const wallet = await getWalletSummary(db, parentRow?.sid ?? user.sid);
  // 我的订单's badge: unpaid orders, and for a main account the approvals waiting for it.
  const orderBadge = await countCreatedOrders(db, user.sid, { withPendingApprovals: user.level === AccountLevel.MAIN });
  // The pending coupon is shown once: only the user-info load that clears it answers it.
  const pendingSid =
    options.takePendingCoupon && user.pendingCouponSid && (await takePendingCoupon(db, user.sid, user.pendingCouponSid))
      ? user.pendingCouponSid
      : null;
  const coupon = pendingSid ? await findCouponBySid(db, pendingSid) : undefined;
  return {
    user: presentUser(user, { wallet, orderBadge, parent, pendingCouponCode: coupon?.code ?? null }),
    coupon: coupon ? presentCoupon(coupon) : null,
    parent,
  };
}

/** Whether the survey waits for the account's company: the survey module's answer, wired in services.ts. */
export type SurveyPending = (db: DbOrTx, user: UserRow) => Promise<boolean>;

export async function getCurrentUser(
  deps: Pick<AccountDeps, 'db'> & { isSurveyPending: SurveyPending },
  user: UserRow,
): Promise<TMeResponse> {
  const [view, surveyPending] = await Promise.all([
    describeUser(deps.db, user, { takePendingCoupon: true }),
    deps.isSurveyPending(deps.db, user),
  ]);
  return { user: view.user, coupon: view.coupon, user_parent: view.parent, survey_pending: surveyPending };
}

async function presentFresh(db: Db, sid: string): Promise<{ user: TUser }> {
  const row = await findUserBySid(db, sid);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return { user: (await describeUser(db, row)).user };
}

export async function updateCompany(
  deps: Pick<AccountDeps, 'db'>,
  user: UserRow,
  input: z.output<typeof ZCompanyRequest>,
): Promise<{ user: TUser }> {
  // Sub-accounts inherit the company of their main account and cannot set their own.
  if (user.level !== AccountLevel.MAIN) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY);
  const company = {
    company: input.company,
    companyLicense: input.company_license,
    companyAddress: input.company_address,
  };
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.sid, company);
    await copyCompanyToSubAccounts(tx, user.sid, company);
  });
  return presentFresh(deps.db, user.sid);
}

export type ChangeMode = 'bind' | 'reset';

const ALREADY_BOUND_MESSAGE = { email: '已绑定邮箱，如需修改请更换邮箱', mobile: '已绑定手机号，如需修改请更换手机号' };
const NOT_BOUND_MESSAGE = { email: '尚未绑定邮箱，请先绑定邮箱', mobile: '尚未绑定手机号，请先绑定手机号' };

/**
 * bind_* adds an address to an account that has none; reset_* replaces one. Either way the new
 * address proves itself with a code of purpose "bind" sent to it.
 */
export async function changeContact(
  deps: AccountDeps,
  user: UserRow,
  mode: ChangeMode,
  input: z.output<typeof ZChangeEmailRequest> | { mobile: string; code: string },
): Promise<{ user: TUser }> {
  if (user.level !== AccountLevel.MAIN) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY);
  const contact = contactOf(input);
  const current = user[contact.field];
  if (mode === 'bind' && current) throw new AppError(ErrorCode.ALREADY_BOUND, ALREADY_BOUND_MESSAGE[contact.field]);
  if (mode === 'reset' && !current) throw new AppError(ErrorCode.NOT_BOUND, NOT_BOUND_MESSAGE[contact.field]);
  if (current === contact.value) throw new AppError(ErrorCode.SAME_AS_CURRENT);
  if (await findByContact(deps.db, contact)) throw takenError(contact.field);

  const address: CodeAddress = { channel: contact.channel, target: contact.value, purpose: CodePurpose.BIND };
  const codeSid = await checkVerificationCode(deps, address, input.code);
  await deps.db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeSid);
    const patch = contact.field === 'email' ? { email: contact.value } : { mobile: contact.value };
    const result = await updateUser(tx, user.sid, patch);
    if (!result.ok) throw takenError(result.taken);
  });
  return presentFresh(deps.db, user.sid);
}

/**
 * Signs the account out on the server: the token version moves on, so the token just used and
 * every other one issued to the account stop working on every server at once.
 */
export async function logout(deps: Pick<AccountDeps, 'db'>, user: UserRow): Promise<void> {
  await updateUser(deps.db, user.sid, {}, { bumpTokenVersion: true });
}

/**
 * Changes the signed-in account's own password. Every token, this one included, is revoked:
 * the client shows "重置成功，请重新登录" and returns to the login form.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db'>,
  user: UserRow,
  input: z.output<typeof ZResetPasswordRequest>,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, '当前密码不正确');
  }
  await updateUser(
    deps.db,
    user.sid,
    { passwordHash: await hashPassword(input.new_password) },
    { bumpTokenVersion: true },
  );
}
