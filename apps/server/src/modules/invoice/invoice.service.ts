import {
  ADMIN_COUNT_CAP,
  chinaWorkingDaysDeadline,
  ErrorCode,
  INVOICE_ISSUE_WORKING_DAYS,
  InvoiceStateMachine,
  InvoiceStatus,
  InvoiceType,
  invoiceRefusalOf,
  type TAdminInvoice,
  type TAdminInvoiceListResponse,
  type TInvoice,
  type TInvoiceDownload,
  type ZAdminInvoiceListQuery,
  type ZInvoiceRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { newSid } from '../../lib/ids.js';
import { transition } from '../../lib/state-transition.js';
import { contentHash } from '../../media/keys.js';
import type { OperatorRow } from '../operator/operator.repository.js';
import { recordOperatorAction } from '../audit/audit-log.service.js';
import { ownerSidOf } from '../user/account-owner.js';
import type { UserRow } from '../user/user.repository.js';
import { noticeAddressOf } from '../user/user.service.js';
import type { InvoiceIssuer } from './invoice-issuer.js';
import { isPdf } from './invoice-pdf.js';
import {
  type AdminInvoiceRow,
  countAdminInvoices,
  findActivelyInvoicedOrders,
  findAdminInvoice,
  findInvoiceBySid,
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

/** What the buyer sees of an invoice (spec §3), with the order numbers it covers. */
export function presentInvoice(row: InvoiceRow, orderNos: string[]): TInvoice {
  return {
    sid: row.sid,
    type: row.type === InvoiceType.SPECIAL ? InvoiceType.SPECIAL : InvoiceType.ORDINARY,
    title: row.title,
    number: row.taxpayerNumber,
    key: row.fileKey,
    status: InvoiceStateMachine.isState(row.status) ? row.status : InvoiceStatus.REQUESTED,
    amount: row.amountCents,
    orderNos,
    rejectReason: row.rejectReason,
    dueAt: row.dueAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Each order's current invoice (waiting or issued, else the last rejected one) for the order
 * lists: the order module's front door to invoices.
 */
export async function invoicesOfOrders(db: DbOrTx, orderSids: readonly string[]): Promise<Map<string, TInvoice>> {
  const latest = await findLatestInvoicesOfOrders(db, orderSids);
  const orderNos = await listOrderNosOfInvoices(db, [...new Set([...latest.values()].map((i) => i.sid))]);
  return new Map([...latest].map(([orderSid, row]) => [orderSid, presentInvoice(row, orderNos.get(row.sid) ?? [])]));
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
  if (invoice.status !== InvoiceStatus.ISSUED || !invoice.key) throw new AppError(ErrorCode.INVOICE_NOT_ISSUED);
  const link = deps.signer.signDownloadUrl(invoice.key, INVOICE_LINK_TTL_SECONDS);
  return { url: link.url, expiresAt: link.expiresAt.toISOString(), invoice };
}

function presentAdminInvoice(row: AdminInvoiceRow, orderNos: string[], now: Date): TAdminInvoice {
  const { invoice } = row;
  return {
    ...presentInvoice(invoice, orderNos),
    company: row.company ?? invoice.title,
    requestedBy: row.requestedBy ?? '',
    address: invoice.registeredAddress,
    phone: invoice.registeredPhone,
    bank: invoice.bankName,
    account: invoice.bankAccount,
    overdue: invoice.status === InvoiceStatus.REQUESTED && invoice.dueAt.getTime() < now.getTime(),
  };
}

/** GET /api/admin/invoices: the queue, most urgent first. */
export async function listInvoiceQueue(
  deps: Pick<InvoiceDeps, 'db' | 'now'>,
  query: z.output<typeof ZAdminInvoiceListQuery>,
): Promise<TAdminInvoiceListResponse> {
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    listAdminInvoices(deps.db, filter, { offset: (query.page - 1) * query.page_size, limit: query.page_size }),
    countAdminInvoices(deps.db, filter, ADMIN_COUNT_CAP),
  ]);
  const orderNos = await listOrderNosOfInvoices(
    deps.db,
    rows.map((r) => r.invoice.sid),
  );
  const now = nowOf(deps);
  return { total, invoices: rows.map((r) => presentAdminInvoice(r, orderNos.get(r.invoice.sid) ?? [], now)) };
}

async function adminInvoiceOf(deps: Pick<InvoiceDeps, 'db' | 'now'>, sid: string): Promise<TAdminInvoice> {
  const row = await findAdminInvoice(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '发票申请不存在');
  const orderNos = await listOrderNosOfInvoices(deps.db, [sid]);
  return presentAdminInvoice(row, orderNos.get(sid) ?? [], nowOf(deps));
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
  if (before.status !== InvoiceStatus.REQUESTED) throw new AppError(ErrorCode.ILLEGAL_STATE_TRANSITION);
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
