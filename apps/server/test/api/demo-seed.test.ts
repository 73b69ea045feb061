import { DEMO_CURATED_KEYWORDS } from '../../demo/demo-catalogue.js';
import { count, eq } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywords, materials, operators, users } from '../../src/db/schema/index.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import type { LocalDiskStorage } from '../../src/media/storage.js';
import { searchTokensFor } from '../../src/modules/search/search-tokens.js';
import { DEMO_BUYER, DEMO_PASSWORD, seedDemoIfEmpty, type SeedResult } from '../../demo/demo.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API, MATERIAL_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

type Material = typeof materials.$inferSelect;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function orientationOf(m: Material): string {
  return m.width === m.height ? 'SQUARE' : m.width > m.height ? 'LANDSCAPE' : 'PORTRAIT';
}

/** Raw HTTP, so the path reaches the server exactly as written (no client-side normalising). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo seed (full catalogue) and the public media route', () => {
  let t: TestApp;
  let result: SeedResult | null;
  let rows: Material[];
  let storage: LocalDiskStorage;
  const logs: string[] = [];
  let seconds = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    storage = t.app.deps.storage as LocalDiskStorage;
    const started = Date.now();
    result = await seedDemoIfEmpty({ config: t.config, db: t.database.db, storage, log: (l) => logs.push(l) });
    seconds = (Date.now() - started) / 1000;
    rows = await t.database.db.select().from(materials);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('returns the demo credentials and logs its progress', () => {
    expect(result).toEqual({
      buyer: { email: 'buyer@demo.gemstock.cn', password: DEMO_PASSWORD },
      subAccount: { username: 'demo-sub', password: DEMO_PASSWORD },
      operator: { username: 'operator', password: DEMO_PASSWORD },
    });
    expect(logs.at(-1)).toMatch(/done in/);
    // Informative only: the budget on 2 cores is about 20–30 s with nothing else running.
    expect(seconds).toBeGreaterThan(0);
  });

  it('creates at least 60 pictures and the 6 videos', () => {
    expect(rows.filter((m) => m.format === 'image').length).toBeGreaterThanOrEqual(60);
    expect(rows.filter((m) => m.format === 'video').length).toBeGreaterThanOrEqual(6);
  });

  it('covers all three orientations and several licence sets', () => {
    const images = rows.filter((m) => m.format === 'image');
    expect(new Set(images.map(orientationOf))).toEqual(new Set(['PORTRAIT', 'LANDSCAPE', 'SQUARE']));
    for (const m of images) {
      const ratio = m.width / m.height;
      expect([4 / 3, 3 / 4, 1].some((r) => Math.abs(ratio - r) < 0.01)).toBe(true);
    }
    const sets = new Set(rows.map((m) => m.authTypes.join(',')));
    expect(sets.size).toBeGreaterThanOrEqual(3);
    expect(sets).toContain('1,2,3,4');
    expect(sets).toContain('4');
    for (const m of images) {
      const long = Math.max(m.width, m.height);
      expect(m.authTypes.includes(1)).toBe(long >= 2160);
      expect(m.authTypes.includes(2)).toBe(long >= 1440);
      expect(m.authTypes.includes(3)).toBe(long >= 1080);
      expect(m.authTypes).toContain(4);
    }
    // videos follow the video table: resolution by the short side (2K, 1080p, 720p)
    for (const m of rows.filter((r) => r.format === 'video')) {
      const short = Math.min(m.width, m.height);
      expect(m.authTypes.includes(1)).toBe(short >= 1440);
      expect(m.authTypes.includes(2)).toBe(short >= 1080);
      expect(m.authTypes.includes(3)).toBe(short >= 720);
      expect(m.authTypes).toContain(4);
    }
  });

  it('gives every material 3–6 keywords and their search tokens', () => {
    for (const m of rows) {
      expect(m.keywords.length).toBeGreaterThanOrEqual(3);
      expect(m.keywords.length).toBeLessThanOrEqual(6);
      expect(m.searchTokens).toEqual(searchTokensFor(m.keywords));
    }
    // Every curated keyword finds something.
    for (const k of DEMO_CURATED_KEYWORDS) {
      expect(
        rows.some((m) => m.keywords.some((w) => w.toLowerCase().includes(k.toLowerCase()))),
        k,
      ).toBe(true);
    }
  });

  it('answers the filter panel example, 铂金 + 钻石 + 戒指 + 佩戴, with worn platinum diamond rings', async () => {
    const found = await injectApi(t, MATERIAL_API.search, {
      query: { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn', page: 1, page_size: 30 },
    });
    expect(found.code, found.message).toBe(0);
    expect(found.data.total).toBeGreaterThanOrEqual(2);
    for (const m of found.data.materials) expect(m.keywords).toEqual(expect.arrayContaining(['铂金', '模特佩戴']));
  });

  it('varies dates, likes, prices and free periods', () => {
    const now = Date.now();
    const ages = rows.map((m) => (now - m.createdAt.getTime()) / 86_400_000);
    expect(ages.filter((d) => d <= 7).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((d) => d > 7 && d <= 30).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((d) => d > 30 && d <= 90).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((d) => d > 90 && d <= 366).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((m) => m.likeCount)).size).toBeGreaterThan(20);
    expect(rows.filter((m) => Object.keys(m.specialPricesCents).length > 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((m) => Object.keys(m.pricesCents).length > 0).length).toBeGreaterThanOrEqual(3);
    const freeNow = rows.filter(
      (m) => m.freeFrom && m.freeUntil && m.freeFrom.getTime() <= now && now < m.freeUntil.getTime(),
    );
    expect(freeNow.length).toBeGreaterThanOrEqual(3);
    for (const m of rows) {
      for (const [type, cents] of Object.entries(m.specialPricesCents)) {
        expect(m.authTypes).toContain(Number(type));
        expect(Number.isInteger(cents)).toBe(true);
      }
    }
  });

  it('describes the videos truthfully', async () => {
    const videos = rows.filter((m) => m.format === 'video');
    expect(videos.filter((v) => v.featured).length).toBeGreaterThanOrEqual(2);
    expect(new Set(videos.map((v) => v.aspectRatio))).toEqual(new Set(['16:9', '9:16', '1:1']));
    expect(new Set(videos.map((v) => v.resolution))).toEqual(new Set(['2K', '1080p', '720p']));
    for (const v of videos) {
      expect(v.durationMs).toBeGreaterThanOrEqual(5000);
      expect(v.durationMs).toBeLessThanOrEqual(10_000);
      expect(v.previewKey).toMatch(/^public\/.+\.mp4$/);
      expect(v.originalMime).toBe('video/mp4');
      const head = await readAll(await storage.getStream(v.originalKey, { start: 0, end: 11 }));
      expect(head.subarray(4, 8).toString()).toBe('ftyp');
      expect((await storage.stat(v.originalKey))?.bytes).toBe(v.originalBytes);
    }
  });

  it('stores every file, originals privately, and records true sizes', async () => {
    for (const m of rows) {
      expect(m.originalKey).toMatch(/^private\//);
      for (const key of [m.thumbKey, m.thumbSmallKey, m.coverKey, m.watermarkKey]) expect(key).toMatch(/^public\//);
      expect(m.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
      for (const key of [m.originalKey, m.thumbKey!, m.thumbSmallKey!, m.coverKey!, m.watermarkKey!]) {
        expect(await storage.stat(key), key).not.toBeNull();
      }
    }
    const images = rows.filter((m) => m.format === 'image');
    for (const m of [images[0]!, images[7]!, images[22]!, images.at(-1)!]) {
      const original = await readAll(await storage.getStream(m.originalKey));
      expect(original.length).toBe(m.originalBytes);
      const meta = await sharp(original).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([m.width, m.height, 'jpeg']);
      const thumb = await sharp(await readAll(await storage.getStream(m.thumbKey!))).metadata();
      expect(Math.max(thumb.width, thumb.height)).toBe(Math.min(480, Math.max(m.width, m.height)));
      const small = await sharp(await readAll(await storage.getStream(m.thumbSmallKey!))).metadata();
      expect([small.format, Math.max(small.width, small.height)]).toEqual([
        'webp',
        Math.min(240, Math.max(m.width, m.height)),
      ]);
      const preview = await sharp(await readAll(await storage.getStream(m.watermarkKey!))).metadata();
      expect(Math.max(preview.width, preview.height)).toBe(Math.min(1200, Math.max(m.width, m.height)));
    }
  });

  it('creates the keyword lists and the demo accounts', async () => {
    const db = t.database.db;
    const kw = await db.select().from(keywords);
    expect(kw.filter((k) => k.kind === 'curated').length).toBeGreaterThanOrEqual(20);
    expect(kw.filter((k) => k.kind === 'pinned').map((k) => k.keyword)).toHaveLength(3);
    const hot = await injectApi(t, COMMON_API.hotKeywords);
    expect(hot.data.keywords.slice(0, 3)).toEqual(['钻石戒指', '古法金', '七夕']);

    const [buyer] = await db.select().from(users).where(eq(users.email, DEMO_BUYER.email));
    expect(buyer).toMatchObject({ level: 0, company: DEMO_BUYER.company, companyAddress: DEMO_BUYER.companyAddress });
    expect(buyer!.companyLicense).toMatch(/^[0-9A-Z]{18}$/);
    expect(await verifyPassword(buyer!.passwordHash, DEMO_PASSWORD)).toBe(true);
    const [sub] = await db.select().from(users).where(eq(users.username, 'demo-sub'));
    expect(sub).toMatchObject({ level: 1, parentSid: buyer!.sid, company: DEMO_BUYER.company });
    const [op] = await db.select().from(operators);
    expect(op!.username).toBe('operator');
    expect(await verifyPassword(op!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await t.database.db.select({ n: count() }).from(materials);
    const again = await seedDemoIfEmpty({ config: t.config, db: t.database.db, storage, log: () => undefined });
    expect(again).toBeNull();
    const after = await t.database.db.select({ n: count() }).from(materials);
    expect(after).toEqual(before);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(2);
  });

  describe('GET /media/*', () => {
    const urlOf = (key: string) => `/media/${key.slice('public/'.length)}`;

    it('serves thumbnails, covers and previews with immutable caching', async () => {
      const m = rows.find((r) => r.format === 'image')!;
      for (const [key, type] of [
        [m.thumbKey!, 'image/webp'],
        [m.thumbSmallKey!, 'image/webp'],
        [m.coverKey!, 'image/webp'],
        [m.watermarkKey!, 'image/webp'],
      ] as const) {
        expect(storage.publicUrl(key)).toBe(urlOf(key));
        const res = await t.app.inject({ method: 'GET', url: urlOf(key) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width).toBeGreaterThan(0);
      }
    });

    it('serves the video preview, with byte ranges for players', async () => {
      const v = rows.find((r) => r.format === 'video')!;
      const full = await t.app.inject({ method: 'GET', url: urlOf(v.previewKey!) });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['accept-ranges']).toBe('bytes');
      const part = await t.app.inject({ method: 'GET', url: urlOf(v.previewKey!), headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
      expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
      const tail = await t.app.inject({ method: 'GET', url: urlOf(v.previewKey!), headers: { range: 'bytes=-10' } });
      expect(tail.rawPayload.equals(full.rawPayload.subarray(-10))).toBe(true);
      const bad = await t.app.inject({
        method: 'GET',
        url: urlOf(v.previewKey!),
        headers: { range: 'bytes=99999999-' },
      });
      expect(bad.statusCode).toBe(416);
      const head = await t.app.inject({ method: 'HEAD', url: urlOf(v.previewKey!) });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
      const etag = full.headers.etag as string;
      const cached = await t.app.inject({
        method: 'GET',
        url: urlOf(v.previewKey!),
        headers: { 'if-none-match': etag },
      });
      expect(cached.statusCode).toBe(304);
    });

    it('never serves an original', async () => {
      for (const m of [rows[0]!, rows.find((r) => r.format === 'video')!]) {
        const inside = m.originalKey.slice('private/'.length);
        for (const url of [
          `/media/${inside}`,
          `/media/private/${inside}`,
          `/media/../private/${inside}`,
          `/media/..%2fprivate%2f${inside.replaceAll('/', '%2f')}`,
          `/media/%2e%2e/private/${inside}`,
          `/media/%2E%2E%2Fprivate/${inside}`,
          `/media/materials/${m.sid}/..%2f..%2f..%2fprivate/${inside}`,
          `/media/%252e%252e/private/${inside}`,
          `/media/..%5cprivate%5c${inside.replaceAll('/', '%5c')}`,
          `/media/./../private/${inside}`,
        ]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type'], url).toMatch(/application\/json/);
          expect(res.json().code, url).toBeOneOf([1004, 1005]);
        }
      }
    });

    it('answers the not-found envelope for missing and malformed keys', async () => {
      for (const url of [
        '/media/',
        '/media/nothing.jpg',
        '/media/materials/x/thumb-0.webp',
        '/media/.tmp/x.part',
        '/media/a b.jpg',
      ]) {
        const res = await t.call({ method: 'GET', url });
        expect(res.status, url).toBe(404);
        expect(res.code, url).toBe(1004);
        expect(res.message).toBe('请求的资源不存在');
      }
    });

    it('refuses traversal over real HTTP too, where nothing normalises the path', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const m = rows[0]!;
      const inside = m.originalKey.slice('private/'.length);
      for (const path of [
        `/media/../private/${inside}`,
        `/media/..%2f..%2fprivate/${inside}`,
        `/media/%2e%2e/private/${inside}`,
      ]) {
        const res = await rawGet(port, path);
        expect(res.status, path).toBe(404);
        expect(res.body).toMatch(/"code":100[45]/);
      }
      const ok = await rawGet(port, urlOf(m.thumbKey!));
      expect(ok.status).toBe(200);
    });
  });
});
