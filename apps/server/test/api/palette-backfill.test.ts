import { MATERIAL_API } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buffer } from 'node:stream/consumers';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  materialPaletteBackfill,
  materials,
  materialSimilarBackfill,
  materialSimilarLists,
} from '../../src/db/schema/index.js';
import { labOfHex, paletteCells, PALETTE_VERSION, type PaletteColour } from '../../src/media/colour-palette.js';
import { runPaletteBackfill } from '../../src/modules/catalog/palette-backfill.js';
import { runSimilarBackfill } from '../../src/modules/catalog/similar-lists.js';
import { createTestOperator, ingestListed, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * The palette backfill (decision 0048): when the rules that draw a palette change
 * (PALETTE_VERSION), every server draws the catalogue's palettes again from the stored grid
 * thumbnails, fifty a batch under an advisory lock, and the 相似素材 lists wait until it is done.
 * Version 2 puts a product shot's piece before its backdrop: a small gold ring on white is found
 * by 金, which a palette of the whole picture's largest colours (version 1) never did.
 */

let t: TestApp;
let dataDir: string;
let operator: TestOperator;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gemstock-palette-'));
  t = await buildTestApp({ dataDir });
  operator = await createTestOperator(t, '内容运营', ['content']);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A gold ring over a twentieth of a white product shot, or a plain blue card. */
async function shot(kind: 'ring' | 'card'): Promise<Buffer> {
  const svg =
    kind === 'ring'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#ffffff"/>
         <circle cx="800" cy="600" r="170" fill="none" stroke="#d4af37" stroke-width="40"/>
         <circle cx="800" cy="600" r="195" fill="none" stroke="#b8932a" stroke-width="8"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#0f52ba"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Uploads, processes and lists a picture: a material on sale, as buyers find it. */
const ingest = (bytes: Buffer, keywords: string) => ingestListed(t, operator, bytes, keywords);

async function paletteOf(sid: string) {
  const [row] = await t.database.db
    .select({ palette: materials.palette, cells: materials.colorCells })
    .from(materials)
    .where(eq(materials.sid, sid));
  return row!;
}

/** What a palette drawn under version 1 held for the ring: its white backdrop alone. */
async function giveOldPalette(sid: string): Promise<void> {
  const old: PaletteColour[] = [{ ...labOfHex('ffffff')!, share: 0.94 }];
  await t.database.db
    .update(materials)
    .set({ palette: old, colorCells: paletteCells(old) })
    .where(eq(materials.sid, sid));
}

async function goldSearch(): Promise<string[]> {
  t.app.services.search.forgetSearches();
  const res = await injectApi(t, MATERIAL_API.search, { query: { color: 'd4af37', page: 1, page_size: 30 } });
  expect(res.code, res.message).toBe(0);
  return res.data.materials.map((m) => m.sid);
}

describe('the palette backfill', () => {
  let ring: string;
  let card: string;

  beforeAll(async () => {
    ring = await ingest(await shot('ring'), '金戒指白底');
    card = await ingest(await shot('card'), '蓝色卡片');
  });

  it('the media job draws the piece before its backdrop: 金 finds the ring on white', async () => {
    expect(await goldSearch()).toContain(ring);
  });

  it('draws a palette of older rules again from the thumbnail; run again it draws nothing', async () => {
    await giveOldPalette(ring);
    await t.database.db.delete(materialPaletteBackfill);
    expect(await goldSearch()).not.toContain(ring);

    const first = await runPaletteBackfill(t.app.deps);
    expect(first).toEqual({ drawn: 2, done: true });
    expect((await paletteOf(ring)).palette!.length).toBeGreaterThan(1);
    expect(await goldSearch()).toContain(ring);
    expect(await goldSearch()).not.toContain(card);

    const before = await paletteOf(ring);
    expect(await runPaletteBackfill(t.app.deps)).toEqual({ drawn: 0, done: true });
    expect(await paletteOf(ring)).toEqual(before);
    const [position] = await t.database.db.select().from(materialPaletteBackfill);
    expect(position).toMatchObject({ version: PALETTE_VERSION, done: true });
  });

  it('keeps the palette of a material whose thumbnail is gone and walks on', async () => {
    const [row] = await t.database.db
      .select({ thumbKey: materials.thumbKey })
      .from(materials)
      .where(eq(materials.sid, card));
    const thumb = row!.thumbKey!;
    const bytes = await buffer(await t.app.deps.storage.getStream(thumb));
    await t.app.deps.storage.delete(thumb);
    const kept = await paletteOf(card);
    await giveOldPalette(ring);
    await t.database.db.delete(materialPaletteBackfill);
    try {
      expect(await runPaletteBackfill(t.app.deps)).toEqual({ drawn: 1, done: true });
      expect(await paletteOf(card)).toEqual(kept);
      expect(await goldSearch()).toContain(ring);
    } finally {
      await t.app.deps.storage.put(thumb, bytes, 'image/webp');
    }
  });

  it('the 相似素材 lists wait until every palette is drawn under the current rules', async () => {
    await t.database.db.delete(materialSimilarLists);
    await t.database.db.delete(materialSimilarBackfill);
    await t.database.db.delete(materialPaletteBackfill);
    expect(await runSimilarBackfill(t.app.deps)).toBe(0);
    expect(await t.database.db.select().from(materialSimilarLists)).toEqual([]);

    await runPaletteBackfill(t.app.deps);
    expect(await runSimilarBackfill(t.app.deps)).toBe(2);
  });
});
