import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, daysAgo, insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { MATERIAL_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

describe('material detail, related and featured videos', () => {
  let t: TestApp;
  const f: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    f.main = (
      await insertMaterial(t, {
        keywords: ['钻石', '项链', '奢华', '白底'],
        width: 4000,
        height: 3000,
        pricesCents: { '1': 45_800, '2': 32_800, '9': 1 },
        specialPricesCents: { '2': 19_900 },
        customPriceCents: 59_800,
        remark: '模特已授权',
      })
    ).sid;
    // Shares three keywords, then two, then one; the disabled one shares all four.
    f.three = (await insertMaterial(t, { keywords: ['钻石', '项链', '奢华'], likeCount: 1 })).sid;
    f.twoLiked = (await insertMaterial(t, { keywords: ['钻石', '白底'], likeCount: 90 })).sid;
    f.two = (await insertMaterial(t, { keywords: ['项链', '奢华', '复古'], likeCount: 2 })).sid;
    f.one = (await insertMaterial(t, { keywords: ['白底', '耳环'] })).sid;
    f.none = (await insertMaterial(t, { keywords: ['翡翠', '手镯'] })).sid;
    f.hidden = (await insertMaterial(t, { keywords: ['钻石', '项链', '奢华', '白底'], disabled: true })).sid;
    for (let i = 0; i < 15; i += 1) await insertMaterial(t, { keywords: ['耳环', `填充${i}`] });
    f.video = (
      await insertMaterial(t, {
        keywords: ['黄金', '手镯', '旋转展示'],
        format: 'video',
        width: 3840,
        height: 2160,
        durationMs: 15_000,
        aspectRatio: '16:9',
        resolution: '3840x2160',
        featured: true,
        createdAt: daysAgo(1),
      })
    ).sid;
    f.olderVideo = (
      await insertMaterial(t, {
        keywords: ['珍珠'],
        format: 'video',
        width: 1080,
        height: 1920,
        featured: true,
        createdAt: daysAgo(9),
      })
    ).sid;
    await insertMaterial(t, { keywords: ['珍珠'], format: 'video', width: 1080, height: 1920, featured: false });
    await insertMaterial(t, {
      keywords: ['珍珠'],
      format: 'video',
      width: 1080,
      height: 1920,
      featured: true,
      disabled: true,
    });
    await insertMaterial(t, { keywords: ['珍珠'], format: 'image', featured: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the material with its per-type prices, special prices and facts', async () => {
    const res = await injectApi(t, MATERIAL_API.detail, { params: { id: f.main! } });
    expect(res.code).toBe(0);
    const m = res.data;
    expect(m).toMatchObject({
      sid: f.main,
      format: 'image',
      keywords: ['钻石', '项链', '奢华', '白底'],
      width: 4000,
      height: 3000,
      authType: [1, 2, 3, 4],
      // Own prices where set, the licence table for the rest; a price for an unknown type is dropped.
      price: { '1': 45_800, '2': 32_800, '3': 19_800, '4': 49_800 },
      specialPrice: { '2': 19_900 },
      customPrice: 59_800,
      remark: '模特已授权',
      free: false,
      liked: false,
      disabled: false,
      buyTime: null,
      extra: null,
    });
    expect(m.thumbUrl).toBe(`/media/materials/${f.main}/thumb-0123456789abcdef.webp`);
    expect(m.watermarkUrl).toMatch(/^\/media\//);
    expect(m.freeFrom).toBeUndefined();
    expect(res.raw).not.toContain('private/');
  });

  it('gives a video its extra facts and preview', async () => {
    const res = await injectApi(t, MATERIAL_API.detail, { params: { id: f.video! } });
    expect(res.data.extra).toEqual({ duration: 15, aspect_ratio: '16:9', resolution: '3840x2160' });
    expect(res.data.previewUrl).toMatch(/preview-.*\.mp4$/);
    expect(res.data.price).toBe(39_800);
  });

  it('marks a signed-in buyer’s like', async () => {
    const buyer = await createBuyer(t);
    await injectApi(t, MATERIAL_API.like, { params: { id: f.main! }, token: buyer.token });
    const res = await injectApi(t, MATERIAL_API.detail, { params: { id: f.main! }, token: buyer.token });
    expect(res.data.liked).toBe(true);
    expect(res.data.likeCount).toBe(1);
  });

  it('answers 404 in the envelope for an unknown or disabled material', async () => {
    for (const sid of ['nosuchmaterial000', f.hidden!, 'x']) {
      const res = await injectApi(t, MATERIAL_API.detail, { params: { id: sid } });
      expect(res.status).toBe(404);
      expect(res.code).toBe(3001);
      expect(res.message).toBe('素材不存在或已下架');
    }
    const related = await injectApi(t, MATERIAL_API.related, { params: { id: f.hidden! } });
    expect(related.code).toBe(3001);
  });

  it('lists related materials by shared keywords, most shared first, without itself or disabled ones', async () => {
    const res = await injectApi(t, MATERIAL_API.related, { params: { id: f.main! } });
    expect(res.code).toBe(0);
    const sids = res.data.materials.map((m) => m.sid);
    expect(sids.slice(0, 4)).toEqual([f.three, f.twoLiked, f.two, f.one]);
    expect(sids).not.toContain(f.main);
    expect(sids).not.toContain(f.hidden);
    expect(sids).not.toContain(f.none);
  });

  it('caps related materials at 12', async () => {
    const res = await injectApi(t, MATERIAL_API.related, { params: { id: f.one! } });
    expect(res.data.materials).toHaveLength(12);
  });

  it('lists featured videos, newest first, without images, unfeatured or disabled ones', async () => {
    const res = await injectApi(t, MATERIAL_API.featuredVideo);
    expect(res.code).toBe(0);
    expect(res.data.materials.map((m) => m.sid)).toEqual([f.video, f.olderVideo]);
    const paged = await injectApi(t, MATERIAL_API.featuredVideo, { query: { page: '2', page_size: '1' } });
    expect(paged.data.materials.map((m) => m.sid)).toEqual([f.olderVideo]);
  });
});
