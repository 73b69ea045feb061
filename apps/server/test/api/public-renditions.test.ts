import type { TAdminMaterialResponse } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../src/db/schema/index.js';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import { makeCover } from '../../src/media/image-processor.js';
import { materialFileKey } from '../../src/media/keys.js';
import { RENDITION_VERSION, UNMARKED_MAX_LONG_SIDE } from '../../src/media/renditions.js';
import { queueOutdatedRenditions } from '../../src/modules/catalog/media-job.service.js';
import { createTestOperator, filePart, makeImage, multipartBody, storedFiles } from '../helpers/admin.js';
import { insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_MATERIAL_PATHS, pathUrl } from '@gemstock/contract';

/**
 * Anyone may fetch a public file, so each must be either watermarked or too small to use without
 * a licence (long side ≤ 480 px). The originals here are one flat colour: an unmarked rendition
 * of them is flat too, while the tiled mark leaves a clear spread of pixel values.
 */
describe('public renditions', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-renditions-'));
    t = await buildTestApp({ dataDir, mediaWorker: { enabled: false, maxAttempts: 2 } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Fetches a public key the way a visitor does, and measures it. */
  async function fetchAsVisitor(key: string) {
    const res = await t.app.inject({ method: 'GET', url: `/media/${key.slice('public/'.length)}` });
    expect(res.statusCode, key).toBe(200);
    const image = sharp(res.rawPayload);
    const meta = await image.metadata();
    const stats = await image.stats();
    const spread = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
    return { longSide: Math.max(meta.width ?? 0, meta.height ?? 0), isMarked: spread > 4 };
  }

  async function expectEveryPublicFileSafe(sid: string) {
    const keys = storedFiles(t).filter((k) => k.startsWith(`public/materials/${sid}/`) && !k.endsWith('.mp4'));
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) {
      const { longSide, isMarked } = await fetchAsVisitor(key);
      expect(longSide <= UNMARKED_MAX_LONG_SIDE || isMarked, `${key}: ${longSide} px and unmarked`).toBe(true);
    }
    return keys;
  }

  it('makes every public file of an upload watermarked or at most 480 px, the cover included', async () => {
    const operator = await createTestOperator(t);
    const body = multipartBody([
      filePart(await makeImage('png', 2400, 1600), 'flat.png', 'image/png'),
      { name: 'keywords', value: '平涂' },
    ]);
    const res = await t.call<TAdminMaterialResponse>({
      method: 'POST',
      url: pathUrl(ADMIN_MATERIAL_PATHS.upload, {}),
      payload: body.payload,
      headers: body.headers,
      token: operator.token,
    });
    expect(res.code, res.message).toBe(0);
    expect((await runNextMediaJob(t.app.deps))?.outcome).toBe('done');
    const sid = res.data.material.sid;
    const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, sid));
    expect(row?.renditionVersion).toBe(RENDITION_VERSION);
    await expectEveryPublicFileSafe(sid);
    const cover = await fetchAsVisitor(row!.coverKey!);
    expect(cover).toEqual({ longSide: 480, isMarked: false });
    const preview = await fetchAsVisitor(row!.watermarkKey!);
    expect(preview).toEqual({ longSide: 1200, isMarked: true });
  });

  it('renders materials made under older rules again and deletes the old unmarked 1200 px cover', async () => {
    const storage = t.app.deps.storage;
    const original = await makeImage('png', 2400, 1600);
    const oldCover = await makeCover(original, { longSide: 1200 });
    const row = await insertMaterial(t, { keywords: ['旧封面'], width: 2400, height: 1600, renditionVersion: 1 });
    const originalKey = materialFileKey('private', row.sid, 'original', original, 'png');
    const coverKey = materialFileKey('public', row.sid, 'cover', oldCover.data, oldCover.ext);
    await storage.put(originalKey, original, 'image/png');
    await storage.put(coverKey, oldCover.data, oldCover.mime);
    await t.database.db
      .update(materials)
      .set({ originalKey, originalMime: 'image/png', coverKey, thumbKey: null, watermarkKey: null })
      .where(eq(materials.sid, row.sid));
    expect(await fetchAsVisitor(coverKey)).toEqual({ longSide: 1200, isMarked: false });

    expect(await queueOutdatedRenditions(t.app.deps)).toBeGreaterThanOrEqual(1);
    // Queuing again while the job waits adds nothing.
    const again = await queueOutdatedRenditions(t.app.deps);
    expect(again).toBe(0);
    for (;;) {
      const outcome = await runNextMediaJob(t.app.deps);
      if (!outcome) break;
    }

    const [after] = await t.database.db.select().from(materials).where(eq(materials.sid, row.sid));
    expect(after?.renditionVersion).toBe(RENDITION_VERSION);
    expect(after?.coverKey).not.toBe(coverKey);
    // Made again under the current rules, it has the small grid thumbnail and its placeholder colour.
    expect(after?.thumbSmallKey).toMatch(new RegExp(`^public/materials/${row.sid}/thumb-small-`));
    expect(after?.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(storedFiles(t)).not.toContain(coverKey);
    expect((await t.app.inject({ method: 'GET', url: `/media/${coverKey.slice('public/'.length)}` })).statusCode).toBe(
      404,
    );
    await expectEveryPublicFileSafe(row.sid);
    expect(await queueOutdatedRenditions(t.app.deps)).toBe(0);
  });
});
