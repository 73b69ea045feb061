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
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../../src/db/schema/index.js';
import { channelCutKey } from '../../src/media/keys.js';
import { createBuyer } from '../helpers/factories.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
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

  it('a second download of the same cut reuses the stored file instead of cutting again', async () => {
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
    // Whatever is stored under the cut's key is what the next download serves: nothing is cut again.
    await t.app.deps.storage.put(key, Buffer.from('stored cut'), 'image/jpeg');
    const second = await ask();
    expect(second.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: second.data.url })).body).toBe('stored cut');
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

  it('refuses a video, an unknown preset, an unlicensed account and a visitor, with codes', async () => {
    const video = await licensedPicture({ width: 1920, height: 1080, format: 'video' });
    const refusedVideo = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: video.material.sid },
      query: { preset: ChannelPreset.TMALL },
      token: video.buyer.token,
    });
    expect(refusedVideo.code).toBe(ErrorCode.PRESET_NOT_FOR_VIDEO.code);
    const videoCuts = await injectApi(t, LICENCE_API.channelCuts, {
      params: { id: video.material.sid },
      token: video.buyer.token,
    });
    expect(videoCuts.data.cuts.every((c) => !c.available && c.reason === ErrorCode.PRESET_NOT_FOR_VIDEO.message)).toBe(
      true,
    );

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
