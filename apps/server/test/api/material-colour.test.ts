import { endpointUrl, ErrorCode, MATERIAL_API, SortOption } from '@gemstock/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellsNearColour,
  COLOUR_MATCH_MAX_DELTA_E,
  colourDistance,
  extractPalette,
  labOfHex,
  type PaletteColour,
} from '../../src/media/colour-palette.js';
import { insertMaterial } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * `color=RRGGBB` on GET /api/material (decision 0048): materials whose palette holds a colour
 * near the one chosen, the closest first under the random order; anything but six hex digits is
 * refused with 4460 before anything is searched.
 */

/** A palette of one picture: its colours (hex) with their shares, largest first. */
function palette(...colours: [string, number][]): PaletteColour[] {
  return colours.map(([hex, share]) => ({ ...labOfHex(hex)!, share }));
}

let t: TestApp;
const sids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const catalogue: Record<string, PaletteColour[]> = {
    // The known palette: a gold ring on white.
    gold: palette(['#ffffff', 0.6], ['#d4af37', 0.3]),
    // A warmer, lighter gold: near, but not the colour asked for.
    paleGold: palette(['#ffffff', 0.7], ['#e2c25a', 0.2]),
    roseGold: palette(['#ffffff', 0.6], ['#b76e79', 0.3]),
    sapphire: palette(['#0f52ba', 0.5], ['#101010', 0.4]),
    emerald: palette(['#00a86b', 0.8]),
    noPalette: [],
  };
  for (const [name, colours] of Object.entries(catalogue)) {
    const row = await insertMaterial(t, {
      keywords: ['颜色测试', name],
      ...(colours.length > 0 ? { palette: colours } : {}),
    });
    sids[name] = row.sid;
  }
  // Off sale: never found, whatever its colour.
  await insertMaterial(t, { keywords: ['颜色测试'], palette: palette(['#d4af37', 1]), disabled: true });
});
afterAll(async () => {
  await t.close();
});

async function searchColour(color: string, sort: SortOption = SortOption.RANDOM) {
  const res = await injectApi(t, MATERIAL_API.search, { query: { keyword: '颜色测试', color, sort } });
  expect(res.code, res.message).toBe(0);
  return res.data.materials.map((m) => m.sid);
}

describe('GET /api/material?color=', () => {
  it('ranks the material whose palette holds the colour first, then the near ones, and leaves out the others', async () => {
    const found = await searchColour('d4af37');
    expect(found[0]).toBe(sids.gold);
    expect(found).toEqual([sids.gold, sids.paleGold]);
  });

  it('takes a leading # and either case, and gives the same answer', async () => {
    expect(await searchColour('#D4AF37')).toEqual(await searchColour('d4af37'));
  });

  it('finds by any colour of the palette, not only the largest', async () => {
    expect(await searchColour('b76e79')).toEqual([sids.roseGold]);
    expect(await searchColour('101010')).toEqual([sids.sapphire]);
  });

  it('keeps the order asked for other than random (newest first here), filtering only', async () => {
    const found = await searchColour('d4af37', SortOption.NEWEST);
    expect(new Set(found)).toEqual(new Set([sids.gold, sids.paleGold]));
  });

  it('counts the facets over the colour-filtered search', async () => {
    const res = await injectApi(t, MATERIAL_API.facets, { query: { keyword: '颜色测试', color: '00a86b' } });
    expect(res.code, res.message).toBe(0);
    const total = res.data.scene.reduce((n, c) => n + c.count, 0);
    expect(total).toBeLessThanOrEqual(1);
  });

  it.each(['gold', 'd4af3', 'd4af377', 'zzzzzz', '#12345g', '12 34 56'])(
    'refuses color=%s with 4460, on the search and on the counts',
    async (color) => {
      for (const endpoint of [MATERIAL_API.search, MATERIAL_API.facets]) {
        const res = await t.call({ method: 'GET', url: endpointUrl(endpoint, { query: { color } }) });
        expect(res.code).toBe(ErrorCode.COLOR_INVALID.code);
        expect(res.message).toBe(ErrorCode.COLOR_INVALID.message);
      }
    },
  );
});

describe('the palette drawn at ingest', () => {
  it('gives a picture its colours in Lab with their shares, largest first', async () => {
    // Three fifths white, two fifths gold.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500" fill="#ffffff"/><rect y="300" width="500" height="200" fill="#d4af37"/></svg>`;
    const picture = await sharp(Buffer.from(svg)).webp({ quality: 76 }).toBuffer();
    const colours = await extractPalette(picture);
    expect(colours).toHaveLength(2);
    expect(colourDistance(colours[0]!, labOfHex('ffffff')!)).toBeLessThan(2);
    expect(colourDistance(colours[1]!, labOfHex('d4af37')!)).toBeLessThan(3);
    expect(colours[0]!.share).toBeCloseTo(0.6, 1);
    expect(colours[1]!.share).toBeCloseTo(0.4, 1);
  });

  it('keeps the piece of a product shot, not only its backdrop (a small gold ring on white)', async () => {
    // A ring of gold, with a highlight and a shadow, over a twentieth of a white picture: by
    // shares of the whole it would be a white picture, and 金 would not find it.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
      <rect width="600" height="400" fill="#ffffff"/>
      <circle cx="300" cy="200" r="62" fill="none" stroke="#d4af37" stroke-width="14"/>
      <circle cx="300" cy="200" r="70" fill="none" stroke="#b8932a" stroke-width="3"/>
      <circle cx="300" cy="200" r="55" fill="none" stroke="#f0d77a" stroke-width="3"/>
    </svg>`;
    const picture = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    const colours = await extractPalette(picture);
    expect(colourDistance(colours[0]!, labOfHex('ffffff')!)).toBeLessThan(2);
    expect(colours[0]!.share).toBeGreaterThan(0.85);
    const gold = labOfHex('d4af37')!;
    const closest = Math.min(...colours.map((c) => colourDistance(c, gold)));
    expect(closest).toBeLessThan(COLOUR_MATCH_MAX_DELTA_E);
  });

  it('keeps a picture with no backdrop as it is: the largest colours of the whole', async () => {
    // Four vertical bands, each reaching the frame: all background, none a subject.
    const bands = ['#0f52ba', '#e0115f', '#00a86b', '#111111']
      .map((fill, i) => `<rect x="${i * 150}" width="150" height="400" fill="${fill}"/>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">${bands}</svg>`;
    const colours = await extractPalette(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(colours.length).toBeGreaterThanOrEqual(2);
    for (const c of colours) expect(c.share).toBeCloseTo(0.25, 1);
  });

  it('asks the index for the cells near a colour only (gold is not rose gold)', () => {
    const gold = cellsNearColour(labOfHex('d4af37')!);
    const rose = cellsNearColour(labOfHex('b76e79')!);
    expect(gold.filter((c) => rose.includes(c))).toEqual([]);
    expect(colourDistance(labOfHex('d4af37')!, labOfHex('b76e79')!)).toBeGreaterThan(COLOUR_MATCH_MAX_DELTA_E);
  });
});
