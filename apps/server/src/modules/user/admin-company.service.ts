import {
  ADMIN_COUNT_CAP,
  type DemandStatus,
  type DemandTier,
  type InvoiceStatus,
  type InvoiceType,
  type LicenceType,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type TAccountStateResponse,
  type TCompanyAccount,
  type TCompanyDetail,
  type TCompanyListResponse,
  type TCompanySummary,
  ErrorCode,
  type ZCompanyListQuery,
  type ZCompanyPageQuery,
  type ZDisableAccountRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { OperatorRow, UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, decodeCursor, encodeCursor, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { recordOperatorAction } from '../audit/index.js';
import { getWalletSummary } from '../wallet/index.js';
import {
  companiesNamedBy,
  countCompanies,
  countCompanyDemands,
  countCompanyInvoices,
  countCompanyLedger,
  countCompanyLicences,
  countCompanyOrders,
  countSubAccounts,
  findMainAccount,
  listCompanies,
  listCompanyDemands,
  listCompanyInvoices,
  listCompanyLedger,
  listCompanyLicences,
  listCompanyOrders,
  listSubAccounts,
  revokeSubAccountSessions,
  setAccountEnabled,
} from './admin-company.repository.js';
import { findUserBySid, isErasedAccount } from './user.repository.js';

export type AdminCompanyDeps = Pick<AppDeps, 'db'>;
type PageQuery = z.output<typeof ZCompanyPageQuery>;

const COUNT_READ = ADMIN_COUNT_CAP + 1;
const iso = (at: Date | null) => at?.toISOString() ?? null;

function totalOf(counted: number) {
  return cappedTotal(counted, ADMIN_COUNT_CAP);
}

function presentCompany(row: UserRow): TCompanySummary {
  return {
    sid: row.sid,
    company: row.company,
    license: row.companyLicense,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    enabled: row.enabled,
    erased: isErasedAccount(row),
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

function presentAccount(row: UserRow): TCompanyAccount {
  return {
    sid: row.sid,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    enabled: row.enabled,
    erased: isErasedAccount(row),
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

export async function listCompaniesForOperator(
  deps: AdminCompanyDeps,
  query: z.output<typeof ZCompanyListQuery>,
): Promise<TCompanyListResponse> {
  const page = listPageOf({ page: 1, ...query });
  const search = query.q ? { q: query.q, named: await companiesNamedBy(deps.db, query.q) } : undefined;
  const [found, counted] = await Promise.all([
    listCompanies(deps.db, search, page),
    countCompanies(deps.db, search, COUNT_READ),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.user.sid }));
  return { ...totalOf(counted), nextCursor, companies: rows.map((r) => presentCompany(r.user)) };
}

async function companyOf(db: DbOrTx, sid: string): Promise<UserRow> {
  const row = await findMainAccount(db, sid);
  if (!row) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND, '该企业客户不存在');
  return row;
}

export async function getCompany(deps: AdminCompanyDeps, sid: string): Promise<{ company: TCompanyDetail }> {
  const row = await companyOf(deps.db, sid);
  const wallet = await getWalletSummary(deps.db, row.sid);
  return {
    company: {
      ...presentCompany(row),
      address: row.companyAddress,
      subEnabled: row.subEnabled,
      walletBalance: wallet.balanceCents,
      isVip: wallet.isVip,
      vipValidBefore: iso(wallet.vipValidBefore),
    },
  };
}

/**
 * One tab of the company's page: the company must exist (an unknown id is 2008, not an empty
 * list), then a page of its rows and their capped count.
 */
async function companyPage<Row extends { position: string }, Item>(
  deps: AdminCompanyDeps,
  sid: string,
  query: PageQuery,
  read: {
    list: (db: DbOrTx, ownerSid: string, page: ReturnType<typeof listPageOf>) => Promise<Row[]>;
    count: (db: DbOrTx, ownerSid: string, limit: number) => Promise<number>;
    sidOf: (row: Row) => string;
    present: (row: Row) => Item;
  },
) {
  await companyOf(deps.db, sid);
  const page = listPageOf({ page: 1, ...query });
  const [found, counted] = await Promise.all([read.list(deps.db, sid, page), read.count(deps.db, sid, COUNT_READ)]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: read.sidOf(r) }));
  return { ...totalOf(counted), nextCursor, items: rows.map(read.present) };
}

export function listCompanyAccounts(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  return companyPage(deps, sid, query, {
    list: listSubAccounts,
    count: countSubAccounts,
    sidOf: (r) => r.user.sid,
    present: (r) => presentAccount(r.user),
  });
}

export function listCompanyOrdersForOperator(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  return companyPage(deps, sid, query, {
    list: listCompanyOrders,
    count: countCompanyOrders,
    sidOf: (r) => r.order.sid,
    present: ({ order, buyer }) => ({
      sid: order.sid,
      orderNo: order.orderNo,
      name: order.name,
      // The columns hold only what the contract's enums name (written through the state machines).
      orderType: order.orderType as OrderType,
      status: order.status as OrderStatus,
      payWay: order.payWay as PayWay | null,
      priceCents: order.priceCents,
      refundedCents: order.refundedCents,
      buyer,
      createdAt: order.createdAt.toISOString(),
    }),
  });
}

export function listCompanyInvoicesForOperator(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  return companyPage(deps, sid, query, {
    list: listCompanyInvoices,
    count: countCompanyInvoices,
    sidOf: (r) => r.invoice.sid,
    present: ({ invoice }) => ({
      sid: invoice.sid,
      type: invoice.type as InvoiceType,
      title: invoice.title,
      amountCents: invoice.amountCents,
      status: invoice.status as InvoiceStatus,
      createdAt: invoice.createdAt.toISOString(),
      issuedAt: iso(invoice.issuedAt),
    }),
  });
}

export function listCompanyLicencesForOperator(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  return companyPage(deps, sid, query, {
    list: listCompanyLicences,
    count: countCompanyLicences,
    sidOf: (r) => r.licence.sid,
    present: ({ licence }) => ({
      sid: licence.sid,
      certNo: licence.certNo,
      materialSid: licence.materialSid,
      orderSid: licence.orderSid,
      spec: licence.spec as LicenceType,
      exclusive: licence.exclusive,
      revokedAt: iso(licence.revokedAt),
      createdAt: licence.createdAt.toISOString(),
    }),
  });
}

export function listCompanyDemandsForOperator(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  return companyPage(deps, sid, query, {
    list: listCompanyDemands,
    count: countCompanyDemands,
    sidOf: (r) => r.demand.sid,
    present: ({ demand }) => ({
      sid: demand.sid,
      tier: demand.tier as DemandTier,
      status: demand.status as DemandStatus,
      orderSid: demand.orderSid,
      quotePriceCents: demand.quotePriceCents,
      stageDeadline: iso(demand.stageDeadline),
      createdAt: demand.createdAt.toISOString(),
    }),
  });
}

/** The ledger pages by entry id (its own order): the cursor carries the last id shown. */
export async function listCompanyLedgerForOperator(deps: AdminCompanyDeps, sid: string, query: PageQuery) {
  await companyOf(deps.db, sid);
  const beforeId = query.cursor === undefined ? undefined : ledgerIdOf(query.cursor);
  const [found, counted] = await Promise.all([
    listCompanyLedger(deps.db, sid, { limit: query.page_size + 1, ...(beforeId === undefined ? {} : { beforeId }) }),
    countCompanyLedger(deps.db, sid, COUNT_READ),
  ]);
  const rows = found.slice(0, query.page_size);
  const last = rows.at(-1);
  return {
    ...totalOf(counted),
    nextCursor:
      found.length > query.page_size && last ? encodeCursor({ at: last.position, sid: String(last.entry.id) }) : null,
    items: rows.map(({ entry }) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      orderSid: entry.orderSid,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

function ledgerIdOf(cursor: string): number {
  const { sid } = decodeCursor(cursor);
  if (!/^\d{1,15}$/.test(sid)) {
    throw new AppError(ErrorCode.VALIDATION, '分页位置不正确，请从第一页重新查看', [
      { path: 'cursor', message: '分页位置不正确，请从第一页重新查看' },
    ]);
  }
  return Number(sid);
}

/**
 * The audit names a main account as the company ('company') and a sub-account as a user
 * ('user'), with the company among its refs so the company's search finds both.
 */
function auditTargetOf(user: UserRow) {
  return user.parentSid
    ? { entity: 'user', entitySid: user.sid, refs: [user.parentSid] }
    : { entity: 'company', entitySid: user.sid, refs: [] };
}

/**
 * Turns a buyer account off or on in one transaction with its audit entry; a repeat changes
 * nothing and records nothing. Turning a main account off also ends its sub-accounts' sessions.
 */
async function changeAccountState(
  deps: AdminCompanyDeps,
  operator: OperatorRow,
  sid: string,
  change: { enabled: false; reason: string } | { enabled: true },
): Promise<TAccountStateResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserBySid(tx, sid);
    if (!user) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
    if (change.enabled && isErasedAccount(user)) throw new AppError(ErrorCode.ACCOUNT_ERASED);
    const changed = await setAccountEnabled(tx, sid, change.enabled);
    if (!changed) return { sid, enabled: change.enabled };
    if (!change.enabled && !user.parentSid) await revokeSubAccountSessions(tx, sid);
    const target = auditTargetOf(user);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: `${target.entity}.${change.enabled ? 'enable' : 'disable'}`,
      ...target,
      before: { enabled: !change.enabled },
      after: change,
    });
    return { sid, enabled: change.enabled };
  });
}

/**
 * Disables a buyer account (decision 0032): sign-in is refused (2004, or 2009 for the
 * sub-accounts of a disabled main account) and every token issued before is refused on its next
 * request, on every server (each request reads the account's row).
 */
export function disableAccount(
  deps: AdminCompanyDeps,
  operator: OperatorRow,
  sid: string,
  body: z.output<typeof ZDisableAccountRequest>,
): Promise<TAccountStateResponse> {
  return changeAccountState(deps, operator, sid, { enabled: false, reason: body.reason });
}

/** Enables a disabled account again; the sessions it had stay ended (their token version is old). */
export function enableAccount(
  deps: AdminCompanyDeps,
  operator: OperatorRow,
  sid: string,
): Promise<TAccountStateResponse> {
  return changeAccountState(deps, operator, sid, { enabled: true });
}
