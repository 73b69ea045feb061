import {
  chinaWorkingDaysDeadline,
  LIST_COUNT_CAP,
  ErrorCode,
  INVOICE_ISSUE_WORKING_DAYS,
  type InvoiceAction,
  InvoiceStateMachine,
  InvoiceStatus,
  InvoiceType,
  invoiceRefusalOf,
  type TAdminInvoice,
  type TAdminInvoiceListResponse,
  type TInvoice,
  type TInvoiceDownload,
  type TInvoiceVoidResponse,
  type ZAdminInvoiceListQuery,
  type ZInvoiceRequest,
  type ZInvoiceVoidRequest,
  centsToYuanString,
  ownerSidOf,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { newSid } from '../../lib/ids.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { assertMay, transition } from '../../lib/state-transition.js';
import { contentHash } from '../../media/keys.js';
import type { OperatorRow } from '../../db/rows.js';
import { recordOperatorAction } from '../audit/index.js';
import { noticeAddressOf } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import type { InvoiceIssuer } from './invoice-issuer.js';
import { isPdf } from './invoice-pdf.js';
import {
  type AdminInvoiceRow,
  countAdminInvoices,
  findActivelyInvoicedOrders,
  findAdminInvoice,
  findInvoiceBySid,
  findInvoicesBySids,
  listInvoiceLines,
  withdrawInvoice,
  findLatestInvoicesOfOrders,
  finishInvoice,
  type InvoiceableOrder,
  type InvoiceRow,
  insertInvoice,
  listAdminInvoices,
  listOrderNosOfInvoices,
  lockInvoiceableOrders,
  selectInvoiceableOrders,
} from './invoice.repository.js';

export type InvoiceDeps = Pick<AppDeps, 'db' | 'storage' | 'messages' | 'config'> & {
  signer: DownloadUrlSigner;
  /** Manual (the operators) or an e-invoicing provider: INVOICE_PROVIDER. */
  issuer: InvoiceIssuer;
  log: { warn(data: object, message: string): void };
  now?: () => Date;
};

/** The issued PDF's link lives this long: enough to start the download, too short to pass around. */
const INVOICE_LINK_TTL_SECONDS = 300;

function nowOf(deps: Pick<InvoiceDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

const statusOf = (row: InvoiceRow): InvoiceStatus =>
  InvoiceStateMachine.isState(row.status) ? row.status : InvoiceStatus.REQUESTED;

/**
 * What the buyer sees of an invoice (spec §3), with the order numbers it covers and, for a
 * replacement, the voided or reversed invoice it re-issues.
 */
export function presentInvoice(row: InvoiceRow, orderNos: string[], replaced?: InvoiceRow): TInvoice {
  return {
    sid: row.sid,
    type: row.type === InvoiceType.SPECIAL ? InvoiceType.SPECIAL : InvoiceType.ORDINARY,
    title: row.title,
    number: row.taxpayerNumber,
    key: row.fileKey,
    status: statusOf(row),
    amount: row.amountCents,
    orderNos,
    address: row.registeredAddress,
    phone: row.registeredPhone,
    bank: row.bankName,
    account: row.bankAccount,
    rejectReason: row.rejectReason,
    dueAt: row.dueAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    replaces: replaced
      ? {
          sid: replaced.sid,
          status: statusOf(replaced),
          voidReason: replaced.voidReason,
          voidedAt: replaced.voidedAt?.toISOString() ?? null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The voided invoices the given ones replace, by sid. */
async function replacedOf(db: DbOrTx, rows: readonly InvoiceRow[]): Promise<Map<string, InvoiceRow>> {
  return findInvoicesBySids(db, [
    ...new Set(rows.map((r) => r.replacesSid).filter((sid): sid is string => sid !== null)),
  ]);
}

/**
 * Each order's current invoice (waiting or issued, else the last rejected, voided or reversed
 * one) for the order lists: the order module's front door to invoices.
 */
export async function invoicesOfOrders(db: DbOrTx, orderSids: readonly string[]): Promise<Map<string, TInvoice>> {
  const latest = await findLatestInvoicesOfOrders(db, orderSids);
  const rows = [...latest.values()];
  const [orderNos, replaced] = await Promise.all([
    listOrderNosOfInvoices(db, [...new Set(rows.map((i) => i.sid))]),
    replacedOf(db, rows),
  ]);
  return new Map(
    [...latest].map(([orderSid, row]) => [
      orderSid,
      presentInvoice(row, orderNos.get(row.sid) ?? [], row.replacesSid ? replaced.get(row.replacesSid) : undefined),
    ]),
  );
}

/**
 * The amount an order is invoiced for: what was actually paid for it. Decision 0014: a licence
 * paid from the wallet is not invoiced on its own, because the recharge that funded it is; an
 * order nothing was paid for has nothing to invoice.
 */
function invoiceableAmount(order: InvoiceableOrder, ownerSid: string): number {
  if (order.ownerSid !== ownerSid) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const paidCents = order.paidAmountCents ?? order.priceCents;
  const refusal = invoiceRefusalOf({ ...order, paidCents });
  if (refusal) throw new AppError(REFUSAL_ERROR[refusal]);
  return paidCents;
}

const REFUSAL_ERROR = {
  not_paid: ErrorCode.INVOICE_ORDER_NOT_PAID,
  wallet_paid: ErrorCode.INVOICE_ORDER_WALLET_PAID,
  nothing_paid: ErrorCode.INVOICE_AMOUNT_ZERO,
} as const;

/**
 * POST /api/order/{id}/invoice: one invoice for the order and any other paid orders of the
 * company named in `orders`. Every order is locked while it is checked and recorded, so of two
 * requests naming the same order one wins and the other is told it is already requested; the
 * partial unique index on `invoice_orders` stands behind that.
 */
export async function requestInvoice(
  deps: InvoiceDeps,
  user: UserRow,
  orderSid: string,
  input: z.output<typeof ZInvoiceRequest>,
): Promise<TInvoice> {
  if (!user.company || !user.companyLicense) throw new AppError(ErrorCode.COMPANY_REQUIRED);
  const ownerSid = ownerSidOf(user);
  const sids = [...new Set([orderSid, ...input.orders])];
  const now = nowOf(deps);
  const special = input.type === InvoiceType.SPECIAL;
  let recorded: { row: InvoiceRow; view: TInvoice };
  try {
    recorded = await deps.db.transaction(async (tx) => {
      const found = await lockInvoiceableOrders(tx, sids);
      if (found.length !== sids.length) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      const lines = found.map((order) => ({ orderSid: order.sid, amountCents: invoiceableAmount(order, ownerSid) }));
      if ((await findActivelyInvoicedOrders(tx, sids)).length > 0) {
        throw new AppError(ErrorCode.INVOICE_ALREADY_REQUESTED);
      }
      const invoice = await insertInvoice(
        tx,
        {
          sid: newSid(),
          ownerSid,
          requestedBySid: user.sid,
          type: input.type,
          title: input.title,
          taxpayerNumber: input.number,
          registeredAddress: special ? (input.address ?? null) : null,
          registeredPhone: special ? (input.phone ?? null) : null,
          bankName: special ? (input.bank ?? null) : null,
          bankAccount: special ? (input.account ?? null) : null,
          amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
          status: InvoiceStatus.REQUESTED,
          dueAt: chinaWorkingDaysDeadline(now, INVOICE_ISSUE_WORKING_DAYS),
          createdAt: now,
          updatedAt: now,
        },
        lines,
      );
      return { row: invoice, view: presentInvoice(invoice, found.map((o) => o.orderNo).sort()) };
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'invoice_orders_active_order_key') {
      throw new AppError(ErrorCode.INVOICE_ALREADY_REQUESTED);
    }
    throw error;
  }
  // Handed to the provider after the commit; if it cannot take it, the request stays in the
  // operators' queue and is issued by hand, as with the manual issuer.
  try {
    await deps.issuer.submit(recorded.row);
  } catch (error) {
    deps.log.warn({ err: error, invoice: recorded.row.sid }, 'invoice provider did not take the request');
  }
  return recorded.view;
}

/** GET /api/order/{id}/invoice: a short-lived link to the issued PDF, for the buyer's company only. */
export async function downloadInvoice(deps: InvoiceDeps, user: UserRow, orderSid: string): Promise<TInvoiceDownload> {
  const [order] = await selectInvoiceableOrders(deps.db, [orderSid]);
  if (!order || order.ownerSid !== ownerSidOf(user)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const invoice = (await invoicesOfOrders(deps.db, [orderSid])).get(orderSid);
  if (!invoice) throw new AppError(ErrorCode.INVOICE_NOT_FOUND);
  assertMay(InvoiceStateMachine, 'download', invoice.status);
  if (!invoice.key) throw new AppError(ErrorCode.INVOICE_NOT_ISSUED);
  const link = deps.signer.signDownloadUrl(invoice.key, INVOICE_LINK_TTL_SECONDS);
  return { url: link.url, expiresAt: link.expiresAt.toISOString(), invoice };
}

/** Issued by the e-invoicing provider's notification: no operator uploaded it. */
function providerIssued(invoice: InvoiceRow): boolean {
  return invoice.issuedAt !== null && invoice.operatorSid === null;
}

function presentAdminInvoice(
  row: AdminInvoiceRow,
  orderNos: string[],
  now: Date,
  replaced: InvoiceRow | undefined,
): TAdminInvoice {
  const { invoice } = row;
  return {
    ...presentInvoice(invoice, orderNos, replaced),
    company: row.company ?? invoice.title,
    requestedBy: row.requestedBy ?? '',
    overdue: InvoiceStateMachine.may('issue', invoice.status) && invoice.dueAt.getTime() < now.getTime(),
    providerIssued: providerIssued(invoice),
    replacedBySid: row.replacedBySid,
  };
}

/** GET /api/admin/invoices: the queue, most urgent first. */
export async function listInvoiceQueue(
  deps: Pick<InvoiceDeps, 'db' | 'now'>,
  query: z.output<typeof ZAdminInvoiceListQuery>,
): Promise<TAdminInvoiceListResponse> {
  const filter = { status: query.status };
  const [found, counted] = await Promise.all([
    listAdminInvoices(deps.db, filter, listPageOf(query)),
    countAdminInvoices(deps.db, filter, LIST_COUNT_CAP),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.invoice.sid }));
  const [orderNos, replaced] = await Promise.all([
    listOrderNosOfInvoices(
      deps.db,
      rows.map((r) => r.invoice.sid),
    ),
    replacedOf(
      deps.db,
      rows.map((r) => r.invoice),
    ),
  ]);
  const now = nowOf(deps);
  return {
    ...cappedTotal(counted),
    nextCursor,
    invoices: rows.map((r) =>
      presentAdminInvoice(
        r,
        orderNos.get(r.invoice.sid) ?? [],
        now,
        r.invoice.replacesSid ? replaced.get(r.invoice.replacesSid) : undefined,
      ),
    ),
  };
}

async function adminInvoiceOf(deps: Pick<InvoiceDeps, 'db' | 'now'>, sid: string): Promise<TAdminInvoice> {
  const row = await findAdminInvoice(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '发票申请不存在');
  const [orderNos, replaced] = await Promise.all([
    listOrderNosOfInvoices(deps.db, [sid]),
    replacedOf(deps.db, [row.invoice]),
  ]);
  return presentAdminInvoice(
    row,
    orderNos.get(sid) ?? [],
    nowOf(deps),
    row.invoice.replacesSid ? replaced.get(row.invoice.replacesSid) : undefined,
  );
}

/** Tells the account that asked; a message that cannot be sent is logged, never undoes the change. */
async function tellBuyer(deps: InvoiceDeps, invoice: InvoiceRow, subject: string, text: string): Promise<void> {
  try {
    const address = await noticeAddressOf(deps.db, invoice.requestedBySid);
    if (!address) return;
    const to = address.email
      ? { channel: 'email' as const, to: address.email }
      : address.mobile
        ? { channel: 'sms' as const, to: address.mobile }
        : null;
    if (!to) return;
    await deps.messages.send({ ...to, subject: `【${deps.config.siteName}】${subject}`, text, code: null });
  } catch (error) {
    deps.log.warn({ err: error, invoice: invoice.sid }, 'invoice notice could not be sent');
  }
}

/** PUT /api/admin/invoices/{id}/file: an operator issues a waiting request with its PDF. */
export async function issueInvoice(
  deps: InvoiceDeps,
  operator: OperatorRow,
  sid: string,
  pdf: Buffer,
): Promise<TAdminInvoice> {
  return attachInvoicePdf(deps, { operator }, sid, pdf);
}

/**
 * Issues a waiting request with its PDF, from an operator's upload or an e-invoicing provider's
 * notification: one path for both. The file is checked and stored first, then the status moves
 * (guarded by REQUESTED) in one transaction, with the audit entry when an operator did it; if
 * the request was finished meanwhile, the stored file is removed.
 */
export async function attachInvoicePdf(
  deps: InvoiceDeps,
  by: { operator: OperatorRow } | { provider: InvoiceIssuer['provider'] },
  sid: string,
  pdf: Buffer,
): Promise<TAdminInvoice> {
  const operator = 'operator' in by ? by.operator : null;
  if (!isPdf(pdf)) throw new AppError(ErrorCode.INVOICE_FILE_NOT_PDF);
  const before = await findInvoiceBySid(deps.db, sid);
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '发票申请不存在');
  assertMay(InvoiceStateMachine, 'issue', before.status);
  const key = `private/invoices/${sid}/fapiao-${contentHash(pdf)}.pdf`;
  await deps.storage.put(key, pdf, 'application/pdf');
  const now = nowOf(deps);
  const issued = await deps.db.transaction(async (tx) => {
    const row = await transition(InvoiceStateMachine, before.status, InvoiceStatus.ISSUED, (from) =>
      finishInvoice(tx, sid, from, {
        status: InvoiceStatus.ISSUED,
        fileKey: key,
        operatorSid: operator?.sid ?? null,
        at: now,
      }),
    );
    if (!row) return undefined;
    if (operator) {
      await recordOperatorAction(tx, {
        operatorSid: operator.sid,
        action: 'invoice.issue',
        entity: 'invoice',
        entitySid: sid,
        before: { status: before.status },
        after: { status: row.status, fileKey: key },
      });
    }
    return row;
  });
  if (!issued) {
    await deps.storage.delete(key);
    throw new AppError(ErrorCode.ILLEGAL_STATE_TRANSITION);
  }
  await tellBuyer(
    deps,
    issued,
    '发票已开具',
    `您申请的${issued.type === InvoiceType.SPECIAL ? '增值税专用发票' : '增值税普通发票'}（抬头：${issued.title}）已开具，请登录 ${deps.config.publicUrl}/user/order 在“我的订单”中下载。`,
  );
  return adminInvoiceOf(deps, sid);
}

/** POST /api/admin/invoices/{id}/reject: the buyer is told why and may ask again. */
export async function rejectInvoice(
  deps: InvoiceDeps,
  operator: OperatorRow,
  sid: string,
  reason: string,
): Promise<TAdminInvoice> {
  const before = await findInvoiceBySid(deps.db, sid);
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '发票申请不存在');
  const now = nowOf(deps);
  const rejected = await deps.db.transaction(async (tx) => {
    const row = await transition(InvoiceStateMachine, before.status, InvoiceStatus.REJECTED, (from) =>
      finishInvoice(tx, sid, from, {
        status: InvoiceStatus.REJECTED,
        rejectReason: reason,
        operatorSid: operator.sid,
        at: now,
      }),
    );
    if (!row) throw new AppError(ErrorCode.ILLEGAL_STATE_TRANSITION);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'invoice.reject',
      entity: 'invoice',
      entitySid: sid,
      before: { status: before.status },
      after: { status: row.status, rejectReason: reason },
    });
    return row;
  });
  await tellBuyer(
    deps,
    rejected,
    '发票申请未通过',
    `您的发票申请（抬头：${rejected.title}）未通过：${reason}。请登录 ${deps.config.publicUrl}/user/order 修改后重新申请。`,
  );
  return adminInvoiceOf(deps, sid);
}

const WITHDRAWN_TEXT = { [InvoiceStatus.VOIDED]: '作废', [InvoiceStatus.REVERSED]: '红冲' } as const;

/** The operator's choice of withdrawal, as the invoice machine's action. */
const WITHDRAWAL_ACTION = {
  [InvoiceStatus.VOIDED]: 'void',
  [InvoiceStatus.REVERSED]: 'reverse',
} as const satisfies Record<keyof typeof WITHDRAWN_TEXT, InvoiceAction>;

/**
 * POST /api/admin/invoices/{id}/void: 作废 or 红冲 of an issued invoice (decision 0025). An
 * invoice the e-invoicing provider issued can only be reversed, and the provider must accept the
 * red-letter request before anything is recorded here; one an operator uploaded was voided or
 * reversed in the tax system, and is recorded. Then, in one transaction: the status with the
 * reason, its orders taken off it, the audit entry and, with `reissue`, a new request for the
 * same title, details and orders, tied to the withdrawn one and due when the first one was.
 * The buyer is told; the replacement goes to the provider like any new request.
 */
export async function voidInvoice(
  deps: InvoiceDeps,
  operator: OperatorRow,
  sid: string,
  input: z.output<typeof ZInvoiceVoidRequest>,
): Promise<TInvoiceVoidResponse> {
  const before = await findInvoiceBySid(deps.db, sid);
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '发票申请不存在');
  const action = WITHDRAWAL_ACTION[input.kind];
  assertMay(InvoiceStateMachine, action, before.status);
  const atProvider = deps.issuer.provider === 'http' && providerIssued(before);
  if (atProvider) {
    if (action === 'void') throw new AppError(ErrorCode.INVOICE_PROVIDER_NO_VOID);
    try {
      await deps.issuer.reverse(before, input.reason);
    } catch (error) {
      deps.log.warn({ err: error, invoice: sid }, 'invoice provider did not take the red-letter request');
      throw new AppError(ErrorCode.INVOICE_PROVIDER_REVERSE_FAILED);
    }
  }
  const now = nowOf(deps);
  const done = await deps.db.transaction(async (tx) => {
    const lines = await listInvoiceLines(tx, sid);
    const withdrawn = await transition(InvoiceStateMachine, statusOf(before), input.kind, (from) =>
      withdrawInvoice(tx, sid, from, { status: input.kind, reason: input.reason, operatorSid: operator.sid, at: now }),
    );
    if (!withdrawn) throw new AppError(ErrorCode.INVOICE_NOT_VOIDABLE);
    const replacement = input.reissue
      ? await insertInvoice(
          tx,
          {
            sid: newSid(),
            ownerSid: withdrawn.ownerSid,
            requestedBySid: withdrawn.requestedBySid,
            type: withdrawn.type,
            title: withdrawn.title,
            taxpayerNumber: withdrawn.taxpayerNumber,
            registeredAddress: withdrawn.registeredAddress,
            registeredPhone: withdrawn.registeredPhone,
            bankName: withdrawn.bankName,
            bankAccount: withdrawn.bankAccount,
            amountCents: withdrawn.amountCents,
            status: InvoiceStatus.REQUESTED,
            // what the buyer was promised: a late replacement shows as overdue, first in the queue
            dueAt: withdrawn.dueAt,
            replacesSid: withdrawn.sid,
            createdAt: now,
            updatedAt: now,
          },
          lines,
        )
      : undefined;
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: `invoice.${action}`,
      entity: 'invoice',
      entitySid: sid,
      before: { status: before.status, fileKey: before.fileKey },
      after: {
        status: withdrawn.status,
        reason: input.reason,
        atProvider,
        replacementSid: replacement?.sid ?? null,
      },
    });
    return { withdrawn, replacement };
  });
  if (done.replacement) {
    try {
      await deps.issuer.submit(done.replacement);
    } catch (error) {
      deps.log.warn({ err: error, invoice: done.replacement.sid }, 'invoice provider did not take the request');
    }
  }
  const what = WITHDRAWN_TEXT[input.kind];
  const kindText = done.withdrawn.type === InvoiceType.SPECIAL ? '增值税专用发票' : '增值税普通发票';
  await tellBuyer(
    deps,
    done.withdrawn,
    `发票已${what}`,
    `您的${kindText}（抬头：${done.withdrawn.title}，金额：${centsToYuanString(done.withdrawn.amountCents)} 元）已${what}，原因：${input.reason}。` +
      (done.replacement
        ? `我们将按原申请信息重新开具，开具后请登录 ${deps.config.publicUrl}/user/order 在“我的订单”中下载。`
        : `如需发票，请登录 ${deps.config.publicUrl}/user/order 重新申请。`),
  );
  return {
    voided: await adminInvoiceOf(deps, sid),
    replacement: done.replacement ? await adminInvoiceOf(deps, done.replacement.sid) : null,
  };
}
