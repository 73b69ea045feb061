/**
 * The visible preview watermark: a diamond glyph and the word GEMSTOCK, tiled diagonally and
 * semi-transparent. Everything is drawn as vector paths, never as SVG text, so it looks the
 * same on a machine without any fonts installed. Each mark is drawn twice (a dark halo under a
 * light stroke) so it stays visible on white product shots and on dark velvet alike.
 */

/** Stroke paths of the letters on a 64 × 100 cell. */
const GLYPHS: Record<string, string> = {
  G: 'M54,24 C48,12 40,8 32,8 C16,8 8,28 8,50 C8,72 16,92 32,92 C44,92 54,84 54,66 L54,54 L36,54',
  E: 'M54,10 L10,10 L10,90 L54,90 M10,50 L44,50',
  M: 'M8,90 L8,10 L32,62 L56,10 L56,90',
  S: 'M52,22 C46,10 36,8 30,8 C18,8 10,16 10,28 C10,54 54,44 54,70 C54,84 44,92 32,92 C22,92 12,86 8,76',
  T: 'M4,10 L60,10 M32,10 L32,90',
  O: 'M32,8 C14,8 8,30 8,50 C8,70 14,92 32,92 C50,92 56,70 56,50 C56,30 50,8 32,8 Z',
  C: 'M54,24 C48,12 40,8 32,8 C16,8 8,28 8,50 C8,72 16,92 32,92 C42,92 50,86 54,76',
  K: 'M10,8 L10,92 M54,8 L12,58 M28,40 L56,92',
};

/** A brilliant-cut diamond outline with its facet lines, on a 100 × 90 cell. */
const DIAMOND = 'M22,4 L78,4 L98,30 L50,88 L2,30 Z M2,30 L98,30 M22,4 L36,30 L50,4 L64,30 L78,4 M36,30 L50,88 L64,30';

const WORD = 'GEMSTOCK';
const LETTER_ADVANCE = 76;

function markPaths(): string {
  let d = '';
  WORD.split('').forEach((ch, i) => {
    d += `<path transform="translate(${130 + i * LETTER_ADVANCE},0)" d="${GLYPHS[ch]}"/>`;
  });
  return `<path transform="translate(0,6)" d="${DIAMOND}"/>${d}`;
}

/** Width of one mark (diamond + word) in glyph units; its height is 100. */
const MARK_WIDTH = 130 + WORD.length * LETTER_ADVANCE - 12;

/**
 * An SVG overlay of `width` × `height` pixels covering the picture with the tiled mark. The
 * mark's size follows the picture's long side, so a 640 px video preview and a 1200 px image
 * preview carry it at the same proportion.
 */
export function watermarkSvg(width: number, height: number, opacity = 0.42): string {
  const longSide = Math.max(width, height);
  // Mark height in pixels: about 2.4 % of the long side, never unreadably small.
  const markH = Math.max(14, longSide * 0.024);
  const scale = markH / 100;
  const tileW = MARK_WIDTH * scale * 2.3;
  const tileH = markH * 5.2;
  const stroke = 11;
  const mark = markPaths();
  const place = (x: number, y: number) =>
    `<g transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale.toFixed(4)})">${mark}</g>`;
  // Two marks per tile, offset by half a tile, so rows are staggered like bricks.
  const tile = place(tileW * 0.03, tileH * 0.12) + place(tileW * 0.53, tileH * 0.62);
  const layer = (colour: string, width: number, layerOpacity: number) =>
    `<g fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="${layerOpacity}">${tile}</g>`;
  const pattern =
    `<pattern id="wm" patternUnits="userSpaceOnUse" width="${tileW.toFixed(1)}" height="${tileH.toFixed(1)}" patternTransform="rotate(-28)">` +
    layer('#000000', stroke + 8, 0.35) +
    layer('#ffffff', stroke, 0.9) +
    '</pattern>';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${pattern}</defs>` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="url(#wm)" opacity="${opacity}"/>` +
    '</svg>'
  );
}
