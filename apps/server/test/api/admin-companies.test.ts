import { ADMIN_AUDIT_API, ADMIN_COMPANY_API, ErrorCode, InvoiceType, USER_API, endpointUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { demands, invoices, users } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { DEFAULT_PASSWORD, login, uniqueMobile } from '../helpers/accounts.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: TestOperator;
let service: TestOperator;
let content: TestOperator;
let finance: TestOperator;
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestOperator(t, '王管理');
  service = await createTestOperator(t, '赵客服', ['service']);
  content = await createTestOperator(t, '钱内容', ['content']);
  finance = await createTestOperator(t, '孙财务', ['finance']);
  passwordHash = await hashPassword(DEFAULT_PASSWORD);
});
afterAll(async () => t.close());

interface Company {
  main: TestBuyer & { mobile: string };
  sub: TestBuyer & { username: string };
}

/** A company that can sign in: a main account (by mobile) and one sub-account (by username). */
async function createCompany(company: string, license = `91440300MA5X${String(++counter).padStart(6, '0')}`) {
  const mobile = uniqueMobile();
  const main = await createBuyer(t, { mobile, passwordHash, company, companyLicense: license, name: '林经理' });
  const username = `buyer${newSid(6)}`;
  const sub = await createBuyer(t, {
    level: 1,
    parentSid: main.sid,
    username,
    passwordHash,
    email: null,
    name: '小周',
  });
  return { main: { ...main, mobile }, sub: { ...sub, username } } satisfies Company;
}

const list = (q: string | undefined, token = service.token, extra: { cursor?: string; page_size?: number } = {}) =>
  injectApi(t, ADMIN_COMPANY_API.list, { query: { ...(q === undefined ? {} : { q }), ...extra }, token });

const signInMain = (c: Company) => login(t, { mobile: c.main.mobile, password: DEFAULT_PASSWORD });
const signInSub = (c: Company) => login(t, { username: c.sub.username, password: DEFAULT_PASSWORD });
const whoAmI = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: endpointUrl(USER_API.me), headers: { authorization: `Bearer ${token}` } });

describe('finding a company (企业客户)', () => {
  let acme: Company;

  beforeAll(async () => {
    acme = await createCompany('深圳市宝石星辰珠宝有限公司', '91440300MA5FINDME1');
  });

  it('finds it by part of its name, by any account’s mobile, e-mail or username, and by taxpayer number', async () => {
    const [mainRow] = await t.database.db.select().from(users).where(eq(users.sid, acme.main.sid));
    for (const q of [
      '宝石星辰',
      acme.main.mobile,
      mainRow!.email!.toUpperCase(),
      acme.sub.username,
      '91440300ma5findme1',
    ]) {
      const res = await list(q);
      expect(res.code, q).toBe(0);
      expect(
        res.data.companies.map((c) => c.sid),
        q,
      ).toEqual([acme.main.sid]);
    }
    const found = (await list('宝石星辰')).data;
    expect(found).toMatchObject({ total: 1, totalCapped: false, nextCursor: null });
    expect(found.companies[0]).toMatchObject({
      company: '深圳市宝石星辰珠宝有限公司',
      license: '91440300MA5FINDME1',
      mobile: acme.main.mobile,
      enabled: true,
    });
  });

  it('answers an empty list for a term nothing matches, and takes % literally', async () => {
    expect((await list('没有这家公司')).data).toMatchObject({ total: 0, companies: [], nextCursor: null });
    expect((await list('%')).data.companies).toEqual([]);
  });

  it('pages newest first by cursor, every company once', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push((await createCompany(`翠玉分页测试公司${i}`)).main.sid);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await list('翠玉分页测试', service.token, { page_size: 2, ...(cursor ? { cursor } : {}) });
      expect(res.code).toBe(0);
      expect(res.data.total).toBe(5);
      seen.push(...res.data.companies.map((c) => c.sid));
      cursor = res.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses a search longer than 64 characters with a Chinese message', async () => {
    const res = await list('宝'.repeat(65));
    expect(res.code).toBe(ErrorCode.VALIDATION.code);
    expect(res.message).toContain('公司名称');
  });
});

describe("a company's tabs", () => {
  let acme: Company;
  let paidOrderSid: string;

  beforeAll(async () => {
    acme = await createCompany('杭州金镶玉首饰有限公司');
    await fundWallet(t, acme.main.sid, 100_000);
    const [material] = await createMaterials(t, 1);
    const order = await placeOrder(t, acme.main, { [material!.sid]: 2 });
    const paid = await payByWallet(t, acme.main, order.sid);
    expect(paid.code).toBe(0);
    paidOrderSid = order.sid;
    await t.database.db.insert(invoices).values({
      sid: newSid(),
      ownerSid: acme.main.sid,
      requestedBySid: acme.main.sid,
      type: InvoiceType.ORDINARY,
      title: '杭州金镶玉首饰有限公司',
      taxpayerNumber: '91330100MA2XXXXX1X',
      amountCents: 29_800,
      dueAt: new Date(Date.now() + 86_400_000 * 14),
    });
    await t.database.db
      .insert(demands)
      .values({ sid: newSid(), userSid: acme.sub.sid, ownerSid: acme.main.sid, tier: 'advanced' });
  });

  it('shows the company with its wallet balance', async () => {
    const res = await injectApi(t, ADMIN_COMPANY_API.detail, { params: { id: acme.main.sid }, token: service.token });
    expect(res.code).toBe(0);
    expect(res.data.company).toMatchObject({
      sid: acme.main.sid,
      company: '杭州金镶玉首饰有限公司',
      isVip: true,
      erased: false,
    });
    expect(res.data.company.walletBalance).toBeLessThan(100_000);
    expect(res.data.company.walletBalance).toBeGreaterThan(0);
  });

  it('lists its sub-accounts, orders, invoices, wallet ledger, licences and demands', async () => {
    const accounts = await injectApi(t, ADMIN_COMPANY_API.accounts, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(accounts.data.items.map((a) => [a.username, a.erased])).toEqual([[acme.sub.username, false]]);

    const orders = await injectApi(t, ADMIN_COMPANY_API.orders, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(orders.data.items.map((o) => o.sid)).toContain(paidOrderSid);
    expect(orders.data.items.find((o) => o.sid === paidOrderSid)).toMatchObject({ status: 'PAYED', buyer: '林经理' });

    const invoiceList = await injectApi(t, ADMIN_COMPANY_API.invoices, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(invoiceList.data).toMatchObject({
      total: 1,
      items: [{ title: '杭州金镶玉首饰有限公司', amountCents: 29_800 }],
    });

    const ledger = await injectApi(t, ADMIN_COMPANY_API.ledger, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(ledger.data.items.map((e) => e.amountCents).reduce((a, b) => a + b, 0)).toBe(
      (await injectApi(t, ADMIN_COMPANY_API.detail, { params: { id: acme.main.sid }, token: service.token })).data
        .company.walletBalance,
    );
    expect(ledger.data.items[0]?.orderSid).toBe(paidOrderSid);

    const licences = await injectApi(t, ADMIN_COMPANY_API.licences, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(licences.data.items).toHaveLength(1);
    expect(licences.data.items[0]).toMatchObject({ orderSid: paidOrderSid, spec: 2, revokedAt: null });

    const demandList = await injectApi(t, ADMIN_COMPANY_API.demands, {
      params: { id: acme.main.sid },
      token: service.token,
    });
    expect(demandList.data).toMatchObject({ total: 1, items: [{ tier: 'advanced' }] });
  });

  it('pages the ledger by its own cursor', async () => {
    const first = await injectApi(t, ADMIN_COMPANY_API.ledger, {
      params: { id: acme.main.sid },
      query: { page_size: 1 },
      token: service.token,
    });
    expect(first.data.total).toBe(2);
    const second = await injectApi(t, ADMIN_COMPANY_API.ledger, {
      params: { id: acme.main.sid },
      query: { page_size: 1, cursor: first.data.nextCursor! },
      token: service.token,
    });
    expect(second.data.items[0]!.id).toBeLessThan(first.data.items[0]!.id);
    expect(second.data.nextCursor).toBeNull();
  });

  it('answers 2008 for an id that is no company (a sub-account, an unknown sid) on every tab', async () => {
    for (const sid of [acme.sub.sid, newSid()]) {
      const asked = { params: { id: sid }, token: service.token };
      expect((await injectApi(t, ADMIN_COMPANY_API.detail, asked)).code).toBe(ErrorCode.ACCOUNT_NOT_FOUND.code);
      expect((await injectApi(t, ADMIN_COMPANY_API.orders, asked)).code).toBe(ErrorCode.ACCOUNT_NOT_FOUND.code);
      expect((await injectApi(t, ADMIN_COMPANY_API.ledger, asked)).code).toBe(ErrorCode.ACCOUNT_NOT_FOUND.code);
    }
  });
});

describe('who may', () => {
  it('lets 客服 and 管理员 find companies and disable accounts; 内容 and 财务 are refused (2050)', async () => {
    const c = await createCompany('广州角色测试珠宝有限公司');
    for (const op of [content, finance]) {
      expect((await list(undefined, op.token)).code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
      const detail = await injectApi(t, ADMIN_COMPANY_API.detail, { params: { id: c.main.sid }, token: op.token });
      expect(detail.code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
      const disable = await injectApi(t, ADMIN_COMPANY_API.disableAccount, {
        params: { id: c.sub.sid },
        body: { reason: '测试' },
        token: op.token,
      });
      expect(disable.code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.sid, c.sub.sid));
    expect(row!.enabled).toBe(true);
    expect((await list(undefined, admin.token)).code).toBe(0);
    expect((await list(undefined, service.token)).code).toBe(0);
  });

  it('refuses a buyer token', async () => {
    const c = await createCompany('买家越权测试有限公司');
    expect((await list(undefined, c.main.token)).code).not.toBe(0);
  });
});

describe('disabling and enabling an account', () => {
  const disable = (sid: string, reason: unknown, token = service.token) =>
    t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_COMPANY_API.disableAccount, { params: { id: sid } }),
      payload: { reason },
      token,
    });
  const enable = (sid: string, token = service.token) =>
    injectApi(t, ADMIN_COMPANY_API.enableAccount, { params: { id: sid }, token });
  const auditOf = async (sid: string) =>
    (await injectApi(t, ADMIN_AUDIT_API.list, { query: { q: sid }, token: admin.token })).data.entries;

  it('needs a reason: without one nothing changes', async () => {
    const c = await createCompany('原因必填测试有限公司');
    for (const reason of [undefined, '', '   ', '因'.repeat(201)]) {
      const res = await disable(c.main.sid, reason);
      expect(res.code).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toContain('停用原因');
    }
    expect((await whoAmI(c.main.token)).statusCode).toBe(200);
    expect(await auditOf(c.main.sid)).toEqual([]);
  });

  it('ends a main account’s sessions and its sub-accounts’ at once, on every server, and refuses their sign-in', async () => {
    const c = await createCompany('停用测试珠宝有限公司');
    const mainToken = (await signInMain(c)).data.access_token;
    const subToken = (await signInSub(c)).data.access_token;
    expect((await whoAmI(mainToken)).statusCode).toBe(200);
    expect((await whoAmI(subToken)).statusCode).toBe(200);

    // A second server on the same database, which never sees the disabling request.
    const mediaDir = mkdtempSync(join(tmpdir(), 'gemstock-media-'));
    const other = await buildApp({
      config: t.config,
      db: t.database.db,
      messages: new DevOutboxSender(t.database.db),
      storage: new LocalDiskStorage(mediaDir),
      logger: false,
    });
    await other.ready();
    try {
      expect((await whoAmI(mainToken, other)).statusCode).toBe(200);

      const res = await disable(c.main.sid, '企业要求暂停使用');
      expect(res.code).toBe(0);
      expect(res.data).toEqual({ sid: c.main.sid, enabled: false });

      for (const app of [t.app, other]) {
        for (const token of [mainToken, subToken]) {
          const refused = await whoAmI(token, app);
          expect(refused.json().code).toBe(ErrorCode.TOKEN_EXPIRED.code);
        }
      }
    } finally {
      await other.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }

    const mainSignIn = await signInMain(c);
    expect(mainSignIn.code).toBe(ErrorCode.ACCOUNT_DISABLED.code);
    expect(mainSignIn.message).toContain('停用');
    expect((await signInSub(c)).code).toBe(ErrorCode.PARENT_ACCOUNT_DISABLED.code);

    const listed = await list(c.main.mobile);
    expect(listed.data.companies[0]).toMatchObject({ sid: c.main.sid, enabled: false });
  });

  it('records who disabled the company and why, once, and finds it by the company in the audit', async () => {
    const c = await createCompany('审计测试珠宝有限公司');
    expect((await disable(c.main.sid, '涉嫌账号共享')).code).toBe(0);
    // A repeat changes nothing and records nothing.
    expect((await disable(c.main.sid, '再次停用')).code).toBe(0);
    const entries = await auditOf(c.main.sid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operatorSid: service.sid,
      action: 'company.disable',
      entity: 'company',
      entitySid: c.main.sid,
      after: { enabled: false, reason: '涉嫌账号共享' },
    });
  });

  it('disables a sub-account alone, recorded as a user of the company', async () => {
    const c = await createCompany('子账号停用测试有限公司');
    const subToken = (await signInSub(c)).data.access_token;
    expect((await disable(c.sub.sid, '员工已离职')).code).toBe(0);
    expect((await whoAmI(subToken)).json().code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await signInSub(c)).code).toBe(ErrorCode.ACCOUNT_DISABLED.code);
    expect((await signInMain(c)).code).toBe(0);
    const entries = await auditOf(c.main.sid);
    expect(entries.map((e) => [e.action, e.entity, e.entitySid])).toEqual([['user.disable', 'user', c.sub.sid]]);
  });

  it('enables the account again: sign-in works, the sessions it had stay ended, and it is recorded', async () => {
    const c = await createCompany('重新启用测试有限公司');
    const oldMain = (await signInMain(c)).data.access_token;
    const oldSub = (await signInSub(c)).data.access_token;
    expect((await disable(c.main.sid, '核实身份中')).code).toBe(0);

    const res = await enable(c.main.sid);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ sid: c.main.sid, enabled: true });

    expect((await whoAmI(oldMain)).json().code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await whoAmI(oldSub)).json().code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    const mainAgain = await signInMain(c);
    expect(mainAgain.code).toBe(0);
    expect((await whoAmI(mainAgain.data.access_token)).statusCode).toBe(200);
    expect((await signInSub(c)).code).toBe(0);

    const entries = await auditOf(c.main.sid);
    expect(entries.map((e) => e.action)).toEqual(['company.enable', 'company.disable']);
  });

  it('answers 2008 for an account that does not exist', async () => {
    expect((await disable(newSid(), '测试')).code).toBe(ErrorCode.ACCOUNT_NOT_FOUND.code);
    expect((await enable(newSid())).code).toBe(ErrorCode.ACCOUNT_NOT_FOUND.code);
  });
});
