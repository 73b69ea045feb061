import {
  ADMIN_COMPANY_API,
  ADMIN_PRIVACY_API,
  ErrorCode,
  PRIVACY_API,
  PRIVACY_TEXT_MAX,
  type TPrivacyRequestCreate,
  endpointUrl,
} from '@gemstock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  boardComments,
  boardItems,
  boards,
  boardShares,
  invoices,
  licences,
  materialLikes,
  orders,
  outboxMessages,
  privacyRequests,
  users,
} from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { privacyDueAt } from '../../src/modules/privacy/privacy.service.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { DEFAULT_PASSWORD, login, registerBuyer, uniqueEmail, uniqueMobile } from '../helpers/accounts.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createSubAccount, fundWallet, insertPaidOrder, TEST_COMPANY } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * Personal-information requests under PIPL (decision 0043): a user asks for a copy, a correction
 * or the deletion of the account; the operators' queue (role service) answers within 15 working
 * days; the copy is a zip of JSON and CSV; a deletion anonymises and keeps the books.
 */

let t: TestApp;
let service: TestOperator;
let content: TestOperator;
let passwordHash: string;

beforeAll(async () => {
  t = await buildTestApp();
  service = await createTestOperator(t, '客服', ['service']);
  content = await createTestOperator(t, '内容运营', ['content']);
  passwordHash = await hashPassword(DEFAULT_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

interface Person extends TestBuyer {
  email: string;
  mobile: string;
}

let companyCounter = 0;
async function mainAccount(): Promise<Person> {
  companyCounter += 1;
  const email = uniqueEmail('privacy');
  const mobile = uniqueMobile();
  const buyer = await createBuyer(t, {
    ...TEST_COMPANY,
    company: `${TEST_COMPANY.company}${companyCounter}`,
    email,
    mobile,
    name: '王小明',
    passwordHash,
    agreedTermsAt: new Date('2026-01-05T02:00:00Z'),
    adultConfirmedAt: new Date('2026-01-05T02:00:00Z'),
  });
  return { ...buyer, email, mobile };
}

function paidOrder(ownerSid: string, userSid = ownerSid) {
  return insertPaidOrder(t, { ownerSid, userSid });
}

function ask(buyer: TestBuyer, body: TPrivacyRequestCreate) {
  return injectApi(t, PRIVACY_API.create, { token: buyer.token, body });
}

/** A board of the company with one material and a comment from each author given, and a live share link. */
async function boardWithComments(ownerSid: string, authors: { sid: string; body: string }[]) {
  const boardSid = newSid();
  const material = await insertMaterial(t, { keywords: ['手镯'] });
  await t.database.db.insert(boards).values({ sid: boardSid, ownerSid, creatorSid: ownerSid, name: `候选${boardSid}` });
  await t.database.db
    .insert(boardItems)
    .values({ boardSid, materialSid: material.sid, spec: 2, position: 1024, addedBy: ownerSid });
  await t.database.db
    .insert(boardComments)
    .values(
      authors.map((a) => ({ sid: newSid(), boardSid, materialSid: material.sid, authorSid: a.sid, body: a.body })),
    );
  await t.database.db.insert(boardShares).values({ token: newSid(32), boardSid, createdBy: ownerSid });
  return { boardSid, materialSid: material.sid };
}

const commentsOf = async (authorSid: string) =>
  (await t.database.db.select().from(boardComments).where(eq(boardComments.authorSid, authorSid))).map((c) => c.body);

async function outboxTo(address: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, address))
    .orderBy(desc(outboxMessages.id));
}

describe('the deadline: 15 working days, China time, public holidays', () => {
  it('skips 中秋 and 国庆 2026 and counts the 调休 Saturday', () => {
    // Thursday 24 September 2026, 10:00 in China. 25–27 Sep and 1–7 Oct are off; Sat 10 Oct is worked.
    const due = privacyDueAt(new Date('2026-09-24T02:00:00Z'));
    expect(due.toISOString()).toBe('2026-10-22T16:00:00.000Z'); // 24:00 of Thursday 22 October, China time
  });

  it('counts from the China date: 23:30 on a Friday in UTC is already Saturday in China', () => {
    // Friday 2026-03-06 16:30 UTC = Saturday 00:30 China time: the count starts on Monday 9 March.
    const due = privacyDueAt(new Date('2026-03-06T16:30:00Z'));
    expect(due.toISOString()).toBe('2026-03-27T16:00:00.000Z');
  });

  it('a request carries that deadline, and the queue shows it', async () => {
    const buyer = await mainAccount();
    const res = await ask(buyer, { kind: 'COPY' });
    expect(res.code).toBe(0);
    expect(res.data.dueAt).toBe(privacyDueAt(new Date(res.data.createdAt)).toISOString());
    expect(res.data.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const queue = await injectApi(t, ADMIN_PRIVACY_API.list, { token: service.token, query: { kind: 'COPY' } });
    const shown = queue.data.requests.find((r) => r.sid === res.data.sid)!;
    expect(shown.dueAt).toBe(res.data.dueAt);
    expect(shown.overdue).toBe(false);
  });

  it('a waiting request past its due time is overdue in the queue; an answered one is not', async () => {
    const buyer = await mainAccount();
    const res = await ask(buyer, { kind: 'CORRECTION', detail: '手机号填错了' });
    await t.database.db
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(privacyRequests.sid, res.data.sid));
    const queue = await injectApi(t, ADMIN_PRIVACY_API.list, {
      token: service.token,
      query: { status: 'PENDING', kind: 'CORRECTION' },
    });
    expect(queue.data.requests[0]?.sid).toBe(res.data.sid); // the most urgent first
    expect(queue.data.requests[0]?.overdue).toBe(true);
  });
});

describe('POST /api/user/privacy_requests', () => {
  it('a second waiting request of the same kind is refused (4341) and nothing is added; another kind is taken', async () => {
    const buyer = await mainAccount();
    expect((await ask(buyer, { kind: 'COPY' })).code).toBe(0);
    const again = await ask(buyer, { kind: 'COPY' });
    expect(again.code).toBe(ErrorCode.PRIVACY_REQUEST_OPEN.code);
    expect(again.message).toContain('同类');
    expect((await ask(buyer, { kind: 'CORRECTION', detail: '公司地址变了' })).code).toBe(0);
    const mine = await injectApi(t, PRIVACY_API.list, { token: buyer.token });
    expect(mine.data.requests.map((r) => r.kind).sort()).toEqual(['COPY', 'CORRECTION']);
    expect(mine.data.requests.every((r) => r.status === 'PENDING')).toBe(true);
  });

  it('a correction needs the text of what is wrong; text too long is refused out loud, never cut', async () => {
    const buyer = await mainAccount();
    const empty = await ask(buyer, { kind: 'CORRECTION', detail: '   ' });
    expect(empty.code).toBe(ErrorCode.VALIDATION.code);
    expect(empty.message).toContain('请填写需要更正的内容');
    const long = await ask(buyer, { kind: 'CORRECTION', detail: '错'.repeat(PRIVACY_TEXT_MAX + 1) });
    expect(long.code).toBe(ErrorCode.VALIDATION.code);
    const bad = await t.call({
      method: 'POST',
      url: endpointUrl(PRIVACY_API.create),
      token: buyer.token,
      payload: { kind: 'EVERYTHING' },
    });
    expect(bad.code).toBe(ErrorCode.VALIDATION.code);
    const rows = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.userSid, buyer.sid));
    expect(rows).toHaveLength(0);
  });

  it('needs a signed-in account', async () => {
    const res = await t.call({ method: 'POST', url: endpointUrl(PRIVACY_API.create), payload: { kind: 'COPY' } });
    expect(res.code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });
});

describe('the copy of the data', () => {
  it('the operator produces it; the user downloads a zip of JSON and CSV (BOM) of the account only', async () => {
    const buyer = await mainAccount();
    const sub = await createSubAccount(t, buyer.sid);
    const other = await mainAccount();
    const order = await paidOrder(buyer.sid, sub.sid);
    await paidOrder(other.sid);
    const material = await insertMaterial(t, { keywords: ['钻戒'] });
    await t.database.db.insert(materialLikes).values({ userSid: buyer.sid, materialSid: material.sid });
    await t.database.db.insert(licences).values({
      sid: newSid(),
      certNo: `GS${newSid(10).toUpperCase()}`,
      ownerSid: buyer.sid,
      buyerSid: sub.sid,
      orderSid: order.sid,
      materialSid: material.sid,
      spec: 1,
    });

    const board = await boardWithComments(buyer.sid, [
      { sid: buyer.sid, body: '客户喜欢这款' },
      { sid: sub.sid, body: '子账号的意见' },
    ]);

    const asked = await ask(buyer, { kind: 'COPY', detail: '请提供全部数据' });
    const notYet = await injectApi(t, PRIVACY_API.archive, { token: buyer.token, params: { id: asked.data.sid } });
    expect(notYet.code).toBe(ErrorCode.PRIVACY_ARCHIVE_NOT_READY.code);

    const produced = await injectApi(t, ADMIN_PRIVACY_API.produce, {
      token: service.token,
      params: { id: asked.data.sid },
    });
    expect(produced.code).toBe(0);
    expect(produced.data.status).toBe('DONE');
    expect(produced.data.archiveExpiresAt).not.toBeNull();

    const link = await injectApi(t, PRIVACY_API.archive, { token: buyer.token, params: { id: asked.data.sid } });
    expect(link.code).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    const names = Object.keys(entries);
    for (const part of [
      'profile',
      'company',
      'sub_accounts',
      'orders',
      'licences',
      'invoices',
      'wallet_ledger',
      'likes',
      'board_comments',
      'demands',
      'downloads',
      'consents',
    ]) {
      expect(names).toContain(`${part}.json`);
      expect(names).toContain(`${part}.csv`);
    }
    expect(names).toContain('README.txt');
    expect(strFromU8(entries['README.txt']!)).toContain('个人信息保护法');

    const profile = JSON.parse(strFromU8(entries['profile.json']!)) as Record<string, unknown>[];
    expect(profile).toEqual([expect.objectContaining({ sid: buyer.sid, email: buyer.email, mobile: buyer.mobile })]);
    const ordersJson = JSON.parse(strFromU8(entries['orders.json']!)) as { order_no: string; price_cents: number }[];
    expect(ordersJson.map((o) => o.order_no)).toEqual([order.orderNo]); // the other company's order is not there
    expect(ordersJson[0]!.price_cents).toBe(39_800);
    const subs = JSON.parse(strFromU8(entries['sub_accounts.json']!)) as { sid: string }[];
    expect(subs.map((s) => s.sid)).toEqual([sub.sid]);
    expect(JSON.parse(strFromU8(entries['likes.json']!))).toEqual([
      expect.objectContaining({ material_sid: material.sid }),
    ]);
    // Only the words the account wrote itself, with the board they are on.
    expect(JSON.parse(strFromU8(entries['board_comments.json']!))).toEqual([
      expect.objectContaining({ board_sid: board.boardSid, material_sid: board.materialSid, body: '客户喜欢这款' }),
    ]);
    expect(JSON.parse(strFromU8(entries['consents.json']!))).toHaveLength(2);

    const csv = entries['orders.csv']!;
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads the Chinese
    expect(strFromU8(csv)).toContain(order.orderNo);
    expect(strFromU8(csv)).toContain('素材授权订单');
    const everything = Object.values(entries)
      .map((e) => strFromU8(e))
      .join('\n');
    expect(everything).not.toContain(passwordHash);
    expect(everything).not.toContain('password');

    const [notice] = await outboxTo(buyer.email);
    expect(notice?.text).toContain('个人信息副本已生成');
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'privacy.produce'), eq(auditLogs.entitySid, asked.data.sid)));
    expect(audit?.operatorSid).toBe(service.sid);

    // The operator may fetch it too; producing twice is refused, nothing changed.
    expect(
      (await injectApi(t, ADMIN_PRIVACY_API.archive, { token: service.token, params: { id: asked.data.sid } })).code,
    ).toBe(0);
    const twice = await injectApi(t, ADMIN_PRIVACY_API.produce, {
      token: service.token,
      params: { id: asked.data.sid },
    });
    expect(twice.code).toBe(ErrorCode.PRIVACY_REQUEST_CLOSED.code);
  });

  it("another account can neither read nor download someone's copy", async () => {
    const owner = await mainAccount();
    const stranger = await mainAccount();
    const asked = await ask(owner, { kind: 'COPY' });
    await injectApi(t, ADMIN_PRIVACY_API.produce, { token: service.token, params: { id: asked.data.sid } });
    const res = await injectApi(t, PRIVACY_API.archive, { token: stranger.token, params: { id: asked.data.sid } });
    expect(res.code).toBe(ErrorCode.PRIVACY_REQUEST_NOT_FOUND.code);
    const theirs = await injectApi(t, PRIVACY_API.list, { token: stranger.token });
    expect(theirs.data.requests.map((r) => r.sid)).not.toContain(asked.data.sid);
  });

  it('once the download period is over the link is refused (4348)', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'COPY' });
    await injectApi(t, ADMIN_PRIVACY_API.produce, { token: service.token, params: { id: asked.data.sid } });
    await t.database.db
      .update(privacyRequests)
      .set({ archiveExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyRequests.sid, asked.data.sid));
    const res = await injectApi(t, PRIVACY_API.archive, { token: buyer.token, params: { id: asked.data.sid } });
    expect(res.code).toBe(ErrorCode.PRIVACY_ARCHIVE_EXPIRED.code);

    // The retention pass removes the file and forgets its key.
    const [before] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.sid, asked.data.sid));
    expect(await t.app.deps.storage.stat(before!.archiveKey!)).not.toBeNull();
    expect(await t.app.services.privacy.purgeExpiredArchives()).toBeGreaterThanOrEqual(1);
    expect(await t.app.deps.storage.stat(before!.archiveKey!)).toBeNull();
    const [after] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.sid, asked.data.sid));
    expect(after?.archiveKey).toBeNull();
    expect(after?.status).toBe('DONE');
  });
});

describe('who may work the queue', () => {
  it('buyers and operators of other roles are refused; service and admin may', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'CORRECTION', detail: '姓名错了' });
    const asBuyer = await t.call({ method: 'GET', url: endpointUrl(ADMIN_PRIVACY_API.list), token: buyer.token });
    expect(asBuyer.code).not.toBe(0);
    const asContent = await injectApi(t, ADMIN_PRIVACY_API.correct, {
      token: content.token,
      params: { id: asked.data.sid },
      body: { note: '已改' },
    });
    expect(asContent.code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
    const admin = await createTestOperator(t, '管理员', ['admin']);
    expect((await injectApi(t, ADMIN_PRIVACY_API.list, { token: admin.token, query: {} })).code).toBe(0);
    const row = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.sid, asked.data.sid));
    expect(row[0]?.status).toBe('PENDING');
  });
});

describe('correction and refusal', () => {
  it('the operator marks a correction done with a note; the user sees it and is told', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'CORRECTION', detail: '姓名应为王晓明' });
    const wrong = await injectApi(t, ADMIN_PRIVACY_API.produce, {
      token: service.token,
      params: { id: asked.data.sid },
    });
    expect(wrong.code).toBe(ErrorCode.PRIVACY_WRONG_KIND.code);
    const done = await injectApi(t, ADMIN_PRIVACY_API.correct, {
      token: service.token,
      params: { id: asked.data.sid },
      body: { note: '已将姓名更正为王晓明' },
    });
    expect(done.code).toBe(0);
    expect(done.data.status).toBe('DONE');
    const mine = await injectApi(t, PRIVACY_API.list, { token: buyer.token });
    expect(mine.data.requests[0]).toMatchObject({ status: 'DONE', resolution: '已将姓名更正为王晓明' });
    expect((await outboxTo(buyer.email))[0]?.text).toContain('已将姓名更正为王晓明');
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'privacy.correct'), eq(auditLogs.entitySid, asked.data.sid)));
    expect(audit).toBeDefined();
  });

  it('a refusal needs a reason, is final, and lets the user ask again', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'COPY' });
    const noReason = await injectApi(t, ADMIN_PRIVACY_API.refuse, {
      token: service.token,
      params: { id: asked.data.sid },
      body: { reason: ' ' },
    });
    expect(noReason.code).toBe(ErrorCode.VALIDATION.code);
    const refused = await injectApi(t, ADMIN_PRIVACY_API.refuse, {
      token: service.token,
      params: { id: asked.data.sid },
      body: { reason: '无法核实申请人身份' },
    });
    expect(refused.data.status).toBe('REFUSED');
    const again = await injectApi(t, ADMIN_PRIVACY_API.refuse, {
      token: service.token,
      params: { id: asked.data.sid },
      body: { reason: '重复' },
    });
    expect(again.code).toBe(ErrorCode.PRIVACY_REQUEST_CLOSED.code);
    expect((await ask(buyer, { kind: 'COPY' })).code).toBe(0);
  });

  it('an unknown request is 4340', async () => {
    const res = await injectApi(t, ADMIN_PRIVACY_API.refuse, {
      token: service.token,
      params: { id: newSid() },
      body: { reason: '无' },
    });
    expect(res.code).toBe(ErrorCode.PRIVACY_REQUEST_NOT_FOUND.code);
  });
});

describe('deletion of the account', () => {
  it('is explained and refused while an order is unpaid (4344), and while the wallet holds money not given up (4345)', async () => {
    const buyer = await mainAccount();
    const unpaid = await paidOrder(buyer.sid);
    await t.database.db.update(orders).set({ status: 'CREATED' }).where(eq(orders.sid, unpaid.sid));
    const check = await injectApi(t, PRIVACY_API.deletionCheck, { token: buyer.token });
    expect(check.data.blockers).toEqual([expect.stringContaining('1 个未支付的订单')]);
    const blocked = await ask(buyer, { kind: 'DELETION' });
    expect(blocked.code).toBe(ErrorCode.PRIVACY_DELETION_BLOCKED.code);
    expect(blocked.message).toContain('1 个未支付的订单');

    await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.sid, unpaid.sid));
    await fundWallet(t, buyer.sid, 69_900);
    const money = await ask(buyer, { kind: 'DELETION' });
    expect(money.code).toBe(ErrorCode.PRIVACY_BALANCE_NOT_FORFEITED.code);
    expect(money.message).toContain('699');
    const rows = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.userSid, buyer.sid));
    expect(rows).toHaveLength(0);

    const given = await ask(buyer, { kind: 'DELETION', forfeitBalance: true });
    expect(given.code).toBe(0);
    const queue = await injectApi(t, ADMIN_PRIVACY_API.list, { token: service.token, query: { kind: 'DELETION' } });
    expect(queue.data.requests.find((r) => r.sid === given.data.sid)?.forfeitedBalanceCents).toBe(69_900);
  });

  it('anonymises the company and its sub-accounts, ends sessions, keeps orders and invoices, frees the address', async () => {
    const buyer = await mainAccount();
    const sub = await createSubAccount(t, buyer.sid);
    const order = await paidOrder(buyer.sid);
    const invoiceSid = newSid();
    await t.database.db.insert(invoices).values({
      sid: invoiceSid,
      ownerSid: buyer.sid,
      requestedBySid: buyer.sid,
      type: 'ORDINARY',
      title: '上海鑫鎏珠宝有限公司',
      taxpayerNumber: TEST_COMPANY.companyLicense,
      amountCents: 39_800,
      status: 'ISSUED',
      dueAt: new Date(),
      issuedAt: new Date(),
    });
    const material = await insertMaterial(t, { keywords: ['项链'] });
    await t.database.db.insert(materialLikes).values({ userSid: buyer.sid, materialSid: material.sid });
    const board = await boardWithComments(buyer.sid, [
      { sid: buyer.sid, body: '主账号的意见' },
      { sid: sub.sid, body: '子账号的意见' },
    ]);
    const orderBefore = (await t.database.db.select().from(orders).where(eq(orders.sid, order.sid)))[0];
    const invoiceBefore = (await t.database.db.select().from(invoices).where(eq(invoices.sid, invoiceSid)))[0];
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(0);

    const asked = await ask(buyer, { kind: 'DELETION' });
    expect(asked.code).toBe(0);
    const preview = await injectApi(t, ADMIN_PRIVACY_API.deletionPreview, {
      token: service.token,
      params: { id: asked.data.sid },
    });
    expect(preview.data.blockers).toEqual([]);
    expect(preview.data.accounts).toHaveLength(2);
    expect(preview.data.kept.join()).toContain('订单');
    expect(preview.data.removed.join()).toContain('手机号');

    const erased = await injectApi(t, ADMIN_PRIVACY_API.erase, {
      token: service.token,
      params: { id: asked.data.sid },
    });
    expect(erased.code).toBe(0);
    expect(erased.data.status).toBe('DONE');
    expect(erased.data.account).toBe('已注销');

    const [main] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(main).toMatchObject({
      email: null,
      mobile: null,
      username: null,
      name: '已注销用户',
      enabled: false,
      companyAddress: null,
    });
    expect(main?.company).toContain(TEST_COMPANY.company); // the business's name stays, as on its invoices
    const [subRow] = await t.database.db.select().from(users).where(eq(users.sid, sub.sid));
    expect(subRow).toMatchObject({ username: null, name: '已注销用户', enabled: false });
    expect(await t.database.db.select().from(orders).where(eq(orders.sid, order.sid))).toEqual([orderBefore]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.sid, invoiceSid))).toEqual([invoiceBefore]);
    expect(await t.database.db.select().from(materialLikes).where(eq(materialLikes.userSid, buyer.sid))).toEqual([]);
    // The company ends: its boards go, with their materials, comments and share links.
    expect(await t.database.db.select().from(boards).where(eq(boards.sid, board.boardSid))).toEqual([]);
    expect(await t.database.db.select().from(boardItems).where(eq(boardItems.boardSid, board.boardSid))).toEqual([]);
    expect(await t.database.db.select().from(boardShares).where(eq(boardShares.boardSid, board.boardSid))).toEqual([]);
    expect([...(await commentsOf(buyer.sid)), ...(await commentsOf(sub.sid))]).toEqual([]);

    // Signed out, cannot sign in, and told at the old address.
    const me = await injectApi(t, PRIVACY_API.list, { token: buyer.token });
    expect(me.code).not.toBe(0);
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(
      ErrorCode.INVALID_CREDENTIALS.code,
    );
    expect((await outboxTo(buyer.email))[0]?.text).toContain('账号已按您的申请注销');

    // The console cannot turn a deleted account (or its sub-accounts) on again: its data is gone.
    for (const account of [buyer.sid, sub.sid]) {
      const enabled = await injectApi(t, ADMIN_COMPANY_API.enableAccount, {
        token: service.token,
        params: { id: account },
      });
      expect(enabled.code).toBe(ErrorCode.ACCOUNT_ERASED.code);
      expect(enabled.message).toBe('该账号已按用户申请注销，个人信息已删除，不能重新启用');
    }
    const [stillOff] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(stillOff?.enabled).toBe(false);
    // The console is told, so that it shows 已注销 and offers no 启用 it would refuse.
    const detail = await injectApi(t, ADMIN_COMPANY_API.detail, { token: service.token, params: { id: buyer.sid } });
    expect(detail.data.company).toMatchObject({ enabled: false, erased: true });
    const listed = await injectApi(t, ADMIN_COMPANY_API.accounts, { token: service.token, params: { id: buyer.sid } });
    expect(listed.data.items.map((a) => [a.sid, a.enabled, a.erased])).toEqual([[sub.sid, false, true]]);

    // The e-mail is free to register again, as a new account.
    const again = await registerBuyer(t, { email: buyer.email });
    expect(again.sid).not.toBe(buyer.sid);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'privacy.erase'), eq(auditLogs.entitySid, asked.data.sid)));
    expect(audit?.refs).toEqual(expect.arrayContaining([buyer.sid, sub.sid]));
  });

  it('a second deletion is refused (4346) and changes nothing', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'DELETION' });
    await injectApi(t, ADMIN_PRIVACY_API.erase, { token: service.token, params: { id: asked.data.sid } });
    const [afterFirst] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));

    const twice = await injectApi(t, ADMIN_PRIVACY_API.erase, { token: service.token, params: { id: asked.data.sid } });
    expect(twice.code).toBe(ErrorCode.PRIVACY_ACCOUNT_DELETED.code);
    // A second request for the same account (made before the first was carried out) is refused the same way.
    const secondSid = newSid();
    await t.database.db.insert(privacyRequests).values({
      sid: secondSid,
      userSid: buyer.sid,
      ownerSid: buyer.sid,
      kind: 'DELETION',
      dueAt: new Date(),
    });
    const other = await injectApi(t, ADMIN_PRIVACY_API.erase, { token: service.token, params: { id: secondSid } });
    expect(other.code).toBe(ErrorCode.PRIVACY_ACCOUNT_DELETED.code);
    const [afterSecond] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(afterSecond).toEqual(afterFirst);
    const [second] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.sid, secondSid));
    expect(second?.status).toBe('PENDING');
  });

  it('is refused when carried out while business became unfinished since the request', async () => {
    const buyer = await mainAccount();
    const asked = await ask(buyer, { kind: 'DELETION' });
    const order = await paidOrder(buyer.sid);
    await t.database.db.update(orders).set({ status: 'CREATED' }).where(eq(orders.sid, order.sid));
    const res = await injectApi(t, ADMIN_PRIVACY_API.erase, { token: service.token, params: { id: asked.data.sid } });
    expect(res.code).toBe(ErrorCode.PRIVACY_DELETION_BLOCKED.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(row?.email).toBe(buyer.email);
  });

  it("a sub-account's deletion covers only itself", async () => {
    const buyer = await mainAccount();
    const sub = await createSubAccount(t, buyer.sid);
    const board = await boardWithComments(buyer.sid, [
      { sid: buyer.sid, body: '主账号的意见' },
      { sid: sub.sid, body: '子账号的意见' },
    ]);
    const asked = await ask(sub, { kind: 'DELETION' });
    expect(asked.code).toBe(0);
    await injectApi(t, ADMIN_PRIVACY_API.erase, { token: service.token, params: { id: asked.data.sid } });
    // Its comments go; the company's board, and what others wrote on it, stay.
    expect(await commentsOf(sub.sid)).toEqual([]);
    expect(await commentsOf(buyer.sid)).toEqual(['主账号的意见']);
    expect(await t.database.db.select().from(boardItems).where(eq(boardItems.boardSid, board.boardSid))).toHaveLength(
      1,
    );
    const [main] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(main?.email).toBe(buyer.email);
    const [subRow] = await t.database.db.select().from(users).where(eq(users.sid, sub.sid));
    expect(subRow?.name).toBe('已注销用户');
  });
});
