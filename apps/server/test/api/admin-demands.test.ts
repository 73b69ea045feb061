import {
  ADMIN_DESIGN_API,
  ADMIN_DESIGN_FILE_PATH,
  DESIGN_API,
  demandTurnOf,
  ORDER_API,
  type TAdminDemandDetails,
} from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, demands, designFiles } from '../../src/db/schema/index.js';
import { createTestOperator, makeJpeg, type TestOperator } from '../helpers/admin.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, fundWallet, payByWallet } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let ops: TestOperator;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
  jpeg = await makeJpeg(400, 300);
});
afterAll(async () => t.close());

async function paidDemand(buyer?: TestBuyer): Promise<string> {
  const who = buyer ?? (await createCompanyBuyer(t));
  await fundWallet(t, who.sid, 100_000);
  const material = await insertMaterial(t, { keywords: ['定制'] });
  const placed = await injectApi(t, ORDER_API.placeCustom, {
    token: who.token,
    body: { material: material.sid, source: null, product_key: null, logo_key: null, detail: {} },
  });
  expect((await payByWallet(t, who, placed.data.order.sid)).code).toBe(0);
  return placed.data.order.demand!.sid;
}

function upload(sid: string, body: Buffer, kind: 'draft' | 'final', contentType = 'image/jpeg') {
  return t.call<TAdminDemandDetails>({
    method: 'PUT',
    url: `${ADMIN_DESIGN_FILE_PATH.replace(':id', sid)}?kind=${kind}`,
    token: ops.token,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

const assign = (id: string, designer = ops.sid) =>
  injectApi(t, ADMIN_DESIGN_API.assign, { token: ops.token, params: { id }, body: { designer } });

async function statusOf(sid: string) {
  const [row] = await t.database.db.select({ status: demands.status }).from(demands).where(eq(demands.sid, sid));
  return row!.status;
}

async function fileCount(sid: string) {
  return (await t.database.db.select().from(designFiles).where(eq(designFiles.demandSid, sid))).length;
}

describe('GET /api/admin/demands', () => {
  it('is for operators only', async () => {
    const buyer = await createBuyer(t);
    expect((await injectApi(t, ADMIN_DESIGN_API.list, { token: buyer.token, query: {} })).status).toBe(401);
    expect((await injectApi(t, ADMIN_DESIGN_API.list, { query: {} })).status).toBe(401);
  });

  it('lists work by the deadline of its stage, most urgent first, and filters overdue work', async () => {
    const late = await paidDemand();
    const soon = await paidDemand();
    await t.database.db
      .update(demands)
      .set({ stageDeadline: new Date(Date.now() - 3_600_000) })
      .where(eq(demands.sid, late));
    const board = await injectApi(t, ADMIN_DESIGN_API.list, {
      token: ops.token,
      query: { status: 'SUBMITTED', page_size: 100 },
    });
    const sids = board.data.demands.map((d) => d.sid);
    expect(sids.indexOf(late)).toBeLessThan(sids.indexOf(soon));
    expect(board.data.demands.find((d) => d.sid === late)).toMatchObject({
      overdue: true,
      orderNo: expect.any(String),
    });
    expect(board.data.demands.find((d) => d.sid === soon)?.overdue).toBe(false);

    const overdue = await injectApi(t, ADMIN_DESIGN_API.list, { token: ops.token, query: { overdue: 'true' } });
    expect(overdue.data.demands.map((d) => d.sid)).toContain(late);
    expect(overdue.data.demands.map((d) => d.sid)).not.toContain(soon);
    // waiting on us: paid work to assign or deliver and requests to price, not what waits on the buyer
    const onBuyer = await paidDemand();
    await t.database.db.update(demands).set({ status: 'DRAFT_REVIEW' }).where(eq(demands.sid, onBuyer));
    const waiting = await injectApi(t, ADMIN_DESIGN_API.list, {
      token: ops.token,
      query: { waiting: 'true', page_size: 100 },
    });
    expect(waiting.data.demands.map((d) => d.sid)).toEqual(expect.arrayContaining([late, soon]));
    expect(waiting.data.demands.map((d) => d.sid)).not.toContain(onBuyer);
    expect(waiting.data.demands.every((d) => demandTurnOf(d.status) === 'operator')).toBe(true);
    const bad = await injectApi(t, ADMIN_DESIGN_API.list, { token: ops.token, query: { status: 'NOPE' as never } });
    expect(bad.status).toBe(400);
  });
});

describe('designer assignment and files', () => {
  it('needs a designer before a draft, and an enabled operator as designer', async () => {
    const sid = await paidDemand();
    const early = await upload(sid, jpeg, 'draft');
    expect(early.code).toBe(4219);
    const nobody = await assign(sid, 'nosuchoperator1');
    expect(nobody.code).toBe(4218);
    expect(await statusOf(sid)).toBe('SUBMITTED');
    const ok = await assign(sid);
    expect(ok.data).toMatchObject({ status: 'DESIGNING', designer: '测试运营' });
    const designers = await injectApi(t, ADMIN_DESIGN_API.designers, { token: ops.token });
    expect(designers.data.designers.map((d) => d.sid)).toContain(ops.sid);
  });

  it('refuses a file that is not a picture or MP4, whatever it claims, and stores nothing', async () => {
    const sid = await paidDemand();
    await assign(sid);
    const text = await upload(sid, Buffer.from('just some text, not a picture'), 'draft', 'image/jpeg');
    expect(text.code).toBe(4217);
    // A PDF is refused with what the upload takes, not a generic "unsupported content type".
    const pdf = await upload(sid, Buffer.from('%PDF-1.4\n'), 'draft', 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.code).toBe(4217);
    expect(pdf.message).toContain('PDF 等文件请先导出为图片');
    const empty = await upload(sid, Buffer.alloc(0), 'draft');
    expect(empty.status).toBe(400);
    expect(await fileCount(sid)).toBe(0);
    expect(await statusOf(sid)).toBe('DESIGNING');
  });

  it('delivers once: ten concurrent finals leave one delivery and one file', async () => {
    const sid = await paidDemand();
    await assign(sid);
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(sid, jpeg, 'final')));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).map((r) => r.code)).toEqual(Array(9).fill(4216));
    expect(await fileCount(sid)).toBe(1);
    expect(await statusOf(sid)).toBe('DELIVERED');
  });

  it('a draft waiting for the buyer is not replaced; a cancelled demand takes no draft', async () => {
    const sid = await paidDemand();
    await assign(sid);
    expect((await upload(sid, jpeg, 'draft')).code).toBe(0);
    const second = await upload(sid, jpeg, 'draft');
    expect(second.code).toBe(4211);
    const cancelled = await injectApi(t, ADMIN_DESIGN_API.cancel, {
      token: ops.token,
      params: { id: sid },
      body: { reason: '素材无法满足需求，已联系客户退款' },
    });
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED', cancelReason: '素材无法满足需求，已联系客户退款' });
    const late = await upload(sid, jpeg, 'draft');
    expect(late.code).toBe(4211);
    expect(await fileCount(sid)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entitySid, sid), eq(auditLogs.action, 'demand.cancel')));
    expect(audit?.after).toMatchObject({ refundByHand: true });
  });
});

describe('the final files are the designer’s turn', () => {
  it('an accepted draft puts the demand on the board with a deadline, overdue once past it', async () => {
    const buyer = await createCompanyBuyer(t);
    const sid = await paidDemand(buyer);
    await assign(sid);
    expect((await upload(sid, jpeg, 'draft')).code).toBe(0);
    const accepted = await injectApi(t, DESIGN_API.accept, { token: buyer.token, params: { id: sid } });
    expect(accepted.data.status).toBe('FINAL_PRODUCTION');

    const board = await injectApi(t, ADMIN_DESIGN_API.list, {
      token: ops.token,
      query: { status: 'FINAL_PRODUCTION', page_size: 100 },
    });
    const row = board.data.demands.find((d) => d.sid === sid);
    expect(row).toMatchObject({ status: 'FINAL_PRODUCTION', overdue: false, designer: '测试运营' });
    expect(row?.stageDeadline).not.toBeNull();

    await t.database.db
      .update(demands)
      .set({ stageDeadline: new Date(Date.now() - 60_000) })
      .where(eq(demands.sid, sid));
    const overdue = await injectApi(t, ADMIN_DESIGN_API.list, { token: ops.token, query: { overdue: 'true' } });
    expect(overdue.data.demands.find((d) => d.sid === sid)?.overdue).toBe(true);

    // Work in this stage can change hands and takes no new draft.
    const other = await createTestOperator(t, '设计师小李');
    expect((await assign(sid, other.sid)).data).toMatchObject({ status: 'FINAL_PRODUCTION', designer: '设计师小李' });
    expect((await upload(sid, jpeg, 'draft')).code).toBe(4211);
    expect((await upload(sid, jpeg, 'final')).code).toBe(0);
    expect(await statusOf(sid)).toBe('DELIVERED');
  });

  it('an operator may cancel work waiting for its final files', async () => {
    const buyer = await createCompanyBuyer(t);
    const sid = await paidDemand(buyer);
    await assign(sid);
    await upload(sid, jpeg, 'draft');
    await injectApi(t, DESIGN_API.accept, { token: buyer.token, params: { id: sid } });
    const cancelled = await injectApi(t, ADMIN_DESIGN_API.cancel, {
      token: ops.token,
      params: { id: sid },
      body: { reason: '设计师无法按期交付，已联系客户退款' },
    });
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED', stageDeadline: null, overdue: false });
  });
});

describe('POST /api/admin/demands/{id}/answer and /cancel', () => {
  it('answers only feedback that is waiting, and cancels only what can be cancelled', async () => {
    const sid = await paidDemand();
    const notYet = await injectApi(t, ADMIN_DESIGN_API.answer, { token: ops.token, params: { id: sid }, body: {} });
    expect(notYet.code).toBe(4211);
    const noReason = await injectApi(t, ADMIN_DESIGN_API.cancel, {
      token: ops.token,
      params: { id: sid },
      body: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(await statusOf(sid)).toBe('SUBMITTED');
    const missing = await injectApi(t, ADMIN_DESIGN_API.details, { token: ops.token, params: { id: 'nosuchdemand1' } });
    expect(missing.code).toBe(4210);
  });

  it('a buyer cannot withdraw paid work', async () => {
    const buyer = await createCompanyBuyer(t);
    const sid = await paidDemand(buyer);
    const withdraw = await injectApi(t, DESIGN_API.withdraw, { token: buyer.token, params: { id: sid } });
    expect(withdraw.code).toBe(4211);
  });
});
