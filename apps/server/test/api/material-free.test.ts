import type { TDownloadUrlResponse } from '@gemstock/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentConsents, downloads, users } from '../../src/db/schema/index.js';
import { createDownloadUrlSigner } from '../../src/lib/download-url.js';
import { createBuyer, daysAgo, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import {
  CONTENT_API,
  ConsentContext,
  ErrorCode,
  MATERIAL_API,
  MATERIAL_PATHS,
  pathUrl,
  endpointUrl,
} from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

const inDays = (days: number) => daysAgo(-days);

describe('free materials and free downloads', () => {
  let t: TestApp;
  const f: Record<string, string> = {};
  const originalBytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
  let originalKey: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const open = await insertMaterial(t, { keywords: ['珍珠', '耳环'], freeFrom: daysAgo(2), freeUntil: inDays(5) });
    f.open = open.sid;
    originalKey = open.originalKey;
    await t.app.deps.storage.put(originalKey, originalBytes, 'image/jpeg');
    f.newer = (await insertMaterial(t, { keywords: ['黄金'], freeFrom: daysAgo(1), freeUntil: inDays(1) })).sid;
    f.expired = (await insertMaterial(t, { keywords: ['钻石'], freeFrom: daysAgo(10), freeUntil: daysAgo(1) })).sid;
    f.future = (await insertMaterial(t, { keywords: ['翡翠'], freeFrom: inDays(1), freeUntil: inDays(9) })).sid;
    f.hidden = (
      await insertMaterial(t, { keywords: ['玉'], freeFrom: daysAgo(1), freeUntil: inDays(9), disabled: true })
    ).sid;
    f.paid = (await insertMaterial(t, { keywords: ['戒指'] })).sid;
  });
  afterAll(async () => {
    await t.close();
  });

  const download = (sid: string, query: string, buyer?: TestBuyer) =>
    t.call<TDownloadUrlResponse>({
      method: 'GET',
      url: `${endpointUrl(MATERIAL_API.freeDownload, { params: { id: sid } })}${query}`,
      ...(buyer ? { token: buyer.token } : {}),
    });

  async function downloadCount(buyer: TestBuyer) {
    const [u] = await t.database.db.select({ n: users.downloadCount }).from(users).where(eq(users.sid, buyer.sid));
    const [d] = await t.database.db.select({ n: count() }).from(downloads).where(eq(downloads.userSid, buyer.sid));
    return { counter: u!.n, rows: d!.n };
  }

  it('lists the materials free right now, with their free window', async () => {
    const res = await injectApi(t, MATERIAL_API.free);
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(2);
    expect(res.data.materials.map((m) => m.sid)).toEqual([f.newer, f.open]);
    const m = res.data.materials[1]!;
    expect(m.free).toBe(true);
    expect(new Date(m.freeFrom!).getTime()).toBeLessThan(Date.now());
    expect(new Date(m.freeUntil!).getTime()).toBeGreaterThan(Date.now());
    const page2 = await injectApi(t, MATERIAL_API.free, { query: { page: '2', page_size: '1' } });
    expect(page2.data.materials.map((x) => x.sid)).toEqual([f.open]);
  });

  it('needs a signed-in buyer', async () => {
    const res = await download(f.open!, '?agree=1');
    expect(res.status).toBe(401);
    expect(res.code).toBe(1000);
  });

  it('needs the download-only licence agreement ticked', async () => {
    const buyer = await createBuyer(t);
    for (const query of ['', '?agree=0', '?agree=no']) {
      const res = await download(f.open!, query, buyer);
      expect(res.status).toBe(400);
      expect(res.code).toBe(1001);
      expect(res.message).toBe('请先阅读并同意《授权许可使用协议》');
    }
    expect(await downloadCount(buyer)).toEqual({ counter: 0, rows: 0 });
  });

  it('refuses materials outside their free window, unknown and disabled ones', async () => {
    const buyer = await createBuyer(t);
    for (const sid of [f.expired!, f.future!, f.paid!]) {
      const res = await download(sid, '?agree=1', buyer);
      expect(res.status).toBe(403);
      expect(res.code).toBe(3002);
    }
    expect((await download(f.hidden!, '?agree=1', buyer)).code).toBe(3001);
    expect((await download('nosuchmaterial000', '?agree=1', buyer)).code).toBe(3001);
    expect(await downloadCount(buyer)).toEqual({ counter: 0, rows: 0 });
  });

  it('counts each download and hands out a short-lived signed link to the original', async () => {
    const buyer = await createBuyer(t);
    const res = await download(f.open!, '?agree=1', buyer);
    expect(res.code).toBe(0);
    expect(res.data.url).toMatch(/^\/api\/media\/original\?key=.+&exp=\d+&sig=/);
    const ttl = new Date(res.data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(200_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    expect(await downloadCount(buyer)).toEqual({ counter: 1, rows: 1 });

    await download(f.open!, '?agree=true', buyer);
    expect(await downloadCount(buyer)).toEqual({ counter: 2, rows: 2 });

    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="original-/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(originalBytes)).toBe(true);

    // Within its lifetime the link can be used again, and resumed with a range.
    const part = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(originalBytes.subarray(100, 200))).toBe(true);
  });

  it('records the tick with the version of the agreement the dialog showed; a text changed since is refused (4325) and nothing is counted', async () => {
    const buyer = await createBuyer(t);
    const published = await injectApi(t, CONTENT_API.published, { params: { key: 'download_licence' } });
    const version = published.data.version;
    expect((await download(f.open!, `?agree=1&agreement_version=${version}`, buyer)).code).toBe(0);
    expect((await download(f.open!, '?agree=1', buyer)).code).toBe(0);
    const consents = await t.database.db
      .select({ key: contentConsents.documentKey, version: contentConsents.version, context: contentConsents.context })
      .from(contentConsents)
      .where(eq(contentConsents.userSid, buyer.sid));
    expect(consents).toEqual([
      { key: 'download_licence', version, context: ConsentContext.FREE_DOWNLOAD },
      { key: 'download_licence', version, context: ConsentContext.FREE_DOWNLOAD },
    ]);

    const outdated = await download(f.open!, `?agree=1&agreement_version=${version + 1}`, buyer);
    expect(outdated.code).toBe(ErrorCode.CONSENT_OUTDATED.code);
    expect(await downloadCount(buyer)).toEqual({ counter: 2, rows: 2 });
  });

  it('refuses a tampered link', async () => {
    const buyer = await createBuyer(t);
    const { data } = await download(f.open!, '?agree=1', buyer);
    const url = new URL(data.url, 'http://localhost');
    const sig = url.searchParams.get('sig')!;
    const variants: [string, string][] = [
      // one character surely different (a fixed replacement equals the original now and then)
      ['sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`],
      ['exp', String(Number(url.searchParams.get('exp')) + 3600)],
      ['key', originalKey.replace('original-', 'original-x')],
    ];
    for (const [name, value] of variants) {
      const tampered = new URL(url);
      tampered.searchParams.set(name, value);
      const res = await t.call({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
      expect(res.status).toBe(403);
      expect(res.code).toBe(3003);
    }
    const missing = await t.call({ method: 'GET', url: pathUrl(MATERIAL_PATHS.original, {}, { key: originalKey }) });
    expect(missing.code).toBe(1001);
  });

  it('refuses an expired link, and one signed with another secret', async () => {
    const expired = createDownloadUrlSigner(t.config.jwtSecret).signDownloadUrl(originalKey, -1);
    const res = await t.call({ method: 'GET', url: expired.url });
    expect(res.status).toBe(403);
    expect(res.code).toBe(3004);

    const foreign = createDownloadUrlSigner(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const forged = await t.call({ method: 'GET', url: foreign.signDownloadUrl(originalKey, 300).url });
    expect(forged.code).toBe(3003);
  });

  it('answers 404 for a validly signed link to a missing file', async () => {
    const signer = createDownloadUrlSigner(t.config.jwtSecret);
    const res = await t.call({
      method: 'GET',
      url: signer.signDownloadUrl('private/materials/none/original-0.jpg').url,
    });
    expect(res.status).toBe(404);
  });
});
