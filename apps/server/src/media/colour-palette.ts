import { converter, differenceCiede2000, formatHex, type Lab65 } from 'culori';
import sharp from 'sharp';

/**
 * A material's dominant colours in CIELAB (D65), most of the picture first: what `color=` on
 * the search and 相似素材 compare, by ΔE2000 (decision 0048).
 */
export interface PaletteColour {
  l: number;
  a: number;
  b: number;
  /** Share of the picture's pixels, 0–1. */
  share: number;
}

/** Colours kept per material: enough for the background, the metal and a stone. */
export const PALETTE_SIZE = 4;
/** A colour covering less of the picture than this is a detail, not one a buyer would match. */
const MIN_SHARE = 0.04;
/** Bins closer than this (ΔE2000) are one colour of the palette: shading, not another colour. */
const MERGE_DELTA_E = 8;
/** Pixels the palette is taken from (a 48 × 48 copy at most): plenty for shares of 5 %. */
const SAMPLE_SIDE = 48;

/**
 * The Lab grid every palette colour and every chosen colour is placed on: lightness in steps of
 * 10, a and b in steps of 12 (from −128). A search token per cell (`~c:7.11.15`) lets the
 * search's one GIN index answer "has a colour near this one" as an OR of the cells near it.
 */
const CELL = { l: 10, ab: 12, abMin: -128, lBins: 10, abBins: 22 } as const;
/** Prefix of the colour cells in the search's match tokens (matchTokens, db/schema/catalog.ts). */
export const COLOUR_CELL_PREFIX = '~c:';

/**
 * How close a colour must be to the one chosen (ΔE2000, cell centre to chosen colour) for a
 * material holding it to match: about "the same colour family" — 金 matches warm golds but not
 * 玫瑰金, 宝蓝 not 天蓝. Decision 0048 says how it was chosen.
 */
export const COLOUR_MATCH_MAX_DELTA_E = 12;

const toLab = converter('lab65');
const deltaE2000 = differenceCiede2000();

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function cellOf(colour: { l: number; a: number; b: number }): [number, number, number] {
  return [
    clamp(Math.floor(colour.l / CELL.l), 0, CELL.lBins - 1),
    clamp(Math.floor((colour.a - CELL.abMin) / CELL.ab), 0, CELL.abBins - 1),
    clamp(Math.floor((colour.b - CELL.abMin) / CELL.ab), 0, CELL.abBins - 1),
  ];
}

const cellToken = ([l, a, b]: [number, number, number]) => `${COLOUR_CELL_PREFIX}${l}.${a}.${b}`;

function cellCentre(l: number, a: number, b: number): Lab65 {
  return {
    mode: 'lab65',
    l: (l + 0.5) * CELL.l,
    a: CELL.abMin + (a + 0.5) * CELL.ab,
    b: CELL.abMin + (b + 0.5) * CELL.ab,
  };
}

const lab65 = (c: { l: number; a: number; b: number }): Lab65 => ({ mode: 'lab65', l: c.l, a: c.a, b: c.b });

/** The search tokens of a palette: one per distinct cell its colours fall in. */
export function paletteCells(palette: readonly PaletteColour[]): string[] {
  return [...new Set(palette.map((c) => cellToken(cellOf(c))))].sort();
}

/** ΔE2000 between two Lab colours. */
export function colourDistance(x: { l: number; a: number; b: number }, y: { l: number; a: number; b: number }) {
  return deltaE2000(lab65(x), lab65(y));
}

/** The closest colour of a palette to a colour (ΔE2000); Infinity for an empty palette. */
export function paletteDistance(palette: readonly PaletteColour[], colour: { l: number; a: number; b: number }) {
  let best = Infinity;
  for (const c of palette) best = Math.min(best, colourDistance(c, colour));
  return best;
}

/** `#rrggbb` (or `rrggbb`) in Lab; undefined when it is not six hexadecimal digits. */
export function labOfHex(hex: string): { l: number; a: number; b: number } | undefined {
  const digits = hex.startsWith('#') ? hex.slice(1) : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(digits)) return undefined;
  const lab = toLab(`#${digits}`);
  return lab ? { l: lab.l, a: lab.a, b: lab.b } : undefined;
}

/** A Lab colour as `#rrggbb` (out-of-gamut colours clamped to sRGB). */
export function hexOfLab(colour: { l: number; a: number; b: number }): string {
  return formatHex(lab65(colour));
}

const cellsNear = new Map<string, string[]>();

/**
 * The cells whose centre is within COLOUR_MATCH_MAX_DELTA_E of a colour: what a colour search
 * asks the index for. Some 5,000 ΔE computations, so the answer is kept per colour (at most a
 * few thousand distinct colours are ever asked for; the web offers swatches).
 */
export function cellsNearColour(colour: { l: number; a: number; b: number }): string[] {
  const key = `${colour.l.toFixed(2)}|${colour.a.toFixed(2)}|${colour.b.toFixed(2)}`;
  const known = cellsNear.get(key);
  if (known) return known;
  const cells: string[] = [];
  for (let l = 0; l < CELL.lBins; l++) {
    for (let a = 0; a < CELL.abBins; a++) {
      for (let b = 0; b < CELL.abBins; b++) {
        if (deltaE2000(cellCentre(l, a, b), lab65(colour)) <= COLOUR_MATCH_MAX_DELTA_E)
          cells.push(cellToken([l, a, b]));
      }
    }
  }
  // A colour between cell centres still matches its own cell.
  const own = cellToken(cellOf(colour));
  if (!cells.includes(own)) cells.push(own);
  cells.sort();
  if (cellsNear.size >= 4_096) cellsNear.clear();
  cellsNear.set(key, cells);
  return cells;
}

/**
 * The dominant colours of a picture (any format sharp reads; the media job passes the grid
 * thumbnail, so a video is read from its poster frame as the perceptual hash is): the pixels
 * of a small copy are binned on the Lab grid, neighbouring bins of one colour are merged, and
 * each of the largest colours that covers at least MIN_SHARE of the picture gives its mean and
 * share.
 */
export async function extractPalette(picture: Buffer): Promise<PaletteColour[]> {
  const { data, info } = await sharp(picture)
    .resize({ width: SAMPLE_SIDE, height: SAMPLE_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Map<string, { n: number; l: number; a: number; b: number }>();
  const pixels = info.width * info.height;
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  for (let i = 0; i < pixels; i++) {
    const o = i * info.channels;
    const lab = toLab(`#${hex(data[o]!)}${hex(data[o + 1]!)}${hex(data[o + 2]!)}`);
    if (!lab) continue;
    const key = cellToken(cellOf(lab));
    const bin = bins.get(key) ?? { n: 0, l: 0, a: 0, b: 0 };
    bin.n += 1;
    bin.l += lab.l;
    bin.a += lab.a;
    bin.b += lab.b;
    bins.set(key, bin);
  }
  // A metal's highlights and shadows fall in neighbouring cells: bins are merged, largest first,
  // into the first colour within MERGE_DELTA_E of them, so a gold ring is one colour, not five
  // slivers each under MIN_SHARE.
  const merged: { n: number; l: number; a: number; b: number }[] = [];
  for (const bin of [...bins.values()].sort((x, y) => y.n - x.n)) {
    const mean = { l: bin.l / bin.n, a: bin.a / bin.n, b: bin.b / bin.n };
    const into = merged.find(
      (m) => colourDistance({ l: m.l / m.n, a: m.a / m.n, b: m.b / m.n }, mean) <= MERGE_DELTA_E,
    );
    if (into) {
      into.n += bin.n;
      into.l += bin.l;
      into.a += bin.a;
      into.b += bin.b;
    } else merged.push({ ...bin });
  }
  const round = (v: number) => Math.round(v * 10) / 10;
  return merged
    .filter((colour) => colour.n / pixels >= MIN_SHARE)
    .sort((x, y) => y.n - x.n)
    .slice(0, PALETTE_SIZE)
    .map((colour) => ({
      l: round(colour.l / colour.n),
      a: round(colour.a / colour.n),
      b: round(colour.b / colour.n),
      share: Math.round((colour.n / pixels) * 1000) / 1000,
    }));
}
