import {
  ADMIN_COUNT_CAP,
  AuditAction,
  AuditEntity,
  COUPON_GENERATED_LENGTH,
  COUPON_MESSAGES,
  COUPON_REDEMPTIONS_SHOWN,
  ErrorCode,
  type ErrorSpec,
  MOBILE_PATTERN,
  type TAdminCoupon,
  type TAdminCouponAccount,
  type TAdminCouponGrantLine,
  type TAdminCouponGrantResponse,
  type TAdminCouponDetailResponse,
  type TAdminCouponListResponse,
  type ZAdminCouponCreateRequest,
  type ZAdminCouponGrantRequest,
  type ZAdminCouponListQuery,
  type ZAdminCouponPatch,
} from '@gemstock/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { recordOperatorAction, recordOperatorActions } from '../audit/index.js';
import type { OperatorRow } from '../../db/rows.js';
import { findAccountsByMobilesOrSids, setPendingCoupons } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import {
  countAdminCoupons,
  findAdminCoupon,
  insertCouponsSkippingTaken,
  type CouponPosition,
  listAdminCoupons,
  listAdminCouponsAfter,
  listCouponRedemptions,
  listGrantedCoupons,
  lockCoupon,
  updateCouponRow,
} from './admin-coupon.repository.js';
import type { CouponRow, NewCouponRow } from './coupon.repository.js';
import { couponAuditSnapshot, presentAdminCoupon, presentRedemption } from './coupon.view.js';

export type AdminCouponDeps = Pick<AppDeps, 'db'>;

type CreateInput = z.output<typeof ZAdminCouponCreateRequest>;
type PatchInput = z.output<typeof ZAdminCouponPatch>;

/* ------------------------------------------------------------------ list and read */

export async function listCoupons(
  deps: AdminCouponDeps,
  query: z.output<typeof ZAdminCouponListQuery>,
  now = new Date(),
): Promise<TAdminCouponListResponse> {
  const filter = { q: query.q, status: query.status, kind: query.kind };
  const [rows, counted] = await Promise.all([
    listAdminCoupons(deps.db, filter, { offset: (query.page - 1) * query.page_size, limit: query.page_size }, now),
    countAdminCoupons(deps.db, filter, ADMIN_COUNT_CAP, now),
  ]);
  return {
    total: Math.min(counted, ADMIN_COUNT_CAP),
    totalCapped: counted > ADMIN_COUNT_CAP,
    coupons: rows.map((row) => presentAdminCoupon(row, now)),
  };
}

/** Coupons per read of the CSV export's walk. */
const EXPORT_BATCH = 500;

/**
 * The list's coupons matching `query`, in its order, up to `max`: the CSV export reads them a
 * batch at a time from the last one read (keyset), never by page number.
 */
export async function* adminCouponsForExport(
  deps: AdminCouponDeps,
  query: Omit<z.output<typeof ZAdminCouponListQuery>, 'page' | 'page_size'>,
  max: number,
  now = new Date(),
): AsyncGenerator<TAdminCoupon> {
  const filter = { q: query.q, status: query.status, kind: query.kind };
  let after: CouponPosition | undefined;
  let written = 0;
  while (written < max) {
    const limit = Math.min(EXPORT_BATCH, max - written);
    const rows = await listAdminCouponsAfter(deps.db, filter, after, limit, now);
    for (const row of rows) yield presentAdminCoupon(row, now);
    written += rows.length;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    after = { at: last.position, code: last.coupon.code };
  }
}

function notFound(): AppError {
  return new AppError(ErrorCode.COUPON_NOT_FOUND);
}

export async function getCoupon(
  deps: AdminCouponDeps,
  sid: string,
  now = new Date(),
): Promise<TAdminCouponDetailResponse> {
  const row = await findAdminCoupon(deps.db, sid);
  if (!row) throw notFound();
  const redemptions = await listCouponRedemptions(deps.db, sid, COUPON_REDEMPTIONS_SHOWN);
  return { coupon: presentAdminCoupon(row, now), redemptions: redemptions.map(presentRedemption) };
}

/* ------------------------------------------------------------------ create */

/**
 * 32 characters without 0/O and 1/I: buyers retype codes from a message. 32 divides 256, so
 * `byte % 32` draws each character with the same chance.
 */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Redraws for codes that collided with existing ones; at 50 random bits even one is unlikely. */
const MAX_DRAWS = 5;

export function generateCouponCode(prefix: string): string {
  const bytes = randomBytes(COUPON_GENERATED_LENGTH);
  let out = prefix;
  for (const byte of bytes) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return out;
}

function fieldError(spec: ErrorSpec, path: string, message?: string): AppError {
  const text = message ?? spec.message;
  return new AppError(spec, text, [{ path, message: text }]);
}

function codeTaken(): AppError {
  return fieldError(ErrorCode.COUPON_CODE_TAKEN, 'code');
}

/**
 * Creates one coupon (with the operator's code, or a generated one) or a batch of `count`
 * coupons with generated codes, all in one transaction with one audit record per coupon: either
 * every coupon exists afterwards, or none. A code already taken is refused for a chosen code
 * and redrawn for a generated one.
 */
export async function createCoupons(
  deps: AdminCouponDeps,
  operator: OperatorRow,
  input: CreateInput,
  now = new Date(),
): Promise<TAdminCoupon[]> {
  const startAt = new Date(input.startTime);
  const endAt = new Date(input.endTime);
  // An already-ended coupon could never be used: surely a mistyped date.
  if (endAt.getTime() <= now.getTime()) throw fieldError(ErrorCode.VALIDATION, 'endTime', COUPON_MESSAGES.endPast);

  const terms: Omit<NewCouponRow, 'sid' | 'code'> = {
    name: input.name,
    note: input.note,
    type: input.type,
    amount: input.amount,
    scope: input.scope,
    redemptionLimit: input.limit,
    startAt,
    endAt,
  };
  const prefix = input.prefix ?? '';

  const rows = await deps.db.transaction(async (tx) => {
    const made = input.code !== undefined ? await insertChosenCode(tx, terms, input.code) : [];
    if (input.code === undefined) {
      for (let draw = 0; draw < MAX_DRAWS && made.length < input.count; draw += 1) {
        const codes = new Set<string>();
        while (codes.size < input.count - made.length) codes.add(generateCouponCode(prefix));
        made.push(
          ...(await insertCouponsSkippingTaken(
            tx,
            [...codes].map((code) => ({ ...terms, sid: newSid(), code })),
          )),
        );
      }
      if (made.length < input.count) throw new AppError(ErrorCode.CONFLICT, '生成的优惠码与已有优惠码冲突，请重试');
    }
    const batch = input.count > 1 ? { batchSize: input.count } : {};
    await recordOperatorActions(
      tx,
      made.map((row) => ({
        operatorSid: operator.sid,
        action: AuditAction.COUPON_CREATE,
        entity: AuditEntity.COUPON,
        entitySid: row.sid,
        before: null,
        after: { ...couponAuditSnapshot(row), ...batch },
      })),
    );
    return made;
  });
  return rows
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((coupon) => presentAdminCoupon({ coupon, owner: null }, now));
}

async function insertChosenCode(
  tx: DbOrTx,
  terms: Omit<NewCouponRow, 'sid' | 'code'>,
  code: string,
): Promise<CouponRow[]> {
  try {
    const rows = await insertCouponsSkippingTaken(tx, [{ ...terms, sid: newSid(), code }]);
    if (rows.length === 0) throw codeTaken();
    return rows;
  } catch (error) {
    // The insert skips a taken code; this covers the constraint being hit some other way.
    if (uniqueViolationConstraint(error) === 'coupons_code_key') throw codeTaken();
    throw error;
  }
}

/* ------------------------------------------------------------------ edit */

/**
 * Renames, re-notes or ends a coupon (its end becomes now). Its terms never change once it may
 * have been used: a price already shown to a buyer must stay what it was. The row is locked;
 * only real changes are written, and the audit record holds exactly those, before and after.
 */
export async function updateCoupon(
  deps: AdminCouponDeps,
  operator: OperatorRow,
  sid: string,
  patch: PatchInput,
  now = new Date(),
): Promise<TAdminCoupon> {
  await deps.db.transaction(async (tx) => {
    const current = await lockCoupon(tx, sid);
    if (!current) throw notFound();
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    const values: Parameters<typeof updateCouponRow>[2] = {};
    if (patch.name !== undefined && patch.name !== current.name) {
      before.name = current.name;
      after.name = values.name = patch.name;
    }
    if (patch.note !== undefined && patch.note !== current.note) {
      before.note = current.note;
      after.note = values.note = patch.note;
    }
    if (patch.end) {
      if (current.endAt && current.endAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.COUPON_ALREADY_ENDED);
      before.endAt = current.endAt?.toISOString() ?? null;
      after.endAt = now.toISOString();
      values.endAt = now;
    }
    if (Object.keys(values).length === 0) return;
    await updateCouponRow(tx, sid, values);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.COUPON_UPDATE,
      entity: AuditEntity.COUPON,
      entitySid: sid,
      before,
      after,
    });
  });
  const row = await findAdminCoupon(deps.db, sid);
  if (!row) throw notFound();
  return presentAdminCoupon(row, now);
}

/* ------------------------------------------------------------------ grant to accounts */

type GrantInput = z.output<typeof ZAdminCouponGrantRequest>;

function grantAccountOf(row: UserRow): TAdminCouponAccount {
  return { sid: row.sid, username: row.username, email: row.email, mobile: row.mobile, company: row.company };
}

/**
 * Gives each named account a coupon of its own with the terms of coupon `sid` (one use, a
 * generated code) and makes it the account's pending coupon, shown once at its next user-info
 * load. One coupon per (grant, account), held by the unique index coupons_grant_owner_key: a
 * retried request, even one racing the first, issues nothing twice and answers the accounts as
 * already issued. Mobiles and sids of no account are reported, not refused. One transaction with
 * one audit record for the grant.
 */
export async function grantCoupon(
  deps: AdminCouponDeps,
  operator: OperatorRow,
  sid: string,
  input: GrantInput,
  now = new Date(),
): Promise<TAdminCouponGrantResponse> {
  const mobiles = [...new Set(input.mobiles)];
  const sids = [...new Set(input.sids)];
  const wellFormed = mobiles.filter((m) => MOBILE_PATTERN.test(m));
  // The grant key is the operator's grant of this very coupon.
  const grantKey = `${sid}:${input.grantKey}`;

  return deps.db.transaction(async (tx) => {
    const template = await lockCoupon(tx, sid);
    if (!template) throw notFound();
    if (template.endAt && template.endAt.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.COUPON_GRANT_SOURCE_ENDED);
    }
    const found = await findAccountsByMobilesOrSids(tx, { mobiles: wellFormed, sids });
    const accounts = new Map<string, UserRow>();
    for (const row of [...found.byMobile, ...found.bySid]) accounts.set(row.sid, row);
    const knownMobiles = new Set(found.byMobile.map((r) => r.mobile));
    const knownSids = new Set(found.bySid.map((r) => r.sid));
    const ownerSids = [...accounts.keys()];

    const issuedSids = new Set<string>();
    for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
      const held = new Set((await listGrantedCoupons(tx, grantKey, ownerSids)).map((c) => c.ownerSid));
      const missing = ownerSids.filter((owner) => !held.has(owner));
      if (missing.length === 0) break;
      const made = await insertCouponsSkippingTaken(
        tx,
        missing.map((owner) => ({
          sid: newSid(),
          code: generateCouponCode(''),
          name: template.name,
          note: `发放自优惠券 ${template.code}`,
          type: template.type,
          amount: template.amount,
          scope: template.scope,
          redemptionLimit: 1,
          startAt: template.startAt,
          endAt: template.endAt,
          ownerSid: owner,
          grantKey,
        })),
      );
      for (const row of made) if (row.ownerSid) issuedSids.add(row.ownerSid);
    }
    const granted = await listGrantedCoupons(tx, grantKey, ownerSids);
    if (granted.length < ownerSids.length)
      throw new AppError(ErrorCode.CONFLICT, '生成的优惠码与已有优惠码冲突，请重试');

    const issued: TAdminCouponGrantLine[] = [];
    const alreadyIssued: TAdminCouponGrantLine[] = [];
    for (const coupon of granted.sort((a, b) => a.code.localeCompare(b.code))) {
      const account = coupon.ownerSid ? accounts.get(coupon.ownerSid) : undefined;
      if (!account) continue;
      const line = { account: grantAccountOf(account), couponSid: coupon.sid, code: coupon.code };
      (issuedSids.has(account.sid) ? issued : alreadyIssued).push(line);
    }
    if (issued.length > 0) {
      await setPendingCoupons(
        tx,
        issued.map((line) => ({ userSid: line.account.sid, couponSid: line.couponSid })),
      );
      await recordOperatorAction(tx, {
        operatorSid: operator.sid,
        action: AuditAction.COUPON_GRANT,
        entity: AuditEntity.COUPON,
        entitySid: template.sid,
        before: null,
        after: {
          grantKey: input.grantKey,
          issued: issued.length,
          accounts: issued.map((line) => line.account.sid),
          coupons: issued.map((line) => line.couponSid),
        },
      });
    }
    return {
      issued,
      alreadyIssued,
      unknownMobiles: mobiles.filter((m) => !knownMobiles.has(m)),
      unknownSids: sids.filter((s) => !knownSids.has(s)),
    };
  });
}
