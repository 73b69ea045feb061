import {
  ADMIN_DESIGN_API,
  ADMIN_DESIGN_FILE_PATH,
  chinaWorkingDaysDeadline,
  DESIGN_API,
  ORDER_API,
  type TAdminDemandDetails,
  type TOrder,
} from '@gemstock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  demands,
  designComments,
  designFiles,
  directUploads,
  outboxMessages,
  users,
} from '../../src/db/schema/index.js';
import { createTestOperator, makeJpeg, type TestOperator } from '../helpers/admin.js';
import { insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createSubAccount, fundWallet, payByWallet } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { uploadImage } from '../helpers/uploads.js';

let t: TestApp;
let ops: TestOperator;
let designer: TestOperator;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
  designer = await createTestOperator(t, '设计师小王');
  jpeg = await makeJpeg(800, 600);
});
afterAll(async () => t.close());

async function placeCustom(buyer: TestBuyer): Promise<TOrder> {
  const material = await insertMaterial(t, { keywords: ['定制', '钻戒'] });
  const res = await injectApi(t, ORDER_API.placeCustom, {
    token: buyer.token,
    body: { material: material.sid, source: null, product_key: null, logo_key: null, detail: { title: '新品上市' } },
  });
  expect(res.code).toBe(0);
  return res.data.order;
}

/** A paid advanced customization of a funded company: its demand is SUBMITTED. */
async function paidCustom(buyer: TestBuyer): Promise<{ order: TOrder; demandSid: string; paidAt: Date }> {
  await fundWallet(t, buyer.sid, 100_000);
  const order = await placeCustom(buyer);
  const paid = await payByWallet(t, buyer, order.sid);
  expect(paid.code).toBe(0);
  return { order, demandSid: order.demand!.sid, paidAt: new Date(paid.data.order.payTime!) };
}

function uploadFile(demandSid: string, body: Buffer, kind: 'draft' | 'final', contentType = 'image/jpeg') {
  return t.call<TAdminDemandDetails>({
    method: 'PUT',
    url: `${ADMIN_DESIGN_FILE_PATH.replace(':id', demandSid)}?kind=${kind}&name=${kind}.jpg`,
    token: ops.token,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

const details = (buyer: TestBuyer, id: string) =>
  injectApi(t, DESIGN_API.details, { token: buyer.token, params: { id } });
const assign = (id: string, designerSid = designer.sid) =>
  injectApi(t, ADMIN_DESIGN_API.assign, { token: ops.token, params: { id }, body: { designer: designerSid } });

async function demandRow(sid: string) {
  const [row] = await t.database.db.select().from(demands).where(eq(demands.sid, sid));
  return row!;
}

async function lastNoticeTo(buyer: TestBuyer) {
  const [account] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
  const [notice] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, account!.email!))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return notice;
}

/** Operator assigns and uploads a first draft: the demand waits for the buyer's feedback. */
async function withFirstDraft(buyer: TestBuyer) {
  const paid = await paidCustom(buyer);
  expect((await assign(paid.demandSid)).code).toBe(0);
  const up = await uploadFile(paid.demandSid, jpeg, 'draft');
  expect(up.code).toBe(0);
  return { ...paid, draftSid: up.data.files.at(-1)!.sid };
}

describe('the order carries its demand', () => {
  it('an unpaid custom order waits (CREATED); paying it submits the work with a three-working-day deadline', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 100_000);
    const order = await placeCustom(buyer);
    expect(order.demand).toMatchObject({ status: 'CREATED', tier: 'advanced', revisionsLeft: 2 });

    const paid = await payByWallet(t, buyer, order.sid);
    expect(paid.code).toBe(0);
    const list = await injectApi(t, DESIGN_API.list, { token: buyer.token, query: {} });
    expect(list.data.hasMore).toBe(false);
    expect(list.data.demands).toHaveLength(1);
    const demand = list.data.demands[0]!;
    expect(demand.status).toBe('SUBMITTED');
    expect(demand.stageDeadline).toBe(chinaWorkingDaysDeadline(new Date(paid.data.order.payTime!), 3).toISOString());
  });

  it('cancelling the unpaid order cancels its demand', async () => {
    const buyer = await createCompanyBuyer(t);
    const order = await placeCustom(buyer);
    const cancel = await injectApi(t, ORDER_API.cancel, { token: buyer.token, params: { id: order.sid } });
    expect(cancel.code).toBe(0);
    expect((await demandRow(order.demand!.sid)).status).toBe('CANCELLED');
  });

  it('a paid custom order is not complete until the design is delivered', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order } = await paidCustom(buyer);
    const got = await injectApi(t, ORDER_API.detail, { token: buyer.token, params: { id: order.sid } });
    expect(got.data.order.status).toBe('PAYED');
    expect(got.data.order.demand?.status).toBe('SUBMITTED');
  });
});

describe('the buyer’s uploads', () => {
  it('takes the buyer’s own checked uploads, keeps them, and shows them through short-lived links', async () => {
    const buyer = await createCompanyBuyer(t);
    const product = await uploadImage(t, buyer, 'product');
    const logo = await uploadImage(t, buyer, 'logo', await makeJpeg(300, 300));
    const material = await insertMaterial(t, { keywords: ['定制'] });
    const placed = await injectApi(t, ORDER_API.placeCustom, {
      token: buyer.token,
      body: {
        material: material.sid,
        source: null,
        product_key: product,
        logo_key: logo,
        detail: { logoFileName: 'logo.jpg' },
      },
    });
    expect(placed.code).toBe(0);
    const used = await t.database.db.select().from(directUploads).where(eq(directUploads.key, product));
    expect(used[0]?.usedAt).not.toBeNull();
    const seen = await details(buyer, placed.data.order.demand!.sid);
    expect(seen.data.demand.productUrl).toMatch(/^\/api\/media\/original\?key=private%2Fuploads%2F/);
    expect(seen.data.demand.logoUrl).not.toBeNull();
  });

  it('refuses another account’s upload, a logo given as the product, and a key never uploaded', async () => {
    const buyer = await createCompanyBuyer(t);
    const other = await createCompanyBuyer(t);
    const material = await insertMaterial(t, { keywords: ['定制'] });
    const theirs = await uploadImage(t, other, 'product');
    const logo = await uploadImage(t, buyer, 'logo');
    const place = (product_key: string) =>
      injectApi(t, ORDER_API.placeCustom, {
        token: buyer.token,
        body: { material: material.sid, source: null, product_key, logo_key: null, detail: {} },
      });
    expect((await place(theirs)).code).toBe(4204);
    expect((await place(logo)).code).toBe(4204);
    expect((await place(`private/uploads/${buyer.sid}/product/${'0'.repeat(32)}.jpg`)).code).toBe(4205);
    const mine = await t.database.db.select().from(demands).where(eq(demands.userSid, buyer.sid));
    expect(mine).toEqual([]);
  });
});

describe('GET /api/user/demand and /api/user/demand/{id}', () => {
  it('shows a company its own requests only; a main account sees its sub-accounts’', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const stranger = await createCompanyBuyer(t);
    await fundWallet(t, main.sid, 100_000);
    const order = await placeCustom(sub);
    const sid = order.demand!.sid;

    expect((await details(sub, sid)).code).toBe(0);
    expect((await details(main, sid)).code).toBe(0);
    const foreign = await details(stranger, sid);
    expect(foreign.status).toBe(404);
    expect(foreign.code).toBe(4210);
    const mainList = await injectApi(t, DESIGN_API.list, { token: main.token, query: {} });
    expect(mainList.data.demands.map((d) => d.sid)).toContain(sid);
    const strangerList = await injectApi(t, DESIGN_API.list, { token: stranger.token, query: {} });
    expect(strangerList.data.demands).toEqual([]);
  });

  it('pages newest first with hasMore and no count', async () => {
    const buyer = await createCompanyBuyer(t);
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await placeCustom(buyer));
    const first = await injectApi(t, DESIGN_API.list, { token: buyer.token, query: { page: 1, page_size: 2 } });
    expect(first.data.hasMore).toBe(true);
    expect(first.data.demands.map((d) => d.sid)).toEqual([placed[2]!.demand!.sid, placed[1]!.demand!.sid]);
    const second = await injectApi(t, DESIGN_API.list, { token: buyer.token, query: { page: 2, page_size: 2 } });
    expect(second.data.hasMore).toBe(false);
    expect(second.data.demands.map((d) => d.sid)).toEqual([placed[0]!.demand!.sid]);
  });
});

describe('drafts, pinned feedback and revisions', () => {
  it('walks first draft → feedback → revision 1 → revision 2 → delivery with an exclusive certificate', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order, demandSid, draftSid } = await withFirstDraft(buyer);
    expect((await lastNoticeTo(buyer))?.text).toContain('新的设计稿');

    let seen = await details(buyer, demandSid);
    expect(seen.data.demand).toMatchObject({ status: 'DRAFT_REVIEW', designer: '设计师小王', stageDeadline: null });
    expect(seen.data.files).toMatchObject([{ kind: 'draft', version: 1, label: '初稿', format: 'image' }]);
    // The drawer's picture is a short-lived link to the marked preview, never a public URL.
    expect(seen.data.files[0]!.url).toMatch(/^\/api\/media\/original\?key=private%2Fdesigns%2F/);

    const pin = await injectApi(t, DESIGN_API.comment, {
      token: buyer.token,
      params: { id: demandSid },
      body: { file: draftSid, x: 0.25, y: 0.75, body: 'Logo 再大一点' },
    });
    expect(pin.code).toBe(0);
    expect(pin.data).toMatchObject({ x: 0.25, y: 0.75, author: 'buyer', body: 'Logo 再大一点' });

    const before = Date.now();
    const feedback = await injectApi(t, DESIGN_API.feedback, {
      token: buyer.token,
      params: { id: demandSid },
      body: {},
    });
    expect(feedback.code).toBe(0);
    expect(feedback.data).toMatchObject({ status: 'REVISING', revisionsUsed: 1, revisionsLeft: 1 });
    expect(new Date(feedback.data.stageDeadline!).getTime()).toBe(
      chinaWorkingDaysDeadline(new Date((await demandRow(demandSid)).feedbackAt!), 2).getTime(),
    );
    expect(new Date(feedback.data.stageDeadline!).getTime()).toBeGreaterThan(before);

    const answered = await injectApi(t, ADMIN_DESIGN_API.answer, {
      token: ops.token,
      params: { id: demandSid },
      body: { reply: '收到，今天调整' },
    });
    expect(answered.code).toBe(0);
    expect(answered.data.feedbackAnsweredAt).not.toBeNull();

    const second = await uploadFile(demandSid, await makeJpeg(640, 640), 'draft');
    expect(second.code).toBe(0);
    expect(second.data.files.map((f) => f.label)).toEqual(['初稿', '第 1 次修改稿']);

    const round2 = await injectApi(t, DESIGN_API.feedback, {
      token: buyer.token,
      params: { id: demandSid },
      body: { message: '整体再亮一些' },
    });
    expect(round2.data).toMatchObject({ status: 'REVISING', revisionsUsed: 2, revisionsLeft: 0 });
    const third = await uploadFile(demandSid, await makeJpeg(700, 700), 'draft');
    expect(third.code).toBe(0);
    expect(third.data.demand.status).toBe('FINAL_PRODUCTION');

    const tooMany = await injectApi(t, DESIGN_API.feedback, {
      token: buyer.token,
      params: { id: demandSid },
      body: { message: '再改一次' },
    });
    expect(tooMany.code).toBe(4212);
    const lateComment = await injectApi(t, DESIGN_API.comment, {
      token: buyer.token,
      params: { id: demandSid },
      body: { file: third.data.files.at(-1)!.sid, x: 0.5, y: 0.5, body: '这里' },
    });
    expect(lateComment.code).toBe(4212);
    expect((await demandRow(demandSid)).status).toBe('FINAL_PRODUCTION');

    const final = await uploadFile(demandSid, await makeJpeg(1600, 1200), 'final');
    expect(final.code).toBe(0);
    expect(final.data.demand.status).toBe('DELIVERED');
    expect((await lastNoticeTo(buyer))?.text).toContain('已交付');

    seen = await details(buyer, demandSid);
    expect(seen.data.demand.deliveredAt).not.toBeNull();
    expect(seen.data.certificate?.certNo).toBeTruthy();
    const verify = await t.app.inject({ method: 'GET', url: seen.data.certificate!.verifyUrl });
    expect(verify.body).toContain('独家授权');
    const pdf = await t.app.inject({
      method: 'GET',
      url: seen.data.certificate!.url,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(seen.data.order?.sid).toBe(order.sid);

    const link = await injectApi(t, DESIGN_API.delivery, { token: buyer.token, params: { id: demandSid } });
    expect(link.code).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe((await designFileRows(demandSid)).find((f) => f.kind === 'final')!.bytes);

    const again = await uploadFile(demandSid, jpeg, 'final');
    expect(again.code).toBe(4216);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'demand'), eq(auditLogs.entitySid, demandSid), eq(auditLogs.action, 'demand.deliver')),
      );
    expect(audit?.operatorSid).toBe(ops.sid);
  });

  it('the second revision’s draft settles the design: the final files are the designer’s turn, with a deadline', async () => {
    const buyer = await createCompanyBuyer(t);
    const { demandSid } = await withFirstDraft(buyer);
    for (const round of [1, 2]) {
      const sent = await injectApi(t, DESIGN_API.feedback, {
        token: buyer.token,
        params: { id: demandSid },
        body: { message: `第 ${round} 轮意见` },
      });
      expect(sent.data).toMatchObject({ status: 'REVISING', revisionsUsed: round });
      const draft = await uploadFile(demandSid, jpeg, 'draft');
      expect(draft.code).toBe(0);
    }

    const row = await demandRow(demandSid);
    const lastDraftAt = (await designFileRows(demandSid))
      .map((f) => f.createdAt)
      .sort((a, b) => +a - +b)
      .at(-1)!;
    expect(row.status).toBe('FINAL_PRODUCTION');
    expect(row.stageDeadline?.getTime()).toBe(chinaWorkingDaysDeadline(lastDraftAt, 2).getTime());
    // The mail tells the buyer what comes next and asks for nothing.
    const notice = await lastNoticeTo(buyer);
    expect(notice?.text).toContain('第 2 次修改稿已上传');
    expect(notice?.text).toContain('设计师将于');
    expect(notice?.text).not.toContain('反馈');

    const seen = await details(buyer, demandSid);
    expect(seen.data.demand).toMatchObject({ status: 'FINAL_PRODUCTION', revisionsLeft: 0 });
    expect(seen.data.files.map((f) => f.label)).toEqual(['初稿', '第 1 次修改稿', '第 2 次修改稿']);
    const more = await injectApi(t, DESIGN_API.feedback, {
      token: buyer.token,
      params: { id: demandSid },
      body: { message: '再改一次' },
    });
    expect(more.code).toBe(4212);
    const another = await uploadFile(demandSid, jpeg, 'draft');
    expect(another.code).toBe(4211);
    expect(another.message).toBe('设计稿已定稿，请上传最终文件');

    const board = await injectApi(t, ADMIN_DESIGN_API.details, { token: ops.token, params: { id: demandSid } });
    expect(board.data.demand).toMatchObject({ status: 'FINAL_PRODUCTION', overdue: false });
    const final = await uploadFile(demandSid, jpeg, 'final');
    expect(final.data.demand).toMatchObject({ status: 'DELIVERED', stageDeadline: null });
  });

  it('the buyer may accept a draft as it is: no more feedback, the designer owes the final files', async () => {
    const buyer = await createCompanyBuyer(t);
    const stranger = await createCompanyBuyer(t);
    const { demandSid } = await withFirstDraft(buyer);
    const foreign = await injectApi(t, DESIGN_API.accept, { token: stranger.token, params: { id: demandSid } });
    expect(foreign.code).toBe(4210);

    const before = new Date();
    const accepted = await injectApi(t, DESIGN_API.accept, { token: buyer.token, params: { id: demandSid } });
    const after = new Date();
    expect(accepted.code).toBe(0);
    expect(accepted.data).toMatchObject({ status: 'FINAL_PRODUCTION', revisionsUsed: 0 });
    // Two working days from the acceptance (either side of it, should the call straddle midnight).
    expect([before, after].map((at) => chinaWorkingDaysDeadline(at, 2).toISOString())).toContain(
      accepted.data.stageDeadline,
    );

    const twice = await injectApi(t, DESIGN_API.accept, { token: buyer.token, params: { id: demandSid } });
    expect(twice.code).toBe(4211);
    const feedback = await injectApi(t, DESIGN_API.feedback, {
      token: buyer.token,
      params: { id: demandSid },
      body: { message: '还是想改' },
    });
    expect(feedback.code).toBe(4211);
    expect((await demandRow(demandSid)).status).toBe('FINAL_PRODUCTION');

    const paidOnly = await paidCustom(buyer);
    const early = await injectApi(t, DESIGN_API.accept, { token: buyer.token, params: { id: paidOnly.demandSid } });
    expect(early.code).toBe(4211);
  });

  it('refuses comments on an old draft, empty feedback, and anyone outside the company', async () => {
    const buyer = await createCompanyBuyer(t);
    const stranger = await createCompanyBuyer(t);
    const { demandSid, draftSid } = await withFirstDraft(buyer);

    const offPicture = await injectApi(t, DESIGN_API.comment, {
      token: buyer.token,
      params: { id: demandSid },
      body: { file: draftSid, x: 1.5, y: 0.2, body: '这里' },
    });
    expect(offPicture.status).toBe(400);
    const wrongFile = await injectApi(t, DESIGN_API.comment, {
      token: buyer.token,
      params: { id: demandSid },
      body: { file: 'nosuchfile123', x: 0.5, y: 0.5, body: '这里' },
    });
    expect(wrongFile.code).toBe(4213);
    const empty = await injectApi(t, DESIGN_API.feedback, { token: buyer.token, params: { id: demandSid }, body: {} });
    expect(empty.code).toBe(4214);
    const foreign = await injectApi(t, DESIGN_API.comment, {
      token: stranger.token,
      params: { id: demandSid },
      body: { file: draftSid, x: 0.5, y: 0.5, body: '这里' },
    });
    expect(foreign.code).toBe(4210);
    const foreignDelivery = await injectApi(t, DESIGN_API.delivery, {
      token: stranger.token,
      params: { id: demandSid },
    });
    expect(foreignDelivery.code).toBe(4210);
    const notYet = await injectApi(t, DESIGN_API.delivery, { token: buyer.token, params: { id: demandSid } });
    expect(notYet.code).toBe(4211);
    const comments = await t.database.db.select().from(designComments).where(eq(designComments.demandSid, demandSid));
    expect(comments).toEqual([]);
    expect((await demandRow(demandSid)).status).toBe('DRAFT_REVIEW');
  });

  it('ten concurrent feedbacks use one round', async () => {
    const buyer = await createCompanyBuyer(t);
    const { demandSid } = await withFirstDraft(buyer);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        injectApi(t, DESIGN_API.feedback, {
          token: buyer.token,
          params: { id: demandSid },
          body: { message: '改一下' },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4211)).toBe(true);
    expect((await demandRow(demandSid)).revisionsUsed).toBe(1);
  });
});

async function designFileRows(demandSid: string) {
  return t.database.db.select().from(designFiles).where(eq(designFiles.demandSid, demandSid));
}

describe('super and AI-video quotes', () => {
  it('a quote request is priced, paid in the order drawer and starts with the quoted lead time', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 500_000);
    const material = await insertMaterial(t, { keywords: ['项链'] });
    const reference = await uploadImage(t, buyer, 'reference');
    const asked = await injectApi(t, DESIGN_API.requestQuote, {
      token: buyer.token,
      body: {
        tier: 'super',
        material: material.sid,
        brief: '为新品项链做一组节日主题海报，三张，红金配色',
        references: [reference],
      },
    });
    expect(asked.code).toBe(0);
    expect(asked.data).toMatchObject({ status: 'QUOTE_REQUESTED', tier: 'super', orderSid: null });
    expect(asked.data.brief?.references[0]).toMatchObject({
      key: reference,
      url: expect.stringMatching(/^\/api\/media/),
    });

    const negative = await injectApi(t, ADMIN_DESIGN_API.price, {
      token: ops.token,
      params: { id: asked.data.sid },
      body: { price: -100, lead_days: 5 },
    });
    expect(negative.status).toBe(400);
    expect((await demandRow(asked.data.sid)).status).toBe('QUOTE_REQUESTED');

    const priced = await injectApi(t, ADMIN_DESIGN_API.price, {
      token: ops.token,
      params: { id: asked.data.sid },
      body: { price: 128_800, lead_days: 4 },
    });
    expect(priced.code).toBe(0);
    expect(priced.data).toMatchObject({ status: 'QUOTED', quotePrice: 128_800, quoteLeadDays: 4 });
    const orderSid = priced.data.orderSid!;
    const order = await injectApi(t, ORDER_API.detail, { token: buyer.token, params: { id: orderSid } });
    expect(order.data.order).toMatchObject({ orderType: 'dashboard', status: 'CREATED', priceOrigin: 128_800 });
    expect((await lastNoticeTo(buyer))?.text).toContain('报价 1288.00 元');

    const twice = await injectApi(t, ADMIN_DESIGN_API.price, {
      token: ops.token,
      params: { id: asked.data.sid },
      body: { price: 1_000, lead_days: 4 },
    });
    expect(twice.code).toBe(4211);
    const withdraw = await injectApi(t, DESIGN_API.withdraw, { token: buyer.token, params: { id: asked.data.sid } });
    expect(withdraw.code).toBe(4211);

    const paid = await payByWallet(t, buyer, orderSid);
    expect(paid.code).toBe(0);
    const row = await demandRow(asked.data.sid);
    expect(row.status).toBe('SUBMITTED');
    expect(row.stageDeadline!.getTime()).toBe(chinaWorkingDaysDeadline(row.paidAt!, 4).getTime());
  });

  it('checks the AI-video brief and lets a buyer withdraw before pricing', async () => {
    const buyer = await createCompanyBuyer(t);
    const material = await insertMaterial(t, { keywords: ['手镯'] });
    const short = await injectApi(t, DESIGN_API.requestQuote, {
      token: buyer.token,
      body: { tier: 'super', material: material.sid, brief: '太短' },
    });
    expect(short.status).toBe(400);
    const noDuration = await injectApi(t, DESIGN_API.requestQuote, {
      token: buyer.token,
      body: { tier: 'ai_video', material: material.sid, brief: '手镯旋转展示的短视频，突出光泽' },
    });
    expect(noDuration.status).toBe(400);
    const asked = await injectApi(t, DESIGN_API.requestQuote, {
      token: buyer.token,
      body: {
        tier: 'ai_video',
        material: material.sid,
        brief: '手镯旋转展示的短视频，突出光泽',
        duration: 15,
        aspect_ratio: '9:16',
      },
    });
    expect(asked.code).toBe(0);
    expect(asked.data.brief).toMatchObject({ duration: 15, aspectRatio: '9:16' });
    const withdrawn = await injectApi(t, DESIGN_API.withdraw, { token: buyer.token, params: { id: asked.data.sid } });
    expect(withdrawn.data.status).toBe('CANCELLED');
  });
});
