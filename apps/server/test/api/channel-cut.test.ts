import {
  CHANNEL_PRESET_TABLE,
  ChannelPreset,
  endpointUrl,
  ErrorCode,
  LICENCE_API,
  type TCropBox,
  USER_API,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads, licences } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { channelCutKey, channelVideoCutKey, tracedCutKey } from '../../src/media/keys.js';
import { createVideoProcessor } from '../../src/media/video-processor.js';
import { createBuyer } from '../helpers/factories.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // One attempt per reframe: a failure is final at once here (retries: channel-cut-jobs.test.ts).
  t = await buildTestApp({ mediaWorker: { enabled: false, maxAttempts: 1 } });
});
afterAll(async () => t.close());

const WIDTH = 1500;
const HEIGHT = 2000;
/** A bright jewel near the top-right corner: a centred crop of every preset but 3:4 would miss it. */
const SUBJECT = { x: 1375, y: 150, r: 100 };

async function syntheticOriginal(width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#1c1c1c"/>` +
    `<circle cx="${SUBJECT.x}" cy="${SUBJECT.y}" r="${SUBJECT.r}" fill="#ffd54a"/>` +
    `<circle cx="${SUBJECT.x - 30}" cy="${SUBJECT.y - 30}" r="${SUBJECT.r / 4}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A company that licensed one picture whose original is `original` at `width` × `height`. */
async function licensedPicture(options: { width?: number; height?: number; format?: 'image' | 'video' } = {}) {
  const width = options.width ?? WIDTH;
  const height = options.height ?? HEIGHT;
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 1_000_000);
  const [material] = await createMaterials(t, 1, { width, height, format: options.format ?? 'image' });
  const m = material!;
  const original = options.format === 'video' ? Buffer.from('not a picture') : await syntheticOriginal(width, height);
  await t.app.deps.storage.put(m.originalKey, original, m.originalMime);
  const order = await placeOrder(t, buyer, { [m.sid]: m.authTypes.includes(2) ? 2 : m.authTypes[0]! });
  expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
  return { buyer, material: m };
}

function containsSubject(crop: TCropBox): boolean {
  const x = SUBJECT.x / WIDTH;
  const y = SUBJECT.y / HEIGHT;
  const rx = SUBJECT.r / WIDTH;
  const ry = SUBJECT.r / HEIGHT;
  return (
    crop.left <= x - rx && x + rx <= crop.left + crop.width && crop.top <= y - ry && y + ry <= crop.top + crop.height
  );
}

/** Share of the picture's pixels that are the bright subject. */
async function brightShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! > 160) bright += 1;
  return bright / (info.width * info.height);
}

describe('channel cuts of a licensed picture', () => {
  it('lists every preset with a frame that keeps the off-centre subject', async () => {
    const { buyer, material } = await licensedPicture();
    const res = await injectApi(t, LICENCE_API.channelCuts, { params: { id: material.sid }, token: buyer.token });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ material: material.sid, width: WIDTH, height: HEIGHT });
    // the frame is drawn on the public watermarked picture, never on the original
    expect(res.data.previewUrl).toMatch(/\/watermark-[0-9a-f]+\.webp$/);
    expect(res.data.cuts.map((c) => c.preset)).toEqual(CHANNEL_PRESET_TABLE.map((p) => p.preset));
    for (const cut of res.data.cuts) {
      expect(cut.available, cut.preset).toBe(true);
      expect(cut.reason).toBeNull();
      const crop = cut.crop!;
      // The frame has the channel's ratio (to a pixel of the 512 px copy it was found on).
      expect((crop.width * WIDTH) / (crop.height * HEIGHT)).toBeCloseTo(cut.width / cut.height, 1);
      expect(containsSubject(crop), `${cut.preset} ${JSON.stringify(crop)}`).toBe(true);
    }
  });

  it.each(CHANNEL_PRESET_TABLE.map((p) => [p.preset, p.width, p.height] as const))(
    '%s: the download is exactly %i × %i with the subject in it, and is a download of the licence',
    async (preset, width, height) => {
      const { buyer, material } = await licensedPicture();
      const res = await injectApi(t, LICENCE_API.materialDownload, {
        params: { id: material.sid },
        query: { preset },
        token: buyer.token,
      });
      expect(res.code).toBe(0);
      expect(Date.parse(res.data.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
      const file = await t.app.inject({ method: 'GET', url: res.data.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      // The subject is about 1% of the original; a cut that lost it would hold none of it.
      expect(await brightShare(file.rawPayload)).toBeGreaterThan(0.005);

      const rows = await t.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ materialSid: material.sid, kind: 'licence', preset });
      const me = await injectApi(t, USER_API.me, { token: buyer.token });
      expect(me.data.user.downloadCount).toBe(1);
    },
  );

  it("a second download of the same cut reuses the stored files: the shared cut, and the licence's marked copy of it", async () => {
    const { buyer, material } = await licensedPicture();
    const ask = () =>
      injectApi(t, LICENCE_API.materialDownload, {
        params: { id: material.sid },
        query: { preset: ChannelPreset.XIAOHONGSHU },
        token: buyer.token,
      });
    const first = await ask();
    expect(first.code).toBe(0);
    const key = channelCutKey(material.sid, 'xiaohongshu', { width: 1242, height: 1656 }, material.originalKey);
    expect(key.startsWith('private/')).toBe(true);
    expect(await t.app.deps.storage.stat(key)).not.toBeNull();
    // The licence's copy is marked from whatever is stored under the cut's key: nothing is cut again.
    const lilac = await sharp({ create: { width: 1242, height: 1656, channels: 3, background: '#c8a2c8' } })
      .jpeg()
      .toBuffer();
    await t.app.deps.storage.put(key, lilac, 'image/jpeg');
    const served = (await t.app.inject({ method: 'GET', url: first.data.url })).rawPayload;
    const { dominant } = await sharp(served).stats();
    expect(dominant).toMatchObject({ r: expect.closeTo(200, -1.5), g: expect.closeTo(162, -1.5) });
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.materialSid, material.sid));
    const marked = tracedCutKey(material.sid, 'xiaohongshu', licence!.sid, key);
    expect(await t.app.deps.storage.stat(marked)).not.toBeNull();
    // And the marked copy, once made, is what every later download of the licence serves.
    await t.app.deps.storage.put(marked, Buffer.from('stored marked cut'), 'image/jpeg');
    const second = await ask();
    expect(second.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: second.data.url })).body).toBe('stored marked cut');
    const rows = await t.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid));
    expect(rows.map((r) => r.preset)).toEqual(['xiaohongshu', 'xiaohongshu']);
  });

  it('a preset larger than the original is refused with a code, nothing stored or counted; the list says why', async () => {
    const { buyer, material } = await licensedPicture({ width: 1200, height: 1200 });
    const res = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: material.sid },
      query: { preset: ChannelPreset.DOUYIN },
      token: buyer.token,
    });
    expect(res.code).toBe(ErrorCode.PRESET_TOO_LARGE.code);
    expect(res.status).toBe(409);
    expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    const key = channelCutKey(material.sid, 'douyin', { width: 1080, height: 1920 }, material.originalKey);
    expect(await t.app.deps.storage.stat(key)).toBeNull();
    expect(await t.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid))).toHaveLength(0);
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    expect(me.data.user.downloadCount).toBe(0);

    const list = await injectApi(t, LICENCE_API.channelCuts, { params: { id: material.sid }, token: buyer.token });
    const byPreset = Object.fromEntries(list.data.cuts.map((c) => [c.preset, c]));
    expect(byPreset.tmall).toMatchObject({ available: true });
    expect(byPreset.douyin).toMatchObject({ available: false, crop: null });
    expect(byPreset.douyin!.reason).toContain('1080×1920');
    expect(byPreset.xiaohongshu).toMatchObject({ available: false });
  });

  it('refuses a picture-only preset for a video, an unknown preset, an unlicensed account and a visitor, with codes', async () => {
    const video = await licensedPicture({ width: 1920, height: 1080, format: 'video' });
    const videoDownload = (preset: ChannelPreset) =>
      injectApi(t, LICENCE_API.materialDownload, {
        params: { id: video.material.sid },
        query: { preset },
        token: video.buyer.token,
      });
    expect((await videoDownload(ChannelPreset.XIAOHONGSHU)).code).toBe(ErrorCode.PRESET_NOT_FOR_VIDEO.code);
    expect((await videoDownload(ChannelPreset.WECHAT)).code).toBe(ErrorCode.PRESET_NOT_FOR_VIDEO.code);
    // 1080 lines make no 1920-line vertical video: never enlarged
    expect((await videoDownload(ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_TOO_LARGE.code);
    const videoCuts = await injectApi(t, LICENCE_API.channelCuts, {
      params: { id: video.material.sid },
      token: video.buyer.token,
    });
    expect(
      Object.fromEntries(videoCuts.data.cuts.map((c) => [c.preset, [c.available, c.use, c.reason, c.preparing]])),
    ).toEqual({
      tmall: [true, '主图视频', null, false],
      jd: [true, '主图视频', null, false],
      douyin: [false, '竖屏视频', '原片 1920×1080，不足 1080×1920，不会放大画面', false],
      xiaohongshu: [false, '笔记配图', ErrorCode.PRESET_NOT_FOR_VIDEO.message, false],
      wechat: [false, '文章封面', ErrorCode.PRESET_NOT_FOR_VIDEO.message, false],
    });
    // 1:1 is the centred square of the picture
    expect(videoCuts.data.cuts.find((c) => c.preset === 'tmall')!.crop).toEqual({
      left: 0.2188,
      top: 0,
      width: 0.5625,
      height: 1,
    });

    const { buyer, material } = await licensedPicture();
    const unknown = await t.call({
      method: 'GET',
      url: `${endpointUrl(LICENCE_API.materialDownload, { params: { id: material.sid } })}?preset=weibo`,
      token: buyer.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe(ErrorCode.VALIDATION.code);
    expect(unknown.message).toContain('渠道尺寸');

    const stranger = await createBuyer(t);
    for (const endpointCall of [
      injectApi(t, LICENCE_API.channelCuts, { params: { id: material.sid }, token: stranger.token }),
      injectApi(t, LICENCE_API.materialDownload, {
        params: { id: material.sid },
        query: { preset: ChannelPreset.JD },
        token: stranger.token,
      }),
    ]) {
      expect((await endpointCall).code).toBe(ErrorCode.NOT_ENTITLED.code);
    }
    expect((await injectApi(t, LICENCE_API.channelCuts, { params: { id: material.sid } })).code).toBe(1000);
    const rows = [video.buyer.sid, buyer.sid, stranger.sid];
    for (const sid of rows) {
      expect(await t.database.db.select().from(downloads).where(eq(downloads.userSid, sid))).toHaveLength(0);
    }
  });
});

/**
 * A white product shot with a large dark ring (a grey stone on top) off centre, low and to the
 * left. It fits every preset's frame, the 2.35:1 one (638 px high here, the ring 600) only when
 * the frame is placed on it: sharp's attention strategy alone leaves the ring's bottom out there.
 */
const RING = { x: 560, y: 1300, r: 270, stroke: 40, stone: 40 };

async function whiteBackgroundOriginal(width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#fbfbfb"/>` +
    `<circle cx="${RING.x}" cy="${RING.y}" r="${RING.r}" fill="none" stroke="#2a2620" stroke-width="${RING.stroke}"/>` +
    `<circle cx="${RING.x}" cy="${RING.y - RING.r}" r="${RING.stone}" fill="#8a8f99"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Dark pixels of the cut, and those on its outermost rows and columns (a ring cut by the frame crosses them). */
async function darkPixels(image: Buffer): Promise<{ inside: number; onEdge: number }> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let inside = 0;
  let onEdge = 0;
  const edge = 2;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[y * info.width + x]! > 110) continue;
      inside += 1;
      if (x < edge || y < edge || x >= info.width - edge || y >= info.height - edge) onEdge += 1;
    }
  }
  return { inside, onEdge };
}

describe('channel cuts of a white-background product shot', () => {
  it.each([
    ['a 白底 material', 'white'],
    ['any material whose border is near-white', null],
  ] as const)(
    '%s: every preset is framed on the product, the whole ring inside, at its exact size',
    async (_, scene) => {
      const buyer = await createCompanyBuyer(t);
      await fundWallet(t, buyer.sid, 1_000_000);
      const [m] = await createMaterials(t, 1, { width: WIDTH, height: HEIGHT, format: 'image', scene });
      await t.app.deps.storage.put(m!.originalKey, await whiteBackgroundOriginal(), m!.originalMime);
      const order = await placeOrder(t, buyer, { [m!.sid]: m!.authTypes.includes(2) ? 2 : m!.authTypes[0]! });
      expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);

      // A cut stored before product framing (attention's, under the first way of cutting's key) is not served.
      const attentionKey = (preset: string, size: { width: number; height: number }) =>
        `private/materials/${m!.sid}/cut-${preset}-${size.width}x${size.height}-` +
        createHash('sha256').update(`1:${m!.originalKey}`).digest('hex').slice(0, 16) +
        '.jpg';
      for (const spec of CHANNEL_PRESET_TABLE) {
        await t.app.deps.storage.put(attentionKey(spec.preset, spec), Buffer.from('attention cut'), 'image/jpeg');
      }

      const list = await injectApi(t, LICENCE_API.channelCuts, { params: { id: m!.sid }, token: buyer.token });
      for (const cut of list.data.cuts) {
        const crop = cut.crop!;
        const ring = {
          left: (RING.x - RING.r - RING.stroke / 2) / WIDTH,
          right: (RING.x + RING.r + RING.stroke / 2) / WIDTH,
          top: (RING.y - RING.r - RING.stone) / HEIGHT,
          bottom: (RING.y + RING.r + RING.stroke / 2) / HEIGHT,
        };
        // The preview shows the frame the download uses.
        expect(crop.left <= ring.left && ring.right <= crop.left + crop.width, `${cut.preset} across`).toBe(true);
        expect(crop.top <= ring.top && ring.bottom <= crop.top + crop.height, `${cut.preset} down`).toBe(true);
      }

      for (const spec of CHANNEL_PRESET_TABLE) {
        const res = await injectApi(t, LICENCE_API.materialDownload, {
          params: { id: m!.sid },
          query: { preset: spec.preset },
          token: buyer.token,
        });
        expect(res.code, spec.preset).toBe(0);
        const file = (await t.app.inject({ method: 'GET', url: res.data.url })).rawPayload;
        expect(file.toString('latin1')).not.toBe('attention cut');
        const meta = await sharp(file).metadata();
        expect([meta.width, meta.height], spec.preset).toEqual([spec.width, spec.height]);
        const dark = await darkPixels(file);
        // The ring is in the cut (a few % of it), and nowhere does the frame cut through it.
        expect(dark.inside / (spec.width * spec.height), spec.preset).toBeGreaterThan(0.005);
        expect(dark.onEdge, spec.preset).toBe(0);
      }
    },
  );
});

const video = createVideoProcessor({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const NO_FFMPEG = ' (skipped: ffmpeg/ffprobe not found on PATH)';
const VIDEO_WIDTH = 1920;
const VIDEO_HEIGHT = 2160;

/**
 * A second of real H.264 video with sound, 1920 × 2160: dark, with the jewel (a bright square) in
 * the middle and a white band along the left edge, which a centred 9:16 frame leaves out.
 */
function makeVideo(dir: string): Buffer {
  const path = join(dir, 'ring.mp4');
  execFileSync(video.ffmpegPath!, [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=0x1c1c1c:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:d=1:r=10`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-vf', 'drawbox=x=860:y=980:w=200:h=200:color=0xffd54a:t=fill,drawbox=x=0:y=0:w=120:h=2160:color=white:t=fill'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  return readFileSync(path);
}

/** Size, sound and the middle frame (PNG) of a downloaded reframe. */
function inspect(dir: string, data: Buffer) {
  const path = join(dir, `cut-${newSid(6)}.mp4`);
  writeFileSync(path, data);
  const probe = JSON.parse(
    execFileSync(video.ffprobePath!, ['-v', 'error', '-print_format', 'json', '-show_streams', path]).toString(),
  ) as { streams: { codec_type: string; width?: number; height?: number }[] };
  const frame = execFileSync(video.ffmpegPath!, [
    ...['-v', 'error', '-ss', '0.5', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
  ]);
  const picture = probe.streams.find((s) => s.codec_type === 'video')!;
  return {
    size: [picture.width, picture.height],
    sound: probe.streams.some((s) => s.codec_type === 'audio'),
    frame,
  };
}

/** Share of the frame's pixels that are white (the band the centred 9:16 frame leaves out). */
async function whiteShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 230 && data[i + 2]! > 230) white += 1;
  return white / (info.width * info.height);
}

describe('reframes of a licensed video', () => {
  let dir: string;
  let mp4: Buffer | null = null;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gemstock-reframe-'));
    if (video.available) mp4 = makeVideo(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function licensedVideo(original: Buffer | null) {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [m] = await createMaterials(t, 1, { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, format: 'video' });
    await t.app.deps.storage.put(m!.originalKey, original ?? Buffer.from('not a video'), 'video/mp4');
    const order = await placeOrder(t, buyer, { [m!.sid]: m!.authTypes.includes(2) ? 2 : m!.authTypes[0]! });
    expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
    const download = (preset: ChannelPreset) =>
      injectApi(t, LICENCE_API.materialDownload, { params: { id: m!.sid }, query: { preset }, token: buyer.token });
    const cuts = async () =>
      (await injectApi(t, LICENCE_API.channelCuts, { params: { id: m!.sid }, token: buyer.token })).data.cuts;
    const counted = async () =>
      (await t.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid))).map((r) => r.preset);
    return { material: m!, download, cuts, counted };
  }

  it.skipIf(!video.available)(
    `douyin 1080 × 1920 and 1:1 800 × 800, centred on the subject with the sound, made once in the background; each download counted${video.available ? '' : NO_FFMPEG}`,
    async () => {
      const { material, download, cuts, counted } = await licensedVideo(mp4);
      expect((await cuts()).filter((c) => c.available).map((c) => c.preset)).toEqual(['tmall', 'jd', 'douyin']);

      // The first download queues the reframe: nothing handed over or counted yet.
      const first = await download(ChannelPreset.DOUYIN);
      expect(first.code).toBe(ErrorCode.PRESET_PREPARING.code);
      expect(await counted()).toEqual([]);
      await t.app.services.licences.runDueReframes();
      expect((await cuts()).every((c) => !c.preparing)).toBe(true);

      const ready = await download(ChannelPreset.DOUYIN);
      expect(ready.code).toBe(0);
      const file = await t.app.inject({ method: 'GET', url: ready.data.url });
      expect(file.statusCode).toBe(200);
      const vertical = inspect(dir, file.rawPayload);
      expect(vertical.size).toEqual([1080, 1920]);
      expect(vertical.sound).toBe(true);
      // The jewel (about 2 % of the frame) is in; the band at the far left is out.
      expect(await brightShare(vertical.frame)).toBeGreaterThan(0.01);
      expect(await whiteShare(vertical.frame)).toBe(0);
      const key = channelVideoCutKey(material.sid, { width: 1080, height: 1920 }, material.originalKey);
      expect(await t.app.deps.storage.stat(key)).not.toBeNull();

      // 天猫 and 京东 take the same 800 × 800 file: made once, for the first of them.
      expect((await download(ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_PREPARING.code);
      await t.app.services.licences.runDueReframes();
      const square = await download(ChannelPreset.JD);
      expect(square.code).toBe(0);
      const squareFile = inspect(dir, (await t.app.inject({ method: 'GET', url: square.data.url })).rawPayload);
      expect(squareFile.size).toEqual([800, 800]);
      expect(await brightShare(squareFile.frame)).toBeGreaterThan(0.01);

      // A second download is the stored file again, counted again.
      expect((await download(ChannelPreset.DOUYIN)).code).toBe(0);
      expect((await counted()).sort()).toEqual(['douyin', 'douyin', 'jd']);
    },
    60_000,
  );

  it.skipIf(!video.available)(
    `a reframe that fails is told once (4425), nothing counted, and the next download tries again${video.available ? '' : NO_FFMPEG}`,
    async () => {
      const { download, cuts, counted } = await licensedVideo(null);
      expect((await download(ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_PREPARING.code);
      await t.app.services.licences.runDueReframes();
      expect((await download(ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_VIDEO_FAILED.code);
      expect((await download(ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_PREPARING.code);
      await t.app.services.licences.runDueReframes();
      expect((await cuts()).every((c) => !c.preparing)).toBe(true);
      expect(await counted()).toEqual([]);
    },
    60_000,
  );
});
