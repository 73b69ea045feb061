import { ADMIN_TRACE_PATH, ErrorCode, LICENCE_API, OperatorRole, pathUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { licences } from '../../src/db/schema/index.js';
import { traceSampledKey } from '../../src/media/keys.js';
import { createVideoProcessor, type RawFramesOptions, type VideoProcessor } from '../../src/media/video-processor.js';
import { createTestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * 溯源 of a video decodes the original's sampled pass (≤ 4 frames a second, 64 px, the whole
 * video) once, not at every trace (docs/decisions/0049): the first trace, or the licence's first
 * marked copy, keeps it in private storage by the original's key, and every later trace reads it
 * from there. Counted on ffmpeg itself: the real VideoProcessor, its sampled passes counted.
 */

const real = createVideoProcessor({});
const run = promisify(execFile);
/** Whole-video sampled passes in grey (the frames' hashes of a marked copy are in colour). */
let sampledPasses = 0;
const counting: VideoProcessor = Object.assign(Object.create(real) as VideoProcessor, {
  rawFrames(input: string, output: string, options: RawFramesOptions) {
    if (options.fps !== undefined && !options.colour) sampledPasses += 1;
    return real.rawFrames(input, output, options);
  },
});

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({}, { video: counting });
  dir = await mkdtemp(join(tmpdir(), 'trace-sampled-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sampledPasses = 0;
});

async function ffmpeg(...args: string[]) {
  await run(real.ffmpegPath!, ['-v', 'error', '-nostdin', '-y', ...args]);
}

/** A 2 s video material and its buyer; a still of it (PNG) and a short copy (MP4) of it. */
async function videoMaterial(name: string) {
  const original = join(dir, `${name}.mp4`);
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-vf', 'noise=alls=4:allf=t', '-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', original],
  );
  const still = join(dir, `${name}-still.png`);
  await ffmpeg('-ss', '1.2', '-i', original, '-frames:v', '1', still);
  const copy = join(dir, `${name}-copy.mp4`);
  await ffmpeg('-i', original, '-c:v', 'libx264', '-crf', '28', copy);
  const [m] = await createMaterials(t, 1, { width: 320, height: 180, format: 'video' });
  await t.app.deps.storage.put(m!.originalKey, await readFile(original), 'video/mp4');
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 1_000_000);
  const order = await placeOrder(t, buyer, { [m!.sid]: m!.authTypes[0]! });
  expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
  return { material: m!, buyer, still: await readFile(still), copy: await readFile(copy) };
}

function trace(token: string, body: Buffer, type: string, material: string) {
  return t.app.inject({
    method: 'POST',
    url: pathUrl(ADMIN_TRACE_PATH, {}, { material }),
    headers: { 'content-type': type, authorization: `Bearer ${token}` },
    payload: body,
  });
}

describe.skipIf(!real.available)("a video's sampled frames for 溯源", () => {
  it('are decoded by the first trace and kept: a second trace, and a video copy, read them from storage', async () => {
    const { material, still, copy } = await videoMaterial('first-trace');
    // As though its marked copy had been downloaded (none made: nothing sampled yet).
    await t.database.db.update(licences).set({ downloadCount: 1 }).where(eq(licences.materialSid, material.sid));
    const key = traceSampledKey(material.sid, material.originalKey);
    expect(await t.app.deps.storage.stat(key)).toBeNull();
    const operator = await createTestOperator(t, '内容小王', [OperatorRole.CONTENT]);

    const first = await trace(operator.token, still, 'image/png', material.sid);
    expect(first.statusCode).toBe(200);
    expect(sampledPasses).toBe(1);
    // 2 s at 4 a second, 64×36 each, behind a 12-byte header
    expect((await t.app.deps.storage.stat(key))?.bytes).toBe(12 + 8 * 64 * 36);

    const second = await trace(operator.token, still, 'image/png', material.sid);
    expect(second.statusCode).toBe(200);
    const video = await trace(operator.token, copy, 'video/mp4', material.sid);
    expect(video.statusCode).toBe(200);
    expect(sampledPasses).toBe(1);
    // The same frame found from the kept frames as from a fresh decode.
    expect(second.json().data.candidates[0].readings[0].frameMs).toBe(
      first.json().data.candidates[0].readings[0].frameMs,
    );
    expect(video.json().data.candidates[0].readings[0]).toMatchObject({ placed: true, stills: 5 });
  }, 240_000);

  it('a file that is not sampled frames (or sampled otherwise) is sampled again and replaced', async () => {
    const { material, still } = await videoMaterial('replaced');
    await t.database.db.update(licences).set({ downloadCount: 1 }).where(eq(licences.materialSid, material.sid));
    const key = traceSampledKey(material.sid, material.originalKey);
    await t.app.deps.storage.put(key, Buffer.from('not sampled frames'), 'application/octet-stream');
    const operator = await createTestOperator(t);
    expect((await trace(operator.token, still, 'image/png', material.sid)).statusCode).toBe(200);
    expect(sampledPasses).toBe(1);
    expect((await t.app.deps.storage.stat(key))?.bytes).toBe(12 + 8 * 64 * 36);
    expect((await trace(operator.token, still, 'image/png', material.sid)).statusCode).toBe(200);
    expect(sampledPasses).toBe(1);
  }, 240_000);

  it("are kept by the licence's first marked copy: its first trace decodes nothing whole", async () => {
    const { material, buyer, still } = await videoMaterial('marked-copy');
    const waiting = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: material.sid },
      token: buyer.token,
    });
    expect(waiting.code).toBe(ErrorCode.TRACE_VIDEO_PREPARING.code);
    expect((await t.app.services.licences.runDueTracedVideos()).map((o) => o.outcome)).toEqual(['done']);
    expect(sampledPasses).toBe(1);
    const link = await injectApi(t, LICENCE_API.materialDownload, { params: { id: material.sid }, token: buyer.token });
    expect(link.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: link.data.url })).statusCode).toBe(200);

    const operator = await createTestOperator(t);
    const res = await trace(operator.token, still, 'image/png', material.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidates[0].readings[0]).toMatchObject({ placed: true });
    expect(sampledPasses).toBe(1);
  }, 240_000);
});
