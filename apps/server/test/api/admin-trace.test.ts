import {
  ADMIN_TRACE_PATH,
  ErrorCode,
  LICENCE_API,
  OperatorRole,
  pathUrl,
  TRACE_COPY_MAX_BYTES,
} from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, licences, materials } from '../../src/db/schema/index.js';
import { tracedOriginalKey } from '../../src/media/keys.js';
import { perceptualHash } from '../../src/media/perceptual-hash.js';
import { traceKeyOf, traceNumberOf } from '../../src/media/trace-mark.js';
import { createTestOperator, makeJpeg } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createMaterials,
  fundWallet,
  payByWallet,
  placeOrder,
  TEST_COMPANY,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { combined, jewelleryPicture, q70 } from '../unit/trace-fixtures.js';

/**
 * POST /api/admin/trace (溯源, docs/decisions/0049): every licensed download of a picture is the
 * licence's marked copy, and a copy found elsewhere is traced back to that licence.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function buyAndDownload(buyer: TestBuyer, material: { sid: string; authTypes: number[] }): Promise<Buffer> {
  const materialSid = material.sid;
  const order = await placeOrder(t, buyer, { [materialSid]: material.authTypes[0]! });
  expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
  const link = await injectApi(t, LICENCE_API.materialDownload, { params: { id: materialSid }, token: buyer.token });
  expect(link.code).toBe(0);
  const file = await t.app.inject({ method: 'GET', url: link.data.url });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

async function companyBuyer(company: string): Promise<TestBuyer> {
  const buyer = await createCompanyBuyer(t, { ...TEST_COMPANY, company });
  await fundWallet(t, buyer.sid, 1_000_000);
  return buyer;
}

/** A picture with its original in storage and its perceptual hash, as an upload leaves it. */
async function pictureMaterial(seed: number) {
  const original = await jewelleryPicture(seed);
  const meta = await sharp(original).metadata();
  const [m] = await createMaterials(t, 1, { width: meta.width!, height: meta.height!, format: 'image' });
  await t.app.deps.storage.put(m!.originalKey, original, 'image/jpeg');
  await t.database.db
    .update(materials)
    .set({ perceptualHash: await perceptualHash(original) })
    .where(eq(materials.sid, m!.sid));
  return { material: m!, original };
}

function trace(token: string | null, body: Buffer, options: { type?: string; material?: string } = {}) {
  const url = pathUrl(ADMIN_TRACE_PATH, {}, { material: options.material });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': options.type ?? 'image/jpeg', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
}

describe('POST /api/admin/trace', () => {
  it('names the licence, company, account and download of a re-compressed, shrunk and cropped copy, among two companies that bought the picture', async () => {
    const { material, original } = await pictureMaterial(3);
    const first = await companyBuyer('深圳市周氏珠宝有限公司');
    const second = await companyBuyer('广州市金禧首饰有限公司');
    const fromFirst = await buyAndDownload(first, material);
    const fromSecond = await buyAndDownload(second, material);
    // Each licence gets its own copy: same size, not the original's bytes, not the other's.
    expect(await sharp(fromFirst).metadata()).toMatchObject({ width: material.width, height: material.height });
    expect(fromFirst.equals(original)).toBe(false);
    expect(fromFirst.equals(fromSecond)).toBe(false);
    const [licence] = await t.database.db
      .select()
      .from(licences)
      .where(and(eq(licences.materialSid, material.sid), eq(licences.ownerSid, second.sid)));
    expect(
      await t.app.deps.storage.stat(tracedOriginalKey(material.sid, licence!.sid, material.originalKey)),
    ).not.toBeNull();

    const operator = await createTestOperator(t, '客服小林', [OperatorRole.SERVICE]);
    const res = await trace(operator.token, await combined(fromSecond));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.found).toBe(true);
    expect(data.match).toMatchObject({
      materialSid: material.sid,
      certNo: licence!.certNo,
      traceNo: traceNumberOf(traceKeyOf(t.app.deps.config.traceSecret, licence!.sid)),
      company: expect.stringMatching(/^广州市金禧首饰有限公司\d+$/),
      buyer: { sid: second.sid },
      revoked: false,
    });
    expect(data.match.score).toBeGreaterThanOrEqual(data.threshold);
    expect(data.match.downloads).toEqual([expect.objectContaining({ userSid: second.sid, preset: null })]);
    expect(data.candidates[0]).toMatchObject({ sid: material.sid, placed: true, licencesCompared: 2 });

    // Recorded in the audit, findable by the material.
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operatorSid, operator.sid), eq(auditLogs.action, 'licence.trace')));
    expect(entry).toMatchObject({ entity: 'licence', entitySid: licence!.sid });
    expect(entry!.refs).toContain(material.sid);
  }, 60_000);

  it('answers 未检出 for a copy of the clean original, and records that too', async () => {
    const { material, original } = await pictureMaterial(4);
    await buyAndDownload(await companyBuyer('杭州市琢玉坊有限公司'), material);
    const operator = await createTestOperator(t, '内容小王', [OperatorRole.CONTENT]);
    const res = await trace(operator.token, await q70(original), { material: material.sid });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ found: false, match: null });
    expect(data.candidates).toEqual([
      expect.objectContaining({ sid: material.sid, distance: null, placed: true, licencesCompared: 1 }),
    ]);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
    expect(entry).toMatchObject({ action: 'licence.trace', entitySid: null });
  }, 60_000);

  it('is for 内容, 客服 and 管理员: 财务 is refused before the body is read, a buyer or nobody is not signed in', async () => {
    const copy = await makeJpeg(200, 150);
    const finance = await createTestOperator(t, '财务', [OperatorRole.FINANCE]);
    const refused = await trace(finance.token, copy);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
    expect((await trace(null, copy)).json().code).toBe(ErrorCode.AUTH_REQUIRED.code);
    const buyer = await companyBuyer('某公司');
    expect((await trace(buyer.token, copy)).statusCode).toBeGreaterThanOrEqual(401);
  });

  describe('bad input: a coded error, nothing recorded', () => {
    it.each([
      ['a PDF', 'application/pdf', Buffer.from('%PDF-1.4'), ErrorCode.TRACE_COPY_NOT_IMAGE],
      [
        'bytes that are not a picture',
        'image/jpeg',
        Buffer.from('not a picture at all'),
        ErrorCode.TRACE_COPY_NOT_IMAGE,
      ],
      ['an empty body', 'image/png', Buffer.alloc(0), ErrorCode.TRACE_COPY_NOT_IMAGE],
    ])('%s → 4480', async (_name, type, body, expected) => {
      const operator = await createTestOperator(t);
      const res = await trace(operator.token, body, { type });
      expect(res.json()).toMatchObject({ code: expected.code, message: expected.message });
      expect(res.statusCode).toBe(expected.http);
      const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
      expect(entries).toHaveLength(0);
    });

    it('a copy over 20 MB → 4481', async () => {
      const operator = await createTestOperator(t);
      const res = await trace(operator.token, Buffer.alloc(TRACE_COPY_MAX_BYTES + 1, 0xff));
      expect(res.json().code).toBe(ErrorCode.TRACE_COPY_TOO_LARGE.code);
      expect(res.statusCode).toBe(413);
    });

    it('a copy under 64 px on its short side → 4482', async () => {
      const operator = await createTestOperator(t);
      const res = await trace(operator.token, await makeJpeg(300, 40));
      expect(res.json().code).toBe(ErrorCode.TRACE_COPY_TOO_SMALL.code);
    });

    it('a picture like no material → 4483; a material that does not exist → 4484; a video → 4485', async () => {
      const operator = await createTestOperator(t);
      const unlike = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a7f3c' } })
        .composite([{ input: await makeJpeg(120, 80), left: 170, top: 110 }])
        .jpeg()
        .toBuffer();
      expect((await trace(operator.token, unlike)).json().code).toBe(ErrorCode.TRACE_NO_CANDIDATE.code);
      const copy = await makeJpeg(300, 200);
      expect((await trace(operator.token, copy, { material: 'nosuchmaterial1' })).json().code).toBe(
        ErrorCode.TRACE_MATERIAL_NOT_FOUND.code,
      );
      const [video] = await createMaterials(t, 1, { format: 'video' });
      expect((await trace(operator.token, copy, { material: video!.sid })).json().code).toBe(
        ErrorCode.TRACE_MATERIAL_VIDEO.code,
      );
      const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
      expect(entries).toHaveLength(0);
    });
  });
});
