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

/**
 * The rules a palette was drawn under. A new version makes every server's palette backfill
 * draw the catalogue's palettes again (modules/catalog/palette-backfill.ts). 2: the subject
 * before its backdrop.
 */
export const PALETTE_VERSION = 2;

/** Colours kept per material: enough for the background, the metal and a stone. */
export const PALETTE_SIZE = 4;
/** A background colour covering less of the picture than this is a detail, not one a buyer would match. */
const MIN_SHARE = 0.04;
/** A colour holding at least this share of the picture's frame is background. */
const BACKGROUND_FRAME_SHARE = 0.15;
/** Background colours a palette keeps before the subject's (a backdrop and its gradient or shadow). */
const BACKGROUND_COLOURS = 2;
/** A subject colour must cover this share of the subject (what is not background)… */
const SUBJECT_MIN_SHARE = 0.1;
/** …and this share of the whole picture: a few stray pixels are not a subject. */
const SUBJECT_MIN_PICTURE_SHARE = 0.004;
/**
 * What is not background must cover this share of the picture to be a subject at all: below
 * it, it is the blend along the edges where two background colours meet (a row of pixels).
 */
const SUBJECT_MIN_AREA = 0.02;
/** Width of the sample's frame, in sample pixels, read as where the background shows. */
const BORDER_PX = 2;
/** Bins closer than this (ΔE2000) are one colour of the palette: shading, not another colour. */
const MERGE_DELTA_E = 8;
/**
 * Pixels the palette is taken from (a 96 × 96 copy at most): a ring that fills a twentieth of
 * a product shot still has a few hundred pixels to be told from its highlights.
 */
const SAMPLE_SIDE = 96;

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

/**
 * A palette's colour as a search's page compares it (paletteDistance): l, a and b to the
 * hundredth, as the search index holds them (two bytes each), so that a page ordered from the
 * index and one ordered from the database agree.
 */
export const PALETTE_COMPARED_SCALE = 100;

export function comparedPaletteValue(v: number): number {
  return Math.round(v * PALETTE_COMPARED_SCALE) / PALETTE_COMPARED_SCALE;
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

interface ColourBin {
  /** Pixels of the sample in this colour. */
  n: number;
  /** Of those, pixels on the sample's frame (BORDER_PX wide). */
  border: number;
  l: number;
  a: number;
  b: number;
}

/**
 * The dominant colours of a picture (any format sharp reads; the media job passes the grid
 * thumbnail, so a video is read from its poster frame as the perceptual hash is), the piece
 * before its background (decision 0048). The pixels of a small copy are binned on the Lab grid
 * and neighbouring bins of one colour merged. A colour holding a good part of the picture's
 * frame is background: a product shot's backdrop fills most of the picture, so shares of the
 * whole would leave the piece out of its own palette (a gold ring on white would be "white"
 * alone, and 金 would not find it). The palette keeps up to BACKGROUND_COLOURS background
 * colours that cover at least MIN_SHARE of the picture, and fills the rest with the subject's
 * colours that cover at least SUBJECT_MIN_SHARE of the subject. Each colour's share is of the
 * whole picture; the palette lists the largest first.
 */
export async function extractPalette(picture: Buffer): Promise<PaletteColour[]> {
  const { data, info } = await sharp(picture)
    .resize({ width: SAMPLE_SIDE, height: SAMPLE_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Map<string, ColourBin>();
  const { width, height, channels } = info;
  const pixels = width * height;
  const labOfRgb = new Map<number, { l: number; a: number; b: number } | undefined>();
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  let borderPixels = 0;
  for (let i = 0; i < pixels; i++) {
    const o = i * channels;
    const rgb = (data[o]! << 16) | (data[o + 1]! << 8) | data[o + 2]!;
    let lab = labOfRgb.get(rgb);
    if (lab === undefined && !labOfRgb.has(rgb)) {
      lab = toLab(`#${hex(data[o]!)}${hex(data[o + 1]!)}${hex(data[o + 2]!)}`);
      labOfRgb.set(rgb, lab);
    }
    if (!lab) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    const onBorder = x < BORDER_PX || y < BORDER_PX || x >= width - BORDER_PX || y >= height - BORDER_PX;
    if (onBorder) borderPixels += 1;
    const key = cellToken(cellOf(lab));
    const bin = bins.get(key) ?? { n: 0, border: 0, l: 0, a: 0, b: 0 };
    bin.n += 1;
    if (onBorder) bin.border += 1;
    bin.l += lab.l;
    bin.a += lab.a;
    bin.b += lab.b;
    bins.set(key, bin);
  }
  // A metal's highlights and shadows fall in neighbouring cells: bins are merged, largest first,
  // into the first colour within MERGE_DELTA_E of them, so a gold ring is one colour, not five
  // slivers each under the minimum share.
  const merged: ColourBin[] = [];
  for (const bin of [...bins.values()].sort((x, y) => y.n - x.n)) {
    const mean = { l: bin.l / bin.n, a: bin.a / bin.n, b: bin.b / bin.n };
    const into = merged.find(
      (m) => colourDistance({ l: m.l / m.n, a: m.a / m.n, b: m.b / m.n }, mean) <= MERGE_DELTA_E,
    );
    if (into) {
      into.n += bin.n;
      into.border += bin.border;
      into.l += bin.l;
      into.a += bin.a;
      into.b += bin.b;
    } else merged.push({ ...bin });
  }
  const isBackground = (c: ColourBin) => borderPixels > 0 && c.border / borderPixels >= BACKGROUND_FRAME_SHARE;
  const largestFirst = (x: ColourBin, y: ColourBin) => y.n - x.n;
  const background = merged.filter(isBackground).sort(largestFirst);
  const subjectPixels = pixels - background.reduce((sum, c) => sum + c.n, 0);
  const subject = (subjectPixels / pixels < SUBJECT_MIN_AREA ? [] : merged)
    .filter(
      (c) => !isBackground(c) && c.n / subjectPixels >= SUBJECT_MIN_SHARE && c.n / pixels >= SUBJECT_MIN_PICTURE_SHARE,
    )
    .sort(largestFirst);
  const backdrop = background.filter((c) => c.n / pixels >= MIN_SHARE);
  const kept = backdrop.slice(0, BACKGROUND_COLOURS);
  kept.push(...subject.slice(0, PALETTE_SIZE - kept.length));
  // A picture with little subject (a pattern, a flat scene) keeps more of its backdrop.
  kept.push(...backdrop.slice(BACKGROUND_COLOURS, BACKGROUND_COLOURS + PALETTE_SIZE - kept.length));
  const round = (v: number) => Math.round(v * 10) / 10;
  return kept.sort(largestFirst).map((colour) => ({
    l: round(colour.l / colour.n),
    a: round(colour.a / colour.n),
    b: round(colour.b / colour.n),
    share: Math.round((colour.n / pixels) * 1000) / 1000,
  }));
}
