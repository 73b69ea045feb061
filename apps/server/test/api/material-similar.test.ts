import { ErrorCode, MATERIAL_API } from '@gemstock/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, materialSimilarBackfill, materialSimilarLists } from '../../src/db/schema/index.js';
import { runPaletteBackfill } from '../../src/modules/catalog/palette-backfill.js';
import { backfillSimilarLists, runSimilarBackfill } from '../../src/modules/catalog/similar-lists.js';
import { createTestOperator, ingestListed, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * GET /api/material/:id/similar (相似素材, decision 0048): what looks like a material, by its
 * perceptual hash, its palette and its facets, closest first. Every picture here goes through
 * the real pipeline: upload, media job (thumbnail, hash, palette, the stored list), review.
 */

let t: TestApp;
let dataDir: string;
let operator: TestOperator;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gemstock-similar-'));
  t = await buildTestApp({ dataDir });
  operator = await createTestOperator(t, '内容运营', ['content']);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A scene of one kind, drawn in proportion so the same kind at two sizes is the same picture. */
function scene(kind: number, width: number, height: number): string {
  const background = ['#f4f1ea', '#1b2a4a', '#efe6da', '#0e3b2e', '#faf7f2', '#2a2a2a'][kind % 6]!;
  const metal = ['#d4af37', '#c0c0c0', '#b76e79', '#e5e4e2', '#d4af37', '#b76e79'][kind % 6]!;
  const shapes = [
    `<circle cx="${width * (0.25 + 0.1 * (kind % 3))}" cy="${height * 0.45}" r="${height * (0.15 + 0.03 * kind)}" fill="none" stroke="${metal}" stroke-width="${height * 0.05}"/>`,
    `<rect x="${width * (0.1 + 0.12 * kind)}" y="${height * 0.75}" width="${width * 0.3}" height="${height * 0.06}" fill="${metal}"/>`,
    `<circle cx="${width * (0.8 - 0.1 * kind)}" cy="${height * (0.2 + 0.1 * kind)}" r="${height * 0.06}" fill="#6d9ee8"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${shapes.join('')}</svg>`;
}

async function picture(kind: number, width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(scene(kind, width, height)))
    .jpeg({ quality })
    .toBuffer();
}

/** The stored 相似素材 list of a material (sids closest first), or undefined when none is stored. */
async function storedList(sid: string): Promise<string[] | undefined> {
  const [row] = await t.database.db
    .select({ sids: materialSimilarLists.similarSids })
    .from(materialSimilarLists)
    .where(eq(materialSimilarLists.materialSid, sid));
  return row?.sids;
}

/** Every stored list, as the backfill would find them: the materials made before lists were kept. */
async function forgetStoredLists(): Promise<void> {
  await t.database.db.delete(materialSimilarLists);
  await t.database.db.delete(materialSimilarBackfill);
  // The lists wait for the palettes (palette-backfill.test.ts): these were drawn by the media job.
  await runPaletteBackfill(t.app.deps);
}

async function allStoredLists() {
  return t.database.db
    .select({
      sid: materialSimilarLists.materialSid,
      sids: materialSimilarLists.similarSids,
      scores: materialSimilarLists.scores,
      computedAt: materialSimilarLists.computedAt,
    })
    .from(materialSimilarLists)
    .orderBy(asc(materialSimilarLists.materialSid));
}

async function processedCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(materials)
    .where(sql`${materials.perceptualHash} IS NOT NULL`);
  return Number(row!.n);
}

/** Uploads, processes and lists a picture: a material on sale, as buyers find it. */
const ingest = (bytes: Buffer, keywords: string) => ingestListed(t, operator, bytes, keywords);

describe('GET /api/material/:id/similar', () => {
  let original: string;
  let twin: string;
  const others: string[] = [];

  beforeAll(async () => {
    original = await ingest(await picture(0, 2400, 1800, 90), '相似原图');
    for (let kind = 1; kind < 6; kind += 1)
      others.push(await ingest(await picture(kind, 2400, 1800, 90), `相似其他${kind}`));
    // The same picture at 55 % of its size, re-encoded at quality 60: what a copy found online looks like.
    const copy = await sharp(await picture(0, 2400, 1800, 90))
      .resize({ width: 1320 })
      .jpeg({ quality: 60 })
      .toBuffer();
    twin = await ingest(copy, '相似副本');
  });

  it('the media job gave every material its palette and colour cells', async () => {
    const [row] = await t.database.db
      .select({ palette: materials.palette, cells: materials.colorCells })
      .from(materials)
      .where(eq(materials.sid, twin));
    expect(row?.palette?.length).toBeGreaterThan(0);
    expect(row?.cells.every((c) => c.startsWith('~c:'))).toBe(true);
  });

  it('returns the re-encoded, resized twin first, and never the material itself', async () => {
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: original } });
    expect(res.code, res.message).toBe(0);
    const found = res.data.materials.map((m) => m.sid);
    expect(found[0]).toBe(twin);
    expect(found).not.toContain(original);
  });

  it('is symmetric for the twin: the original comes first', async () => {
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: twin } });
    expect(res.code, res.message).toBe(0);
    expect(res.data.materials[0]?.sid).toBe(original);
  });

  it('leaves out materials taken off sale, though their look-alikes still list them', async () => {
    await t.database.db.update(materials).set({ disabled: true }).where(eq(materials.sid, twin));
    try {
      expect(await storedList(original)).toContain(twin);
      const res = await injectApi(t, MATERIAL_API.similar, { params: { id: original } });
      expect(res.data.materials.map((m) => m.sid)).not.toContain(twin);
    } finally {
      await t.database.db.update(materials).set({ disabled: false }).where(eq(materials.sid, twin));
    }
  });

  it('the media job stored each list; the twin, made after the original, entered the original list first', async () => {
    expect((await storedList(twin))?.[0]).toBe(original);
    // The original was ranked before the twin existed: the twin was offered to its list.
    expect((await storedList(original))?.[0]).toBe(twin);
  });

  it('a new material enters the list of an older one it resembles, and its answer', async () => {
    const before = await storedList(others[1]!);
    expect(before).toBeDefined();
    const copy = await sharp(await picture(2, 2400, 1800, 90))
      .resize({ width: 1600 })
      .jpeg({ quality: 70 })
      .toBuffer();
    const newcomer = await ingest(copy, '相似新副本');
    expect(before).not.toContain(newcomer);
    expect((await storedList(others[1]!))?.[0]).toBe(newcomer);
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: others[1]! } });
    expect(res.data.materials[0]?.sid).toBe(newcomer);
  });

  it('reads on down a stored list whose head is all off sale or gone', async () => {
    const [row] = await t.database.db
      .select({ sids: materialSimilarLists.similarSids, scores: materialSimilarLists.scores })
      .from(materialSimilarLists)
      .where(eq(materialSimilarLists.materialSid, original));
    const gone = Array.from({ length: 20 }, (_, i) => `M-GONE-${i}`);
    await t.database.db
      .update(materialSimilarLists)
      .set({ similarSids: [...gone, twin], scores: [...gone.map(() => 0), 1] })
      .where(eq(materialSimilarLists.materialSid, original));
    try {
      const res = await injectApi(t, MATERIAL_API.similar, { params: { id: original } });
      expect(res.data.materials.map((m) => m.sid)).toEqual([twin]);
    } finally {
      await t.database.db
        .update(materialSimilarLists)
        .set({ similarSids: row!.sids, scores: row!.scores })
        .where(eq(materialSimilarLists.materialSid, original));
    }
  });

  it('answers a material without a stored list from the capped candidate read: the twin first', async () => {
    await t.database.db.delete(materialSimilarLists).where(eq(materialSimilarLists.materialSid, original));
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: original } });
    expect(res.code, res.message).toBe(0);
    expect(res.data.materials[0]?.sid).toBe(twin);
    expect(res.data.materials.map((m) => m.sid)).not.toContain(original);
    expect(await storedList(original)).toBeUndefined();
  });

  it('the backfill stores every processed material its list; run again it changes nothing', async () => {
    await forgetStoredLists();
    const first = await runSimilarBackfill(t.app.deps);
    expect(first).toBe(await processedCount());
    const lists = await allStoredLists();
    expect(lists).toHaveLength(first);
    expect(lists.find((l) => l.sid === original)?.sids[0]).toBe(twin);

    expect(await runSimilarBackfill(t.app.deps)).toBe(0);
    expect(await allStoredLists()).toEqual(lists);
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: original } });
    expect(res.data.materials[0]?.sid).toBe(twin);
  });

  it('fills a short list from the same piece in any colour: a small catalogue still shows look-alikes', async () => {
    const [green, white] = [others[2]!, others[3]!];
    await forgetStoredLists();
    await runSimilarBackfill(t.app.deps);
    expect(await storedList(green)).not.toContain(white);

    await t.database.db
      .update(materials)
      .set({ piece: 'ring' })
      .where(inArray(materials.sid, [green, white]));
    await forgetStoredLists();
    await runSimilarBackfill(t.app.deps);
    expect(await storedList(green)).toContain(white);
    expect(await storedList(white)).toContain(green);
    await t.database.db
      .update(materials)
      .set({ piece: null })
      .where(inArray(materials.sid, [green, white]));
    await forgetStoredLists();
    await runSimilarBackfill(t.app.deps);
  });

  it('two backfills at once rank each material once', async () => {
    await forgetStoredLists();
    const passes = await Promise.all([backfillSimilarLists(t.database.db), backfillSimilarLists(t.database.db)]);
    // One took the batch; the other found it locked (null) or, after it, nothing left to rank.
    const ranked = passes.map((p) => p?.ranked ?? 0);
    expect(ranked.reduce((a, b) => a + b, 0)).toBe(await processedCount());
    expect(Math.min(...ranked)).toBe(0);
    expect(await allStoredLists()).toHaveLength(await processedCount());
  });

  it('refuses a material taken off sale (3001), as its detail page does', async () => {
    await t.database.db.update(materials).set({ disabled: true }).where(eq(materials.sid, others[0]!));
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: others[0]! } });
    expect(res.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
  });

  it('refuses a material that does not exist (3001)', async () => {
    const res = await injectApi(t, MATERIAL_API.similar, { params: { id: 'M-NOT-THERE' } });
    expect(res.code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
  });
});
