import {
  ADMIN_COUNT_CAP,
  ErrorCode,
  PRIVACY_ARCHIVE_DAYS,
  PrivacyRequestKind,
  PrivacyRequestStateMachine,
  PrivacyRequestStatus,
  type TAdminPrivacyDeletionPreview,
  type TAdminPrivacyListResponse,
  type TAdminPrivacyRequest,
  type TPrivacyArchiveLink,
  type ZAdminPrivacyListQuery,
  chinaLastDayBefore,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { OperatorRow, UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { assertMay, transition } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/index.js';
import { noticeAddressOf } from '../user/index.js';
import { writePrivacyArchive } from './privacy-archive.js';
import {
  type PrivacyRequestRow,
  anonymiseUsers,
  countQueue,
  expiredArchives,
  findPrivacyRequest,
  findQueueRow,
  findUser,
  forgetArchive,
  finishPrivacyRequest,
  isAccountErased,
  listQueue,
  lockUser,
  removePersonalTraces,
  subAccountsOf,
} from './privacy.repository.js';
import {
  type PrivacyDeps,
  archiveLinkOf,
  blockedError,
  deletionBlockers,
  nowOf,
  presentPrivacyRequest,
  tellAddress,
} from './privacy.service.js';

const DAY_MS = 86_400_000;

type QueueRow = NonNullable<Awaited<ReturnType<typeof findQueueRow>>>;

function presentAdmin(row: QueueRow, now: Date): TAdminPrivacyRequest {
  const { request } = row;
  return {
    ...presentPrivacyRequest(request, now),
    account: row.account ?? '已注销',
    company: row.company,
    mainAccount: Boolean(row.mainAccount),
    overdue: PrivacyRequestStateMachine.may('refuse', request.status) && request.dueAt.getTime() < now.getTime(),
    forfeitedBalanceCents: request.forfeitedBalanceCents,
  };
}

async function adminRequestOf(deps: PrivacyDeps, sid: string): Promise<TAdminPrivacyRequest> {
  const row = await findQueueRow(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  return presentAdmin(row, nowOf(deps));
}

async function requestOf(deps: PrivacyDeps, sid: string, kind: PrivacyRequestKind): Promise<PrivacyRequestRow> {
  const row = await findPrivacyRequest(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  if (row.kind !== kind) throw new AppError(ErrorCode.PRIVACY_WRONG_KIND);
  return row;
}

/** GET /api/admin/privacy_requests: by due time, the most urgent first; a state and a kind may be chosen. */
export async function listPrivacyQueue(
  deps: PrivacyDeps,
  query: z.output<typeof ZAdminPrivacyListQuery>,
): Promise<TAdminPrivacyListResponse> {
  const filter = { status: query.status, kind: query.kind };
  const [found, counted] = await Promise.all([
    listQueue(deps.db, filter, listPageOf(query)),
    countQueue(deps.db, filter, ADMIN_COUNT_CAP),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.request.sid }));
  const now = nowOf(deps);
  return {
    total: Math.min(counted, ADMIN_COUNT_CAP),
    totalCapped: counted > ADMIN_COUNT_CAP,
    nextCursor,
    requests: rows.map((r) => presentAdmin(r, now)),
  };
}

/** The accounts a deletion covers: the requester and, for a main account, its sub-accounts. */
async function accountsToErase(deps: PrivacyDeps, user: UserRow): Promise<UserRow[]> {
  return user.parentSid === null ? [user, ...(await subAccountsOf(deps.db, user.sid))] : [user];
}

function accountLabel(user: UserRow): string {
  const who = user.username ?? user.email ?? user.mobile ?? user.sid;
  return `${user.parentSid === null ? '主账号' : '子账号'} ${who}${user.name ? `（${user.name}）` : ''}`;
}

/** What every deletion removes and keeps (decision 0043), as the confirmation shows it. */
const REMOVED = [
  '姓名、邮箱、手机号、用户名、企业地址（清空，姓名改为“已注销用户”）',
  '登录密码（失效）与全部登录状态（立即退出）',
  '收藏、购物车、搜索记录中的账号关联、验证码与登录保护记录',
  '本人在团队收藏夹中发表的评论；主账号注销时，企业的团队收藏夹及其分享链接一并删除',
];
const KEPT = [
  '订单、支付与退款记录（会计账簿，依法保存）',
  '发票申请及发票（抬头、税号、金额，依法保存）',
  '授权与授权证书（证明素材已合法授权）',
  '钱包流水、定制需求与下载记录（与订单一同保存）',
  '企业名称与统一社会信用代码（企业信息，印在发票上）',
  '本请求与运营操作日志（证明请求已处理）',
];

/** GET /api/admin/privacy_requests/{id}/deletion_preview: what carrying it out removes and keeps. */
export async function previewDeletion(deps: PrivacyDeps, sid: string): Promise<TAdminPrivacyDeletionPreview> {
  const row = await requestOf(deps, sid, PrivacyRequestKind.DELETION);
  const user = await findUser(deps.db, row.userSid);
  if (!user) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  if (await isAccountErased(deps.db, user.sid)) throw new AppError(ErrorCode.PRIVACY_ACCOUNT_DELETED);
  const [{ blockers }, accounts] = await Promise.all([
    deletionBlockers(deps.db, user, nowOf(deps)),
    accountsToErase(deps, user),
  ]);
  const kept = [...KEPT];
  if (row.forfeitedBalanceCents) kept.push('钱包余额不退还，到期作废（用户申请时已确认放弃）');
  return { blockers, accounts: accounts.map(accountLabel), removed: REMOVED, kept };
}

/** POST /api/admin/privacy_requests/{id}/correct: the correction is made (by hand), with a note. */
export async function completeCorrection(
  deps: PrivacyDeps,
  operator: OperatorRow,
  sid: string,
  note: string,
): Promise<TAdminPrivacyRequest> {
  const before = await requestOf(deps, sid, PrivacyRequestKind.CORRECTION);
  assertMay(PrivacyRequestStateMachine, 'correct', before.status);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await transition(PrivacyRequestStateMachine, before.status, PrivacyRequestStatus.DONE, (from, to) =>
      finishPrivacyRequest(tx, sid, from, { status: to, resolution: note, operatorSid: operator.sid, resolvedAt: now }),
    );
    if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_CLOSED);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'privacy.correct',
      entity: 'privacy_request',
      entitySid: sid,
      before: { status: before.status },
      after: { status: row.status, resolution: note },
      refs: [before.userSid],
    });
  });
  await tellAddress(
    deps,
    await noticeAddressOf(deps.db, before.userSid),
    '个人信息更正已完成',
    `您提交的个人信息更正请求已处理：${note}`,
  );
  return adminRequestOf(deps, sid);
}

/**
 * POST /api/admin/privacy_requests/{id}/produce: writes the copy (a zip in private storage) and
 * marks the request done; the user is told it may be downloaded for PRIVACY_ARCHIVE_DAYS days.
 * Should the request have been answered meanwhile, the file just written is removed.
 */
export async function produceCopy(
  deps: PrivacyDeps,
  operator: OperatorRow,
  sid: string,
): Promise<TAdminPrivacyRequest> {
  const before = await requestOf(deps, sid, PrivacyRequestKind.COPY);
  assertMay(PrivacyRequestStateMachine, 'produce', before.status);
  const user = await findUser(deps.db, before.userSid);
  if (!user) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  const now = nowOf(deps);
  const day = chinaLastDayBefore(new Date(now.getTime() + 1)).replaceAll('-', '');
  const key = `private/privacy/${sid}/gemstock-data-${day}.zip`;
  const bytes = await writePrivacyArchive(deps, user, key);
  const expiresAt = new Date(now.getTime() + PRIVACY_ARCHIVE_DAYS * DAY_MS);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await transition(PrivacyRequestStateMachine, before.status, PrivacyRequestStatus.DONE, (from, to) =>
        finishPrivacyRequest(tx, sid, from, {
          status: to,
          operatorSid: operator.sid,
          resolvedAt: now,
          archiveKey: key,
          archiveExpiresAt: expiresAt,
        }),
      );
      if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_CLOSED);
      await recordOperatorAction(tx, {
        operatorSid: operator.sid,
        action: 'privacy.produce',
        entity: 'privacy_request',
        entitySid: sid,
        before: { status: before.status },
        after: { status: row.status, bytes, archiveExpiresAt: expiresAt.toISOString() },
        refs: [before.userSid],
      });
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  await tellAddress(
    deps,
    await noticeAddressOf(deps.db, before.userSid),
    '个人信息副本已生成',
    `您申请的个人信息副本已生成，请在 ${PRIVACY_ARCHIVE_DAYS} 天内登录 ${deps.config.publicUrl}/user/privacy 下载（${chinaLastDayBefore(expiresAt)} 后失效）。`,
  );
  return adminRequestOf(deps, sid);
}

/**
 * POST /api/admin/privacy_requests/{id}/erase: carries out a deletion in one transaction, under
 * the account's row lock: the blockers are read again (4344 while any), the accounts anonymised
 * and signed out, their own traces removed, the books kept (decision 0043). A deleted account is
 * never deleted twice (4346, nothing changed). The old address is told, then forgotten.
 */
export async function eraseAccount(
  deps: PrivacyDeps,
  operator: OperatorRow,
  sid: string,
): Promise<TAdminPrivacyRequest> {
  const before = await requestOf(deps, sid, PrivacyRequestKind.DELETION);
  if (await isAccountErased(deps.db, before.userSid)) throw new AppError(ErrorCode.PRIVACY_ACCOUNT_DELETED);
  assertMay(PrivacyRequestStateMachine, 'erase', before.status);
  const now = nowOf(deps);
  const address = await noticeAddressOf(deps.db, before.userSid);
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, before.userSid);
    if (!user) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
    if (await isAccountErased(tx, user.sid)) throw new AppError(ErrorCode.PRIVACY_ACCOUNT_DELETED);
    const { blockers } = await deletionBlockers(tx, user, now);
    if (blockers.length > 0) throw blockedError(blockers);
    const accounts = user.parentSid === null ? [user, ...(await subAccountsOf(tx, user.sid))] : [user];
    const row = await transition(PrivacyRequestStateMachine, before.status, PrivacyRequestStatus.DONE, (from, to) =>
      finishPrivacyRequest(tx, sid, from, { status: to, operatorSid: operator.sid, resolvedAt: now }),
    );
    if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_CLOSED);
    await removePersonalTraces(tx, accounts);
    await anonymiseUsers(
      tx,
      accounts.map((a) => a.sid),
      now,
    );
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'privacy.erase',
      entity: 'privacy_request',
      entitySid: sid,
      before: { status: before.status, accounts: accounts.length },
      after: { status: row.status },
      refs: accounts.map((a) => a.sid),
    });
  });
  await tellAddress(
    deps,
    address,
    '账号已注销',
    `您的账号已按您的申请注销，个人信息已删除；订单、发票与授权记录依法保存。如有疑问请联系客服。`,
  );
  return adminRequestOf(deps, sid);
}

/** POST /api/admin/privacy_requests/{id}/refuse: a waiting request is refused with a reason; the user is told. */
export async function refuseRequest(
  deps: PrivacyDeps,
  operator: OperatorRow,
  sid: string,
  reason: string,
): Promise<TAdminPrivacyRequest> {
  const before = await findPrivacyRequest(deps.db, sid);
  if (!before) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  assertMay(PrivacyRequestStateMachine, 'refuse', before.status);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await transition(PrivacyRequestStateMachine, before.status, PrivacyRequestStatus.REFUSED, (from, to) =>
      finishPrivacyRequest(tx, sid, from, {
        status: to,
        resolution: reason,
        operatorSid: operator.sid,
        resolvedAt: now,
      }),
    );
    if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_CLOSED);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'privacy.refuse',
      entity: 'privacy_request',
      entitySid: sid,
      before: { status: before.status },
      after: { status: row.status, resolution: reason },
      refs: [before.userSid],
    });
  });
  await tellAddress(
    deps,
    await noticeAddressOf(deps.db, before.userSid),
    '个人信息请求未能办理',
    `您提交的个人信息请求未能办理：${reason}。如有疑问请联系客服，或登录 ${deps.config.publicUrl}/user/privacy 重新提交。`,
  );
  return adminRequestOf(deps, sid);
}

/** GET /api/admin/privacy_requests/{id}/archive. */
export async function adminArchiveLink(deps: PrivacyDeps, sid: string): Promise<TPrivacyArchiveLink> {
  const row = await findPrivacyRequest(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.PRIVACY_REQUEST_NOT_FOUND);
  return archiveLinkOf(deps, row);
}

/** Copies removed per pass; the rest wait for the next one. */
const ARCHIVE_PURGE_BATCH = 100;

/**
 * Removes produced copies whose download period is over (run with the retention pass, server.ts):
 * the file from storage, then the request's key, so a link can no longer be made. A file already
 * gone counts as removed. Returns how many were removed.
 */
export async function purgeExpiredArchives(deps: PrivacyDeps): Promise<number> {
  const expired = await expiredArchives(deps.db, nowOf(deps), ARCHIVE_PURGE_BATCH);
  for (const { sid, archiveKey } of expired) {
    if (archiveKey) await deps.storage.delete(archiveKey);
    await forgetArchive(deps.db, sid);
  }
  return expired.length;
}
