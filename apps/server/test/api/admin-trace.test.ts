import {
  ADMIN_TRACE_PATH,
  ChannelPreset,
  channelPresetSpec,
  ErrorCode,
  LICENCE_API,
  OperatorRole,
  pathUrl,
  TRACE_COPY_MAX_BYTES,
} from '@gemstock/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, licences, materials } from '../../src/db/schema/index.js';
import { channelCutKey, tracedOriginalKey } from '../../src/media/keys.js';
import { perceptualHash } from '../../src/media/perceptual-hash.js';
import { traceKeyOf, traceNumberOf } from '../../src/media/trace-mark.js';
import { createVideoProcessor } from '../../src/media/video-processor.js';
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
 * POST /api/admin/trace (溯源, docs/decisions/0049): every licensed download of a picture, of a
 * picture's channel cut and of a video is the licence's marked copy, and a copy found elsewhere
 * (a still, for a video) is traced back to that licence.
 */

let t: TestApp;
const run = promisify(execFile);

async function ffmpeg(...args: string[]) {
  await run(createVideoProcessor({}).ffmpegPath!, ['-v', 'error', '-nostdin', '-y', ...args]);
}

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

/**
 * A picture with its original in storage and its perceptual hash, as an upload leaves it;
 * `enlarged` times the test picture's size (channel cuts are never enlarged).
 */
async function pictureMaterial(seed: number, enlarged = 1) {
  const small = await jewelleryPicture(seed);
  const smallMeta = await sharp(small).metadata();
  const original =
    enlarged === 1
      ? small
      : await sharp(small)
          .resize(Math.round(smallMeta.width! * enlarged), Math.round(smallMeta.height! * enlarged))
          .jpeg({ quality: 92 })
          .toBuffer();
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

  it("names the licence of a copy of a channel cut (公众号), found by the cut's resemblance: each licence downloads its own marked cut", async () => {
    const { material } = await pictureMaterial(7, 1200 / 480);
    const first = await companyBuyer('深圳市周氏珠宝有限公司');
    const second = await companyBuyer('广州市金禧首饰有限公司');
    const cutOf = async (buyer: TestBuyer) => {
      const link = await injectApi(t, LICENCE_API.materialDownload, {
        params: { id: material.sid },
        query: { preset: ChannelPreset.WECHAT },
        token: buyer.token,
      });
      expect(link.code).toBe(0);
      const file = await t.app.inject({ method: 'GET', url: link.data.url });
      expect(file.statusCode).toBe(200);
      return file.rawPayload;
    };
    await buyAndDownload(first, material);
    await buyAndDownload(second, material);
    const [fromFirst, fromSecond] = [await cutOf(first), await cutOf(second)];
    // Each licence's cut: the preset's size, its own bytes, neither the shared unmarked cut's.
    expect(await sharp(fromSecond).metadata()).toMatchObject({ width: 900, height: 383, format: 'jpeg' });
    expect(fromFirst.equals(fromSecond)).toBe(false);
    const spec = channelPresetSpec(ChannelPreset.WECHAT);
    const unmarked = await t.app.deps.storage.getStream(
      channelCutKey(material.sid, ChannelPreset.WECHAT, spec, material.originalKey),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of unmarked) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fromSecond)).toBe(false);
    const [licence] = await t.database.db
      .select()
      .from(licences)
      .where(and(eq(licences.materialSid, material.sid), eq(licences.ownerSid, second.sid)));

    const operator = await createTestOperator(t, '客服小林', [OperatorRole.SERVICE]);
    const res = await trace(operator.token, await combined(fromSecond));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.match).toMatchObject({ certNo: licence!.certNo, cut: ChannelPreset.WECHAT, frameMs: null });
    expect(data.match.score).toBeGreaterThanOrEqual(data.threshold);
    expect(data.candidates[0]).toMatchObject({ sid: material.sid, format: 'image', placed: true, licencesCompared: 2 });
    expect(data.candidates[0].readings).toContainEqual(
      expect.objectContaining({ cut: ChannelPreset.WECHAT, placed: true, bestScore: data.match.score }),
    );
  }, 90_000);

  it("tells a copy of a cut that keeps the whole picture (a 3:4 picture's 小红书 cut) from a copy of the original", async () => {
    const { material } = await pictureMaterial(6, 3.5);
    expect(material.width / material.height).toBeCloseTo(3 / 4, 2);
    const buyer = await companyBuyer('深圳市周氏珠宝有限公司');
    await buyAndDownload(buyer, material);
    const link = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: material.sid },
      query: { preset: ChannelPreset.XIAOHONGSHU },
      token: buyer.token,
    });
    const cut = (await t.app.inject({ method: 'GET', url: link.data.url })).rawPayload;
    const operator = await createTestOperator(t);
    const { data } = (await trace(operator.token, await q70(cut), { material: material.sid })).json();
    expect(data.match).toMatchObject({ materialSid: material.sid, cut: ChannelPreset.XIAOHONGSHU });
    // Read against the original too, with the licence's own key: nothing there.
    const onOriginal = data.candidates[0].readings.find((r: { cut: string | null }) => r.cut === null);
    expect(onOriginal).toMatchObject({ placed: true });
    expect(onOriginal.bestScore).toBeLessThan(data.threshold);
  }, 90_000);

  describe.skipIf(!createVideoProcessor({}).available)('a video', () => {
    it("is downloaded as the licence's own marked copy, made by a job (4487 until then); a still of a re-encoded, halved copy names that licence and its frame", async () => {
      const dir = await mkdtemp(join(tmpdir(), 'trace-api-'));
      try {
        const originalPath = join(dir, 'original.mp4');
        await ffmpeg(
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
          ...['-vf', 'gblur=sigma=1.2,noise=alls=4:allf=t', '-shortest'],
          ...['-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', '-c:a', 'aac', originalPath],
        );
        const [m] = await createMaterials(t, 1, { width: 640, height: 360, format: 'video' });
        await t.app.deps.storage.put(m!.originalKey, await readFile(originalPath), 'video/mp4');
        const material = { sid: m!.sid, authTypes: m!.authTypes };
        const first = await companyBuyer('深圳市周氏珠宝有限公司');
        const second = await companyBuyer('广州市金禧首饰有限公司');
        for (const buyer of [first, second]) {
          const order = await placeOrder(t, buyer, { [material.sid]: material.authTypes[0]! });
          expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
          const waiting = await injectApi(t, LICENCE_API.materialDownload, {
            params: { id: material.sid },
            token: buyer.token,
          });
          expect(waiting.code).toBe(ErrorCode.TRACE_VIDEO_PREPARING.code);
        }
        const [{ n }] = (await t.database.db
          .select({ n: count() })
          .from(licences)
          .where(and(eq(licences.materialSid, material.sid), gt(licences.downloadCount, 0)))) as [{ n: number }];
        expect(n).toBe(0);
        const outcomes = await t.app.services.licences.runDueTracedVideos();
        expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done']);
        const fetched = [];
        for (const buyer of [first, second]) {
          const link = await injectApi(t, LICENCE_API.materialDownload, {
            params: { id: material.sid },
            token: buyer.token,
          });
          expect(link.code).toBe(0);
          const file = await t.app.inject({ method: 'GET', url: link.data.url });
          expect(file.headers['content-type']).toBe('video/mp4');
          fetched.push(file.rawPayload);
        }
        expect(fetched[0]!.equals(fetched[1]!)).toBe(false);

        const marked = join(dir, 'second.mp4');
        await writeFile(marked, fetched[1]!);
        const copy = join(dir, 'copy.mp4');
        await ffmpeg('-i', marked, '-vf', 'scale=320:180', '-c:v', 'libx264', '-crf', '28', copy);
        const still = join(dir, 'still.png');
        await ffmpeg('-ss', '1.2', '-i', copy, '-frames:v', '1', still);
        const [licence] = await t.database.db
          .select()
          .from(licences)
          .where(and(eq(licences.materialSid, material.sid), eq(licences.ownerSid, second.sid)));

        const operator = await createTestOperator(t, '内容小王', [OperatorRole.CONTENT]);
        // Found by its frames' resemblance (hashed by the first marked copy), not named.
        const res = await trace(operator.token, await readFile(still), { type: 'image/png' });
        expect(res.statusCode).toBe(200);
        const { data } = res.json();
        expect(data.match).toMatchObject({ certNo: licence!.certNo, cut: null, materialSid: material.sid });
        expect(Math.abs(data.match.frameMs - 1200)).toBeLessThanOrEqual(41);
        expect(data.candidates[0]).toMatchObject({ sid: material.sid, format: 'video', licencesCompared: 2 });

        // The copy itself, a short video file: five stills read together name the same licence.
        const whole = await trace(operator.token, await readFile(copy), { type: 'video/mp4' });
        expect(whole.statusCode).toBe(200);
        const read = whole.json().data;
        expect(read.copy).toMatchObject({ kind: 'video', width: 320, height: 180, durationMs: expect.any(Number) });
        expect(read.match).toMatchObject({ certNo: licence!.certNo, cut: null, materialSid: material.sid });
        expect(read.match.score).toBeGreaterThanOrEqual(read.threshold);
        expect(read.candidates[0].readings).toEqual([
          expect.objectContaining({ cut: null, placed: true, stills: 5, bestScore: read.match.score }),
        ]);
        const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
        expect(entries.map((e) => (e.after as { copy: { kind: string } }).copy.kind).sort()).toEqual([
          'image',
          'video',
        ]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 240_000);

    it('answers 未检出 for a WebM copy of the unmarked original, read by its stills', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'trace-api-'));
      try {
        const originalPath = join(dir, 'original.mp4');
        await ffmpeg(
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2'],
          ...['-vf', 'gblur=sigma=1.2,noise=alls=4:allf=t'],
          ...['-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', originalPath],
        );
        const [m] = await createMaterials(t, 1, { width: 640, height: 360, format: 'video' });
        await t.app.deps.storage.put(m!.originalKey, await readFile(originalPath), 'video/mp4');
        const buyer = await companyBuyer('杭州市琢玉坊有限公司');
        const order = await placeOrder(t, buyer, { [m!.sid]: m!.authTypes[0]! });
        expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
        // As though its marked copy had been downloaded: this copy is of the unmarked original.
        await t.database.db.update(licences).set({ downloadCount: 1 }).where(eq(licences.materialSid, m!.sid));
        const copy = join(dir, 'copy.webm');
        await ffmpeg('-i', originalPath, '-vf', 'scale=320:180', '-c:v', 'libvpx', '-b:v', '400k', copy);
        const operator = await createTestOperator(t);
        const res = await trace(operator.token, await readFile(copy), { type: 'video/webm', material: m!.sid });
        expect(res.statusCode).toBe(200);
        const { data } = res.json();
        expect(data).toMatchObject({ found: false, match: null, copy: { kind: 'video', width: 320, height: 180 } });
        expect(data.candidates[0].readings).toEqual([
          expect.objectContaining({ placed: true, stills: 5, licencesCompared: 1 }),
        ]);
        expect(data.candidates[0].bestScore).toBeLessThan(data.threshold);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 240_000);

    it('a bad video copy → a coded error, nothing recorded: not a video 4490, over 60 s 4491, frames under 64 px 4482, a picture material named 4492', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'trace-api-'));
      try {
        const long = join(dir, 'long.mp4');
        await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x96:rate=2:duration=61', '-c:v', 'libx264', long);
        const tiny = join(dir, 'tiny.mp4');
        await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=96x48:rate=5:duration=2', '-c:v', 'libx264', tiny);
        const fine = join(dir, 'fine.mp4');
        await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x96:rate=5:duration=2', '-c:v', 'libx264', fine);
        const { material: picture } = await pictureMaterial(5);
        const operator = await createTestOperator(t);
        const cases: [Buffer, string, { code: number; message: string }, string?][] = [
          [Buffer.from('not a video at all'), 'video/mp4', ErrorCode.TRACE_COPY_VIDEO_UNREADABLE],
          // an MP4's first bytes, then nothing ffprobe can read
          [
            Buffer.concat([(await readFile(fine)).subarray(0, 64), Buffer.alloc(2000)]),
            'video/quicktime',
            ErrorCode.TRACE_COPY_VIDEO_UNREADABLE,
          ],
          [await makeJpeg(300, 200), 'video/webm', ErrorCode.TRACE_COPY_VIDEO_UNREADABLE],
          [await readFile(long), 'video/mp4', ErrorCode.TRACE_COPY_VIDEO_TOO_LONG],
          [await readFile(tiny), 'video/mp4', ErrorCode.TRACE_COPY_TOO_SMALL],
          [await readFile(fine), 'video/mp4', ErrorCode.TRACE_COPY_VIDEO_NOT_VIDEO_MATERIAL, picture.sid],
        ];
        for (const [body, type, expected, material] of cases) {
          const res = await trace(operator.token, body, { type, material });
          expect(res.json()).toMatchObject({ code: expected.code, message: expected.message });
        }
        const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
        expect(entries).toHaveLength(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('a video this server cannot read → 4485, nothing recorded', async () => {
      const [m] = await createMaterials(t, 1, { width: 640, height: 360, format: 'video' });
      await t.app.deps.storage.put(m!.originalKey, Buffer.from('not a video'), 'video/mp4');
      const buyer = await companyBuyer('某公司');
      const order = await placeOrder(t, buyer, { [m!.sid]: m!.authTypes[0]! });
      expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
      // As though its marked copy had been downloaded.
      await t.database.db.update(licences).set({ downloadCount: 1 }).where(eq(licences.materialSid, m!.sid));
      const operator = await createTestOperator(t);
      const res = await trace(operator.token, await makeJpeg(300, 200), { material: m!.sid });
      expect(res.json()).toMatchObject({
        code: ErrorCode.TRACE_VIDEO_UNAVAILABLE.code,
        message: ErrorCode.TRACE_VIDEO_UNAVAILABLE.message,
      });
      const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
      expect(entries).toHaveLength(0);
    });
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

    it('a picture like no material → 4483; a material that does not exist → 4484', async () => {
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
      const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorSid, operator.sid));
      expect(entries).toHaveLength(0);
    });
  });
});
