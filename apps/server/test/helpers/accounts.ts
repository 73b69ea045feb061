import type { TMeResponse, TTokenResponse } from '@gemstock/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/schema/index.js';
import type { ApiResult, TestApp } from './test-app.js';
import { USER_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from './inject-api.js';

/**
 * Accounts made through the real API: codes are read from the dev outbox, as a developer would.
 * Every helper call comes from its own client address so that per-address limits (login rate
 * limit, code caps) never trip by accident; tests of those limits pass `ip` themselves.
 */

let counter = 0;

export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function uniqueMobile(): string {
  counter += 1;
  return `13${String(counter % 1000).padStart(3, '0')}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

export const DEFAULT_PASSWORD = 'Passw0rd-123';

/** The newest code sent to an address, from the outbox table. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [row] = await t.database.db
    .select({ code: outboxMessages.code })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!row?.code) throw new Error(`no code in the outbox for ${to}`);
  return row.code;
}

export type Contact = { email: string } | { mobile: string };

export function targetOf(contact: Contact): string {
  return 'email' in contact ? contact.email : contact.mobile;
}

export function sendCode(
  t: TestApp,
  contact: Contact,
  purpose: 'register' | 'reset_password' | 'bind' = 'register',
  ip = nextIp(),
): Promise<ApiResult<{ resendAfter: number }>> {
  const endpoint = 'email' in contact ? USER_API.sendEmailCode : USER_API.sendMobileCode;
  return t.call({ method: 'POST', url: endpointUrl(endpoint), payload: { ...contact, purpose }, remoteAddress: ip });
}

/** Requests a code and returns it, failing loudly if the request was refused. */
export async function obtainCode(
  t: TestApp,
  contact: Contact,
  purpose: 'register' | 'reset_password' | 'bind' = 'register',
): Promise<string> {
  const res = await sendCode(t, contact, purpose);
  if (res.code !== 0) throw new Error(`send code failed: ${res.code} ${res.message}`);
  return latestCode(t, targetOf(contact));
}

/** Lets the next code be sent at once: the previous ones look older than the resend window. */
export async function ageCodes(t: TestApp, target: string, seconds: number): Promise<void> {
  await t.database.db.execute(
    sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}) where target = ${target}`,
  );
}

export interface Buyer {
  token: string;
  sid: string;
  email: string | null;
  mobile: string | null;
  password: string;
}

export async function registerBuyer(
  t: TestApp,
  options: { email?: string; mobile?: string; password?: string } = {},
): Promise<Buyer> {
  const contact: Contact = options.mobile ? { mobile: options.mobile } : { email: options.email ?? uniqueEmail() };
  const password = options.password ?? DEFAULT_PASSWORD;
  const code = await obtainCode(t, contact);
  const res = await injectApi(t, USER_API.register, {
    body: { ...contact, code, password, agreement: true, adult: true },
    remoteAddress: nextIp(),
  });
  if (res.code !== 0) throw new Error(`register failed: ${res.code} ${res.message}`);
  // Tests go on to ask for reset or bind codes for the same address straight away.
  await ageCodes(t, targetOf(contact), 61);
  const me = await injectApi(t, USER_API.me, { token: res.data.access_token });
  return {
    token: res.data.access_token,
    sid: me.data.user.sid,
    email: 'email' in contact ? contact.email : null,
    mobile: 'mobile' in contact ? contact.mobile : null,
    password,
  };
}

export function login(t: TestApp, payload: Record<string, unknown>, ip = nextIp()): Promise<ApiResult<TTokenResponse>> {
  return t.call<TTokenResponse>({ method: 'POST', url: endpointUrl(USER_API.login), payload, remoteAddress: ip });
}

export function me(t: TestApp, token: string): Promise<ApiResult<TMeResponse>> {
  return injectApi(t, USER_API.me, { token });
}

/** Row count of a table: bad input must leave the database as it was. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

/** Counts of the tables an account call may write to. */
export async function accountTableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = ['users', 'verification_codes', 'outbox_messages', 'operators'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(t, table);
  return counts;
}

export const COMPANY = {
  company: '深圳市宝图珠宝科技有限公司',
  company_license: '91440300MA5XXXXX13',
  company_address: '深圳市罗湖区水贝一路 8 号',
};
