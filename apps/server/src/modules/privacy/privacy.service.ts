import {
  ErrorCode,
  PRIVACY_REPLY_WORKING_DAYS,
  PrivacyRequestKind,
  PrivacyRequestStateMachine,
  PrivacyRequestStatus,
  type TPrivacyArchiveLink,
  type TPrivacyDeletionCheck,
  type TPrivacyRequest,
  type TPrivacyRequestListResponse,
  type ZPrivacyRequestCreate,
  chinaLastDayBefore,
  chinaWorkingDaysDeadline,
  formatYuan,
  ownerSidOf,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { newSid } from '../../lib/ids.js';
import { assertMay } from '../../lib/state-transition.js';
import {
  type PrivacyRequestRow,
  findPrivacyRequest,
  hasOpenRequest,
  insertPrivacyRequest,
  listRequestsOfUser,
  subAccountsOf,
  unfinishedBusiness,
} from './privacy.repository.js';

export type PrivacyDeps = Pick<AppDeps, 'db' | 'storage' | 'messages' | 'config'> & {
  signer: DownloadUrlSigner;
  log: { warn(data: object, message: string): void };
  now?: () => Date;
};

/** A copy's link lives this long: enough to start the download, too short to pass around. */
const ARCHIVE_LINK_TTL_SECONDS = 300;
/** The most requests the user's own list shows (an account makes a handful). */
const OWN_LIST_LIMIT = 50;

export function nowOf(deps: Pick<PrivacyDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

/** When a request made at `at` must be answered: 24:00 China time of the 15th working day after. */
export function privacyDueAt(at: Date): Date {
  return chinaWorkingDaysDeadline(at, PRIVACY_REPLY_WORKING_DAYS);
}

export function presentPrivacyRequest(row: PrivacyRequestRow, now: Date): TPrivacyRequest {
  const archiveLive = row.archiveKey !== null && row.archiveExpiresAt !== null && row.archiveExpiresAt > now;
  return {
    sid: row.sid,
    kind: row.kind as TPrivacyRequest['kind'],
    status: row.status as TPrivacyRequest['status'],
    detail: row.detail,
    dueAt: row.dueAt.toISOString(),
    dueDate: chinaLastDayBefore(row.dueAt),
    resolution: row.resolution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    archiveExpiresAt: archiveLive ? row.archiveExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What blocks deleting the account (decision 0043), each as a sentence the user reads: for a main
 * account the whole company's unfinished business, for a sub-account what it placed itself. Money
 * the company is owed or owes must settle first; the wallet's unexpired money does not block, but
 * the user must agree to give it up.
 */
export async function deletionBlockers(db: DbOrTx, user: UserRow, now: Date) {
  const business = await unfinishedBusiness(db, user, now);
  const blockers: string[] = [];
  if (business.unpaidOrders > 0) blockers.push(`有 ${business.unpaidOrders} 个未支付的订单，请先支付或取消`);
  if (business.openDemands > 0) blockers.push(`有 ${business.openDemands} 个进行中的定制需求，请等待交付或先取消`);
  if (business.waitingInvoices > 0)
    blockers.push(`有 ${business.waitingInvoices} 个发票申请正在处理，请等待开具或驳回后再申请`);
  if (business.unfinishedRefunds > 0) blockers.push(`有 ${business.unfinishedRefunds} 笔退款尚未完成，请等待退款到账`);
  return { blockers, balanceCents: business.balanceCents };
}

export function blockedError(blockers: readonly string[]): AppError {
  return new AppError(
    ErrorCode.PRIVACY_DELETION_BLOCKED,
    `${ErrorCode.PRIVACY_DELETION_BLOCKED.message}：${blockers.join('；')}`,
  );
}

/** GET /api/user/privacy_requests/deletion_check: what deleting the account involves, before asking. */
export async function checkDeletion(deps: PrivacyDeps, user: UserRow): Promise<TPrivacyDeletionCheck> {
  const { blockers, balanceCents } = await deletionBlockers(deps.db, user, nowOf(deps));
  const subAccounts = user.parentSid === null ? (await subAccountsOf(deps.db, user.sid)).length : 0;
  return { blockers, balanceCents, subAccounts };
}

/** GET /api/user/privacy_requests: the account's own requests, newest first. */
export async function listOwnRequests(deps: PrivacyDeps, user: UserRow): Promise<TPrivacyRequestListResponse> {
  const rows = await listRequestsOfUser(deps.db, user.sid, OWN_LIST_LIMIT);
  const now = nowOf(deps);
  return { requests: rows.map((row) => presentPrivacyRequest(row, now)) };
}

/**
 * POST /api/user/privacy_requests. One waiting request of each kind per account (4341, held by a
 * unique partial index whatever the concurrency). A deletion is refused while business is
 * unfinished (4344, listing it) and while the wallet holds unexpired money the user has not
 * agreed to give up (4345). Nothing is written when refused.
 */
export async function createRequest(
  deps: PrivacyDeps,
  user: UserRow,
  input: z.output<typeof ZPrivacyRequestCreate>,
): Promise<TPrivacyRequest> {
  const now = nowOf(deps);
  if (await hasOpenRequest(deps.db, user.sid, input.kind)) throw new AppError(ErrorCode.PRIVACY_REQUEST_OPEN);
  let forfeitedBalanceCents: number | null = null;
  if (input.kind === PrivacyRequestKind.DELETION) {
    const { blockers, balanceCents } = await deletionBlockers(deps.db, user, now);
    if (blockers.length > 0) throw blockedError(blockers);
    if (balanceCents > 0 && !input.forfeitBalance) {
      throw new AppError(
        ErrorCode.PRIVACY_BALANCE_NOT_FORFEITED,
        `钱包尚有未过期余额 ${formatYuan(balanceCents)}，请先使用，或勾选“放弃余额”后再申请注销`,
      );
    }
    forfeitedBalanceCents = balanceCents > 0 ? balanceCents : null;
  }
  const inserted = await insertPrivacyRequest(deps.db, {
    sid: newSid(),
    userSid: user.sid,
    ownerSid: ownerSidOf(user),
    kind: input.kind,
    status: PrivacyRequestStatus.PENDING,
    detail: input.detail ?? null,
    forfeitedBalanceCents,
    dueAt: privacyDueAt(now),
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) throw new AppError(ErrorCode.PRIVACY_REQUEST_OPEN);
  return presentPrivacyRequest(inserted, now);
}

/**
 * A short-lived link to a produced copy, for whoever may have it (the account that asked, or an
 * operator): refused while none was produced (4347), and once its period is over (4348).
 */
export function archiveLinkOf(deps: PrivacyDeps, row: PrivacyRequestRow): TPrivacyArchiveLink {
  if (row.kind !== PrivacyRequestKind.COPY) throw new AppError(ErrorCode.PRIVACY_WRONG_KIND);
  assertMay(PrivacyRequestStateMachine, 'download', row.status);
  if (!row.archiveKey || !row.archiveExpiresAt || row.archiveExpiresAt <= nowOf(deps)) {
    throw new AppError(ErrorCode.PRIVACY_ARCHIVE_EXPIRED);
  }
  const link = deps.signer.signDownloadUrl(row.archiveKey, ARCHIVE_LINK_TTL_SECONDS);
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** GET /api/user/privacy_requests/{id}/archive: only the account that asked (another's: 4340). */
export async function ownArchiveLink(deps: PrivacyDeps, user: UserRow, sid: string): Promise<TPrivacyArchiveLink> {
  const row = await findPrivacyRequest(deps.db, sid);
  if (!row || row.userSid !== user.sid) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  return archiveLinkOf(deps, row);
}

/** Tells an address; a message that cannot be sent is logged, never undoes the change. */
export async function tellAddress(
  deps: PrivacyDeps,
  address: { email: string | null; mobile: string | null } | null,
  subject: string,
  text: string,
): Promise<void> {
  try {
    const to = address?.email
      ? { channel: 'email' as const, to: address.email }
      : address?.mobile
        ? { channel: 'sms' as const, to: address.mobile }
        : null;
    if (!to) return;
    await deps.messages.send({ ...to, subject: `【${deps.config.siteName}】${subject}`, text, code: null });
  } catch (error) {
    deps.log.warn({ err: error }, 'privacy request notice could not be sent');
  }
}
