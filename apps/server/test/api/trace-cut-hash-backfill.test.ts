import { ADMIN_TRACE_PATH, ChannelPreset, channelPresetSpec, ErrorCode, pathUrl } from '@gemstock/contract';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceCutHashBackfill, traceReferenceHashes } from '../../src/db/schema/index.js';
import { channelCutKey } from '../../src/media/keys.js';
import { perceptualHash } from '../../src/media/perceptual-hash.js';
import {
  backfillCutHashes,
  CUT_HASH_BACKFILL_BATCH,
  runCutHashBackfill,
  TRACE_CUT_HASH_BACKFILL_VERSION,
} from '../../src/modules/licence/trace-backfill.js';
import { createTestOperator } from '../helpers/admin.js';
import { createMaterials } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { jewelleryPicture, q70 } from '../unit/trace-fixtures.js';

/**
 * Channel cuts made before 溯源 kept their hashes (decision 0049) get them from a backfill that
 * walks the pictures by seq as the palette backfill does: fifty a batch under an advisory lock,
 * only the stored cuts with no `cut:<preset>` row, idempotent. Until then a copy of such a cut is
 * found only by naming its material (4483 without); after, by its resemblance.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A cut as it was stored before 0049: the unmarked file at its key, no hash row. */
async function storeCut(material: { sid: string; originalKey: string }, preset: ChannelPreset, seed: number) {
  const spec = channelPresetSpec(preset);
  const cut = await sharp(await jewelleryPicture(seed))
    .resize(spec.width, spec.height, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  await t.app.deps.storage.put(channelCutKey(material.sid, preset, spec, material.originalKey), cut, 'image/jpeg');
  return cut;
}

async function cutHashesOf(sid: string) {
  const rows = await t.database.db
    .select({ source: traceReferenceHashes.source, hash: traceReferenceHashes.perceptualHash })
    .from(traceReferenceHashes)
    .where(and(eq(traceReferenceHashes.materialSid, sid), like(traceReferenceHashes.source, 'cut:%')));
  return Object.fromEntries(rows.map((r) => [r.source, r.hash]));
}

describe('the backfill of channel cuts’ hashes', () => {
  it('hashes the cuts made before, fifty pictures a batch, keeps hashes already there, and a rerun adds nothing; a copy of such a cut is then found by resemblance', async () => {
    // More pictures than a batch, the ones with cuts at both ends of the walk; a video is not walked.
    const pictures = await createMaterials(t, CUT_HASH_BACKFILL_BATCH + 10, {
      width: 2000,
      height: 1500,
      format: 'image',
    });
    const [video] = await createMaterials(t, 1, { width: 1920, height: 1080, format: 'video' });
    const first = pictures[0]!;
    const kept = pictures[1]!;
    const last = pictures.at(-1)!;
    const firstWechat = await storeCut(first, ChannelPreset.WECHAT, 11);
    const firstTmall = await storeCut(first, ChannelPreset.TMALL, 12);
    const lastWechat = await storeCut(last, ChannelPreset.WECHAT, 13);
    await storeCut(kept, ChannelPreset.WECHAT, 14);
    // Hashed when its marked cut was made (after 0049): not read again, not replaced.
    await t.database.db
      .insert(traceReferenceHashes)
      .values({ materialSid: kept.sid, source: 'cut:wechat', perceptualHash: 12345n });
    await storeCut(video!, ChannelPreset.TMALL, 15);

    const operator = await createTestOperator(t);
    const trace = (body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: pathUrl(ADMIN_TRACE_PATH, {}, {}),
        headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${operator.token}` },
        payload: body,
      });
    // Before: a copy of the old cut is like no material (the whole picture's hash is not set here).
    expect((await trace(await q70(lastWechat))).json().code).toBe(ErrorCode.TRACE_NO_CANDIDATE.code);

    // One batch: the first fifty pictures, not done.
    expect(await backfillCutHashes(t.app.deps)).toEqual({ hashed: 2, done: false });
    expect(await cutHashesOf(first.sid)).toEqual({
      'cut:wechat': await perceptualHash(firstWechat),
      'cut:tmall': await perceptualHash(firstTmall),
    });
    expect(await cutHashesOf(last.sid)).toEqual({});
    // The rest in a pass, which stops once done.
    expect(await runCutHashBackfill(t.app.deps)).toEqual({ hashed: 1, done: true });
    expect(await cutHashesOf(last.sid)).toEqual({ 'cut:wechat': await perceptualHash(lastWechat) });
    expect(await cutHashesOf(kept.sid)).toEqual({ 'cut:wechat': 12345n });
    expect(await cutHashesOf(video!.sid)).toEqual({});
    expect(await runCutHashBackfill(t.app.deps)).toEqual({ hashed: 0, done: true });

    // Walked again from the start (as a new version would): nothing to add, nothing changed.
    await t.database.db
      .delete(traceCutHashBackfill)
      .where(eq(traceCutHashBackfill.version, TRACE_CUT_HASH_BACKFILL_VERSION));
    expect(await runCutHashBackfill(t.app.deps)).toEqual({ hashed: 0, done: true });
    expect(await cutHashesOf(first.sid)).toEqual({
      'cut:wechat': await perceptualHash(firstWechat),
      'cut:tmall': await perceptualHash(firstTmall),
    });

    // After: found by the cut's resemblance (no licence downloaded it marked: 未检出, but read).
    const res = await trace(await q70(lastWechat));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidates.map((c: { sid: string }) => c.sid)).toContain(last.sid);
  }, 60_000);
});
