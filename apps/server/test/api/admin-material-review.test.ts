import {
  ADMIN_MATERIAL_API,
  ADMIN_MATERIAL_PATHS,
  ADMIN_REVIEW_API,
  CART_API,
  ErrorCode,
  MATERIAL_API,
  NEAR_DUPLICATE_MAX_DISTANCE,
  ORDER_API,
  type TAdminMaterial,
  type TAdminMaterialResponse,
} from '@gemstock/contract';
import { and, eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, materials } from '../../src/db/schema/index.js';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import { countRows } from '../helpers/accounts.js';
import {
  createTestOperator,
  filePart,
  makeJpeg,
  multipartBody,
  storedFiles,
  type TestOperator,
} from '../helpers/admin.js';
import { insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * Review before sale (docs/decisions/0030): an upload is 待审核 until an operator lists it, and
 * until then no buyer finds it by any road; the same file twice is refused; a look-alike is
 * flagged for the reviewer.
 */

let t: TestApp;
let dataDir: string;
let operator: TestOperator;
let buyer: TestBuyer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gemstock-review-'));
  t = await buildTestApp({ dataDir });
  operator = await createTestOperator(t, '内容运营', ['content']);
  buyer = await createCompanyBuyer(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, keywords: string, name = 'photo.jpg') {
  const body = multipartBody([{ name: 'keywords', value: keywords }, filePart(bytes, name, 'image/jpeg')]);
  return t.call<TAdminMaterialResponse>({
    method: 'POST',
    url: ADMIN_MATERIAL_PATHS.upload,
    payload: body.payload,
    headers: body.headers,
    token: operator.token,
  });
}

/** Runs every queued media job, as the worker would. */
async function processAll() {
  while (await runNextMediaJob(t.app.deps));
}

/** Uploads a picture and processes it: a ready material waiting for review. */
async function uploadProcessed(bytes: Buffer, keywords: string): Promise<TAdminMaterial> {
  const res = await upload(bytes, keywords);
  expect(res.code, res.message).toBe(0);
  await processAll();
  const detail = await injectApi(t, ADMIN_MATERIAL_API.detail, {
    params: { id: res.data.material.sid },
    token: operator.token,
  });
  return detail.data.material;
}

/**
 * Pictures unlike makeJpeg's gradients (which all look alike): vertical stripes, or dark discs
 * in one corner. Drawn in proportion, so one kind at two sizes is the same picture.
 */
function pattern(kind: 'stripes' | 'discs', width: number, height: number, quality = 85): Promise<Buffer> {
  const shapes =
    kind === 'stripes'
      ? Array.from(
          { length: 8 },
          (_, i) => `<rect x="${(i * width) / 8}" width="${width / 16}" height="${height}" fill="#111"/>`,
        )
      : [
          `<circle cx="${width * 0.2}" cy="${height * 0.25}" r="${height * 0.18}" fill="#222"/>`,
          `<circle cx="${width * 0.45}" cy="${height * 0.3}" r="${height * 0.1}" fill="#444"/>`,
          `<rect x="${width * 0.1}" y="${height * 0.7}" width="${width * 0.8}" height="${height * 0.08}" fill="#333"/>`,
        ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#eee"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

async function buyerSearch(keyword: string): Promise<string[]> {
  const res = await injectApi(t, MATERIAL_API.search, { query: { keyword } });
  expect(res.code, res.message).toBe(0);
  return res.data.materials.map((m) => m.sid);
}

async function reviewOf(sid: string) {
  const [row] = await t.database.db
    .select({ review: materials.reviewState, reason: materials.reviewReason })
    .from(materials)
    .where(eq(materials.sid, sid));
  return row;
}

describe('an upload waits for review', () => {
  let pending: TAdminMaterial;

  it('lands as 待审核 and stays so once processed', async () => {
    const res = await upload(await makeJpeg(2400, 1800), '待审戒指');
    expect(res.code, res.message).toBe(0);
    expect(res.data.material).toMatchObject({ status: 'processing', review: 'pending', reviewReason: null });
    await processAll();
    const detail = await injectApi(t, ADMIN_MATERIAL_API.detail, {
      params: { id: res.data.material.sid },
      token: operator.token,
    });
    pending = detail.data.material;
    expect(pending).toMatchObject({ status: 'ready', review: 'pending' });
  });

  it('is found by no buyer: search, detail by sid, related, free, featured, like, cart and order placement', async () => {
    expect(await buyerSearch('待审戒指')).not.toContain(pending.sid);

    const detail = await injectApi(t, MATERIAL_API.detail, { params: { id: pending.sid } });
    expect(detail.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);

    // A listed material sharing its keyword: its related list leaves the pending one out.
    const neighbour = await insertMaterial(t, { keywords: ['待审戒指'] });
    const related = await injectApi(t, MATERIAL_API.related, { params: { id: neighbour.sid } });
    expect(related.code, related.message).toBe(0);
    expect(related.data.materials.map((m) => m.sid)).not.toContain(pending.sid);

    // Free right now, and a featured video: still waiting for review, so in neither list.
    const now = Date.now();
    const free = await insertMaterial(t, {
      keywords: ['待审免费'],
      reviewState: 'pending',
      freeFrom: new Date(now - 3_600_000),
      freeUntil: new Date(now + 3_600_000),
    });
    const video = await insertMaterial(t, {
      keywords: ['待审视频'],
      format: 'video',
      featured: true,
      reviewState: 'pending',
    });
    const freeList = await injectApi(t, MATERIAL_API.free, { query: { page: 1, page_size: 60 } });
    expect(freeList.code, freeList.message).toBe(0);
    expect(freeList.data.materials.map((m) => m.sid)).not.toContain(free.sid);
    const featured = await injectApi(t, MATERIAL_API.featuredVideo, {});
    expect(featured.data.materials.map((m) => m.sid)).not.toContain(video.sid);
    const freeDownload = await injectApi(t, MATERIAL_API.freeDownload, {
      params: { id: free.sid },
      query: { agree: '1' },
      token: buyer.token,
    });
    expect(freeDownload.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);

    const like = await injectApi(t, MATERIAL_API.like, { params: { id: pending.sid }, token: buyer.token });
    expect(like.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);

    const cart = await injectApi(t, CART_API.add, { body: { material: pending.sid, spec: 2 }, token: buyer.token });
    expect(cart.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);

    const orders = await countRows(t, 'orders');
    const order = await injectApi(t, ORDER_API.placeMaterial, {
      body: { materials: { [pending.sid]: 2 }, source: null },
      token: buyer.token,
    });
    expect(order.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
    expect(await countRows(t, 'orders')).toBe(orders);
  });

  it('提交上架 puts it on sale: buyers find it by search and sid at once, and one audit entry says who', async () => {
    const res = await injectApi(t, ADMIN_REVIEW_API.list, { body: { sids: [pending.sid] }, token: operator.token });
    expect(res.code, res.message).toBe(0);
    expect(res.data.materials).toMatchObject([{ sid: pending.sid, review: 'listed' }]);

    expect(await buyerSearch('待审戒指')).toContain(pending.sid);
    const detail = await injectApi(t, MATERIAL_API.detail, { params: { id: pending.sid } });
    expect(detail.code, detail.message).toBe(0);
    const cart = await injectApi(t, CART_API.add, { body: { material: pending.sid, spec: 2 }, token: buyer.token });
    expect(cart.code, cart.message).toBe(0);

    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'material.list'), sql`${auditLogs.refs} @> ARRAY[${pending.sid}]::text[]`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operatorSid: operator.sid, entity: 'material', entitySid: pending.sid });
  });

  it('listing twice is refused with the material named', async () => {
    const res = await injectApi(t, ADMIN_REVIEW_API.list, { body: { sids: [pending.sid] }, token: operator.token });
    expect(res.code).toBe(ErrorCode.MATERIAL_ALREADY_LISTED.code);
    expect(res.message).toContain(pending.sid);
  });

  it('listing needs the previews: a material still processing is refused (3013)', async () => {
    const res = await upload(await makeJpeg(2300, 1700), '未处理');
    expect(res.code, res.message).toBe(0);
    const list = await injectApi(t, ADMIN_REVIEW_API.list, {
      body: { sids: [res.data.material.sid] },
      token: operator.token,
    });
    expect(list.code).toBe(ErrorCode.MATERIAL_NOT_PROCESSED.code);
    expect(await reviewOf(res.data.material.sid)).toMatchObject({ review: 'pending' });
    await processAll();
  });
});

describe('驳回 and bulk review', () => {
  it('needs a reason, is all or none, and is one audit entry per call', async () => {
    const a = await uploadProcessed(await makeJpeg(2200, 1600), '驳回测试');
    const b = await uploadProcessed(await makeJpeg(2100, 1500), '驳回测试');
    const listed = await insertMaterial(t, { keywords: ['驳回测试'] });

    const noReason = await injectApi(t, ADMIN_REVIEW_API.reject, {
      body: { sids: [a.sid, b.sid], reason: '  ' },
      token: operator.token,
    });
    expect(noReason.code).toBe(ErrorCode.VALIDATION.code);
    expect(noReason.message).toBe('请填写驳回原因');

    // One of them is on sale already: the call refuses and names it, and nothing moves.
    const mixed = await injectApi(t, ADMIN_REVIEW_API.reject, {
      body: { sids: [a.sid, listed.sid], reason: '画面模糊' },
      token: operator.token,
    });
    expect(mixed.code).toBe(ErrorCode.MATERIAL_ALREADY_LISTED.code);
    expect(mixed.message).toContain(listed.sid);
    expect(await reviewOf(a.sid)).toMatchObject({ review: 'pending' });

    const unknown = await injectApi(t, ADMIN_REVIEW_API.reject, {
      body: { sids: [a.sid, 'nosuchmaterial01'], reason: '画面模糊' },
      token: operator.token,
    });
    expect(unknown.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
    expect(await reviewOf(a.sid)).toMatchObject({ review: 'pending' });

    const audits = await countRows(t, 'audit_logs');
    const rejected = await injectApi(t, ADMIN_REVIEW_API.reject, {
      body: { sids: [a.sid, b.sid], reason: '画面模糊' },
      token: operator.token,
    });
    expect(rejected.code, rejected.message).toBe(0);
    expect(rejected.data.materials.map((m) => [m.sid, m.review, m.reviewReason])).toEqual([
      [a.sid, 'rejected', '画面模糊'],
      [b.sid, 'rejected', '画面模糊'],
    ]);
    expect(await countRows(t, 'audit_logs')).toBe(audits + 1);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'material.reject'), sql`${auditLogs.refs} @> ARRAY[${a.sid}]::text[]`));
    expect(entry?.refs).toEqual(expect.arrayContaining([a.sid, b.sid]));
    expect(entry?.after).toMatchObject({ review: 'rejected', reason: '画面模糊' });

    expect(await buyerSearch('驳回测试')).toEqual([listed.sid]);

    // The rejected tab of the queue shows them with the reason; the pending tab no longer does.
    const queue = await injectApi(t, ADMIN_REVIEW_API.queue, { query: { state: 'rejected' }, token: operator.token });
    expect(queue.data.materials.map((m) => m.sid)).toEqual(expect.arrayContaining([a.sid, b.sid]));
    const waiting = await injectApi(t, ADMIN_REVIEW_API.queue, { query: {}, token: operator.token });
    expect(waiting.data.materials.map((m) => m.sid)).not.toContain(a.sid);
  });

  it('lists several at once in one call, and a rejected material may still be listed', async () => {
    const a = await uploadProcessed(await makeJpeg(2000, 1400), '批量上架');
    const b = await uploadProcessed(await makeJpeg(1900, 1300), '批量上架');
    await injectApi(t, ADMIN_REVIEW_API.reject, { body: { sids: [b.sid], reason: '先驳回' }, token: operator.token });
    const audits = await countRows(t, 'audit_logs');
    const res = await injectApi(t, ADMIN_REVIEW_API.list, { body: { sids: [a.sid, b.sid] }, token: operator.token });
    expect(res.code, res.message).toBe(0);
    expect(await countRows(t, 'audit_logs')).toBe(audits + 1);
    expect((await buyerSearch('批量上架')).sort()).toEqual([a.sid, b.sid].sort());
  });

  it('pages the queue by cursor, newest first, and counts it', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1)
      made.push((await insertMaterial(t, { keywords: ['翻页'], reviewState: 'pending' })).sid);
    const first = await injectApi(t, ADMIN_REVIEW_API.queue, { query: { page_size: 2 }, token: operator.token });
    expect(first.code, first.message).toBe(0);
    expect(first.data.materials).toHaveLength(2);
    expect(first.data.total).toBeGreaterThanOrEqual(3);
    expect(first.data.nextCursor).not.toBeNull();
    const seen = new Set(first.data.materials.map((m) => m.sid));
    let cursor = first.data.nextCursor;
    while (cursor) {
      const page = await injectApi(t, ADMIN_REVIEW_API.queue, {
        query: { page_size: 2, cursor },
        token: operator.token,
      });
      for (const m of page.data.materials) {
        expect(seen.has(m.sid)).toBe(false);
        seen.add(m.sid);
      }
      cursor = page.data.nextCursor;
    }
    for (const sid of made) expect(seen.has(sid)).toBe(true);
  });

  it('is for 内容 and 管理员: a 财务 operator is refused', async () => {
    const finance = await createTestOperator(t, '财务', ['finance']);
    const res = await injectApi(t, ADMIN_REVIEW_API.queue, { query: {}, token: finance.token });
    expect(res.code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
  });
});

describe('duplicates', () => {
  it('the same file again is refused with the existing material named, and nothing is kept', async () => {
    const bytes = await makeJpeg(1800, 1200);
    const first = await upload(bytes, '重复测试');
    expect(first.code, first.message).toBe(0);
    const before = { materials: await countRows(t, 'materials'), files: storedFiles(t) };

    const again = await upload(bytes, '重复测试', 'copy-of-photo.jpg');
    expect(again.code).toBe(ErrorCode.MATERIAL_DUPLICATE.code);
    expect(again.message).toContain(first.data.material.sid);
    expect({ materials: await countRows(t, 'materials'), files: storedFiles(t) }).toEqual(before);
    await processAll();
  });

  it('a look-alike (the same picture smaller, re-encoded) is flagged in review; a different picture is not', async () => {
    const original = await uploadProcessed(await pattern('discs', 3200, 2400), '相似测试');
    const smaller = await uploadProcessed(await pattern('discs', 1600, 1200, 60), '相似测试');
    expect(smaller.similarTo?.sid).toBe(original.sid);
    expect(smaller.similarTo?.distance).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);

    const other = await uploadProcessed(await pattern('stripes', 1600, 1200), '相似测试');
    expect(other.similarTo).toBeNull();

    // The hash is kept as a 64-bit integer for later similarity look-ups.
    const [row] = await t.database.db
      .select({ hash: materials.perceptualHash })
      .from(materials)
      .where(eq(materials.sid, other.sid));
    expect(typeof row?.hash).toBe('bigint');
  });
});

describe('licence warning', () => {
  it('a 400×300 picture qualifies for no standard licence and review says so', async () => {
    const small = await uploadProcessed(await makeJpeg(400, 300), '小图');
    expect(small.authTypes).toEqual([4]);
    expect(small.licenceWarning).toContain('400×300');
    expect(small.licenceWarning).toContain('高级定制授权');
    const large = await uploadProcessed(await makeJpeg(2600, 1900), '大图');
    expect(large.licenceWarning).toBeNull();
  });
});
