import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { demands, invoices, ledgerEntries, licences, orders, users } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { afterPosition, countUpTo, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

/**
 * 企业客户's read-only queries (decision 0032): the companies and what each has, read straight
 * from the tables of the modules that own them, each along an index that ends in the list's
 * order (named on each query), a page at a time by keyset and counted up to a cap.
 */

/** LIKE treats % and _ as wildcards; a search term means them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The companies a search term names exactly: the taxpayer number (users_company_license_idx,
 * typed in either case), or the mobile, e-mail, username or sid of any of its accounts (the
 * unique indexes; a sub-account stands for its main account). A handful of sids at most.
 */
export async function companiesNamedBy(db: DbOrTx, q: string): Promise<string[]> {
  const lower = q.toLowerCase();
  const rows = rowsOf<{ sid: string }>(
    await db.execute(sql`
      select u.sid from users u where u.level = 0 and u.company_license = ${q.toUpperCase()}
      union select coalesce(u.parent_sid, u.sid) from users u
        where u.mobile = ${q} or u.email = ${lower} or u.username = ${lower} or u.sid = ${lower}`),
  );
  return rows.map((r) => r.sid);
}

export interface CompanySearch {
  q: string;
  /** companiesNamedBy(q), read first. */
  named: readonly string[];
}

/**
 * Part of the company name (users_company_trgm_idx), or one of the companies the term names.
 * Written as one OR of two indexed conditions, so the planner either combines the two indexes
 * (a rare term: a few rows, then sorted) or walks users_main_created_idx and stops at the page's
 * end (a common term, or one too short for trigrams, which matches along the way).
 */
function companyConditions(search: CompanySearch | undefined): SQL | undefined {
  if (!search) return eq(users.level, 0);
  const byName = sql`${users.company} ilike ${`%${escapeLike(search.q)}%`}`;
  return and(eq(users.level, 0), search.named.length > 0 ? or(byName, inArray(users.sid, [...search.named])) : byName);
}

/** Companies newest first (users_main_created_idx), with each row's position for the next page. */
export function listCompanies(db: DbOrTx, search: CompanySearch | undefined, page: ListPage) {
  return db
    .select({ user: users, position: positionAt(users.createdAt) })
    .from(users)
    .where(
      and(companyConditions(search), page.after ? afterPosition(users.createdAt, users.sid, page.after) : undefined),
    )
    .orderBy(positionOrder(users.createdAt, users.sid))
    .limit(page.limit);
}

export function countCompanies(db: DbOrTx, search: CompanySearch | undefined, limit: number): Promise<number> {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(users)
      .where(companyConditions(search)),
    limit,
  );
}

export async function findMainAccount(db: DbOrTx, sid: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.sid, sid), eq(users.level, 0)));
  return row;
}

/** The company's sub-accounts, oldest first (users_parent_idx). */
export function listSubAccounts(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({ user: users, position: positionAt(users.createdAt) })
    .from(users)
    .where(
      and(
        eq(users.parentSid, ownerSid),
        page.after ? afterPosition(users.createdAt, users.sid, page.after, 'asc') : undefined,
      ),
    )
    .orderBy(positionOrder(users.createdAt, users.sid, 'asc'))
    .limit(page.limit);
}

export function countSubAccounts(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(users)
      .where(eq(users.parentSid, ownerSid)),
    limit,
  );
}

/**
 * Turns an account off or on, guarded by the state it leaves (a repeat changes nothing and
 * answers undefined). Turning off moves the token version on: every token issued before is
 * refused on the next request, on every server, since each request reads the row.
 */
export async function setAccountEnabled(tx: DbOrTx, sid: string, enabled: boolean) {
  const [row] = await tx
    .update(users)
    .set({
      enabled,
      ...(enabled ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.sid, sid), eq(users.enabled, !enabled)))
    .returning();
  return row;
}

/**
 * Every sub-account's older tokens stop (disabling the main account): the auth guard already
 * refuses them while the main account is disabled, and this keeps them refused once it is
 * enabled again.
 */
export async function revokeSubAccountSessions(tx: DbOrTx, ownerSid: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.parentSid, ownerSid));
}

/** The company's orders, newest first (orders_owner_idx), with the name of the account that placed each. */
export function listCompanyOrders(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({
      order: orders,
      buyer: sql<string | null>`(
        select coalesce(b.name, b.username, b.mobile, b.email) from users b where b.sid = ${orders.userSid}
      )`,
      position: positionAt(orders.createdAt),
    })
    .from(orders)
    .where(
      and(
        eq(orders.ownerSid, ownerSid),
        page.after ? afterPosition(orders.createdAt, orders.sid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(orders.createdAt, orders.sid))
    .limit(page.limit);
}

export function countCompanyOrders(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(eq(orders.ownerSid, ownerSid)),
    limit,
  );
}

/** The company's invoice requests, newest first (invoices_owner_idx). */
export function listCompanyInvoices(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({ invoice: invoices, position: positionAt(invoices.createdAt) })
    .from(invoices)
    .where(
      and(
        eq(invoices.ownerSid, ownerSid),
        page.after ? afterPosition(invoices.createdAt, invoices.sid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(invoices.createdAt, invoices.sid))
    .limit(page.limit);
}

export function countCompanyInvoices(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(invoices)
      .where(eq(invoices.ownerSid, ownerSid)),
    limit,
  );
}

/** The company's wallet ledger, newest first (ledger_user_idx: the id is the order of the entries). */
export function listCompanyLedger(db: DbOrTx, ownerSid: string, page: { limit: number; beforeId?: number }) {
  return db
    .select({ entry: ledgerEntries, position: positionAt(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userSid, ownerSid),
        page.beforeId === undefined ? undefined : sql`${ledgerEntries.id} < ${page.beforeId}`,
      ),
    )
    .orderBy(sql`${ledgerEntries.id} desc`)
    .limit(page.limit);
}

export function countCompanyLedger(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userSid, ownerSid)),
    limit,
  );
}

/** The company's current licences, newest first (licences_owner_current_created_idx). */
const currentLicencesOf = (ownerSid: string) =>
  and(eq(licences.ownerSid, ownerSid), isNull(licences.supersededByCertNo));

export function listCompanyLicences(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({ licence: licences, position: positionAt(licences.createdAt) })
    .from(licences)
    .where(
      and(
        currentLicencesOf(ownerSid),
        page.after ? afterPosition(licences.createdAt, licences.sid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(licences.createdAt, licences.sid))
    .limit(page.limit);
}

export function countCompanyLicences(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(licences)
      .where(currentLicencesOf(ownerSid)),
    limit,
  );
}

/** The company's custom design demands, newest first (demands_owner_idx). */
export function listCompanyDemands(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({ demand: demands, position: positionAt(demands.createdAt) })
    .from(demands)
    .where(
      and(
        eq(demands.ownerSid, ownerSid),
        page.after ? afterPosition(demands.createdAt, demands.sid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(demands.createdAt, demands.sid))
    .limit(page.limit);
}

export function countCompanyDemands(db: DbOrTx, ownerSid: string, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(demands)
      .where(eq(demands.ownerSid, ownerSid)),
    limit,
  );
}
