/**
 * Jewellery artwork composed as SVG, for the demo catalogue. Pure string building: the SVG is
 * rasterised by src/media (sharp), at seed time for images and by scripts/ for the shipped
 * videos. No text is drawn (a fresh machine may have no fonts at all), and no SVG filters are
 * used: blur at 3000 px is slow, so soft shadows and glows are radial gradients.
 *
 * Every scene is laid out in a view box whose short side is 1000 units, so the same scene
 * renders at any size and aspect ratio. `t` in [0, 1) is the animation phase used by the
 * videos; every motion is periodic in it, so a clip loops without a jump.
 */

export type SubjectKind =
  | 'solitaire-ring'
  | 'gem-ring'
  | 'couple-rings'
  | 'halo-pendant'
  | 'gold-chain'
  | 'pearl-necklace'
  | 'drop-earrings'
  | 'pearl-earrings'
  | 'jade-bangle'
  | 'gold-bangle'
  | 'loose-gems'
  | 'jade-disc'
  | 'model-necklace'
  | 'model-ring';

export type BackgroundKind =
  'white' | 'studio' | 'velvet' | 'silk' | 'marble' | 'podium' | 'guochao' | 'ink' | 'valentine' | 'qixi';

export type MetalKind = 'gold' | 'rose' | 'platinum' | 'silver';
export type GemKind = 'diamond' | 'ruby' | 'sapphire' | 'emerald' | 'amethyst' | 'citrine';

export interface SceneSpec {
  subject: SubjectKind;
  background: BackgroundKind;
  metal: MetalKind;
  gem: GemKind;
  /** Varies the details (facet shading, scatter, tints) deterministically. */
  seed: number;
  /** Hue accent for the pastel backgrounds, 0–360. */
  hue?: number;
}

/** mulberry32: a small deterministic PRNG, so a seed always draws the same picture. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const METALS: Record<MetalKind, string[]> = {
  gold: ['#6b4a0c', '#b98a27', '#f2d272', '#fff4c4', '#d9ab45', '#7d5810'],
  rose: ['#6e3324', '#b97058', '#efb79f', '#fff0e6', '#cc8a70', '#7c3f2c'],
  platinum: ['#4f545c', '#9aa1ab', '#e4e8ee', '#ffffff', '#b3bac3', '#5d626a'],
  silver: ['#55585e', '#a3a6ab', '#e8e8ea', '#ffffff', '#bfc1c5', '#62656b'],
};

/** Light to dark tones of each gem, then a flash colour. */
const GEMS: Record<GemKind, string[]> = {
  diamond: ['#ffffff', '#e8f3ff', '#c4dbf2', '#94b4d8', '#6d8fb8', '#fffbe8'],
  ruby: ['#ff8a98', '#f0253f', '#c20d2a', '#86001a', '#4d000e', '#ffe0e6'],
  sapphire: ['#8fb6ff', '#3469e0', '#1b44b0', '#0d2773', '#06143f', '#e3edff'],
  emerald: ['#8ff5bd', '#22b46a', '#0d8049', '#065530', '#02331c', '#e6fff1'],
  amethyst: ['#e0b5ff', '#a55ee0', '#7a33b8', '#4f1b80', '#2a0a47', '#f6eaff'],
  citrine: ['#ffe9a3', '#ffc53d', '#e89a12', '#b06a05', '#6b3d02', '#fff8e0'],
};

interface Ctx {
  defs: string[];
  n: number;
  rng: () => number;
  t: number;
}

const TAU = Math.PI * 2;
const f = (v: number) => (Math.round(v * 10) / 10).toString();

function uid(ctx: Ctx, prefix: string): string {
  ctx.n += 1;
  return `${prefix}${ctx.n}`;
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${f(((h % 360) + 360) % 360)},${f(s)}%,${f(l)}%)`;
}

function linear(
  ctx: Ctx,
  stops: string[],
  dir: [number, number, number, number] = [0, 0, 1, 1],
  opacity?: number[],
): string {
  const id = uid(ctx, 'lg');
  const body = stops
    .map((c, i) => {
      const op = opacity?.[i];
      return `<stop offset="${f((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`;
    })
    .join('');
  ctx.defs.push(
    `<linearGradient id="${id}" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">${body}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(ctx: Ctx, stops: Array<[number, string, number]>, fx = 0.5, fy = 0.5, r = 0.5): string {
  const id = uid(ctx, 'rg');
  const body = stops
    .map(([o, c, op]) => `<stop offset="${f(o * 100)}%" stop-color="${c}" stop-opacity="${op}"/>`)
    .join('');
  ctx.defs.push(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="${r}" fx="${fx}" fy="${fy}">${body}</radialGradient>`);
  return `url(#${id})`;
}

function metalFill(ctx: Ctx, metal: MetalKind, dir: [number, number, number, number] = [0, 0, 1, 1]): string {
  return linear(ctx, METALS[metal], dir);
}

/** A soft elliptical shadow on the floor under an object. */
function shadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, strength = 0.35): string {
  const fill = radial(ctx, [
    [0, '#000', strength],
    [0.6, '#000', strength * 0.35],
    [1, '#000', 0],
  ]);
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`;
}

function glow(ctx: Ctx, cx: number, cy: number, r: number, color = '#fff', strength = 0.8): string {
  const fill = radial(ctx, [
    [0, color, strength],
    [0.35, color, strength * 0.35],
    [1, color, 0],
  ]);
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"/>`;
}

/** A four-pointed twinkle, pulsing with the animation phase. */
function sparkle(ctx: Ctx, cx: number, cy: number, size: number, phase = 0): string {
  const pulse = 0.55 + 0.45 * Math.sin(TAU * (ctx.t + phase));
  const l = size * pulse;
  const w = l * 0.14;
  const star = `M${f(cx)},${f(cy - l)} Q${f(cx + w)},${f(cy - w)} ${f(cx + l)},${f(cy)} Q${f(cx + w)},${f(cy + w)} ${f(cx)},${f(cy + l)} Q${f(cx - w)},${f(cy + w)} ${f(cx - l)},${f(cy)} Q${f(cx - w)},${f(cy - w)} ${f(cx)},${f(cy - l)}Z`;
  return `${glow(ctx, cx, cy, l * 0.9, '#fff', 0.7 * pulse)}<path d="${star}" fill="#fff" opacity="${f(0.6 + 0.4 * pulse)}"/>`;
}

function pt(cx: number, cy: number, r: number, a: number): [number, number] {
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function poly(points: Array<[number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
}

/** Picks a facet tone; the phase shifts which facets flash, so a gem glitters in video. */
function facetTone(ctx: Ctx, tones: string[], index: number, base: number): string {
  const shimmer = Math.sin(TAU * ctx.t + index * 1.7 + base * 6) * 0.5 + 0.5;
  const k = Math.floor((base * 0.7 + shimmer * 0.3) * 5);
  return tones[Math.min(4, Math.max(0, k))]!;
}

/** A round brilliant seen from above: table, star, bezel and upper-girdle facets. */
function brilliantTop(ctx: Ctx, cx: number, cy: number, r: number, gem: GemKind, rotate = 0): string {
  const tones = GEMS[gem];
  const rot = rotate + ctx.t * (TAU / 16);
  const parts: string[] = [];
  const T = (j: number) => pt(cx, cy, r * 0.52, rot + (j * TAU) / 8 + TAU / 16);
  const S = (j: number) => pt(cx, cy, r * 0.8, rot + (j * TAU) / 8 + TAU / 8);
  const G = (k: number) => pt(cx, cy, r, rot + (k * TAU) / 16);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${tones[3]}"/>`);
  let idx = 0;
  for (let j = 0; j < 8; j += 1) {
    parts.push(poly([T(j), T(j + 1), S(j)], facetTone(ctx, tones, idx++, ctx.rng())));
    parts.push(poly([S(j), G(2 * j + 3), S(j + 1), T(j + 1)], facetTone(ctx, tones, idx++, ctx.rng())));
    parts.push(poly([S(j), G(2 * j + 2), G(2 * j + 1)], facetTone(ctx, tones, idx++, ctx.rng())));
    parts.push(poly([S(j), G(2 * j + 2), G(2 * j + 3)], facetTone(ctx, tones, idx++, ctx.rng())));
  }
  const table = Array.from({ length: 8 }, (_, j) => T(j));
  parts.push(poly(table, facetTone(ctx, tones, idx, 0.15 + ctx.rng() * 0.3)));
  const edge = `fill="none" stroke="${tones[0]}" stroke-opacity="0.45" stroke-width="${f(r * 0.012)}"`;
  parts.push(`<polygon points="${table.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" ${edge}/>`);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" ${edge}/>`);
  const sheen = radial(
    ctx,
    [
      [0, '#fff', 0.55],
      [0.45, '#fff', 0.12],
      [1, '#fff', 0],
    ],
    0.32,
    0.28,
  );
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${sheen}"/>`);
  return parts.join('');
}

/** A round brilliant seen from the side: crown above the girdle, pavilion below. */
function brilliantSide(ctx: Ctx, cx: number, cy: number, r: number, gem: GemKind): string {
  const tones = GEMS[gem];
  const parts: string[] = [];
  const crownTop = cy - r * 0.42;
  const culet = cy + r * 0.95;
  const xs = [-1, -0.72, -0.38, 0, 0.38, 0.72, 1].map((k) => cx + k * r);
  const topXs = [-0.55, -0.4, -0.2, 0, 0.2, 0.4, 0.55].map((k) => cx + k * r);
  let idx = 0;
  for (let i = 0; i < 6; i += 1) {
    const quad: Array<[number, number]> = [
      [xs[i]!, cy],
      [topXs[i]!, crownTop],
      [topXs[i + 1]!, crownTop],
      [xs[i + 1]!, cy],
    ];
    parts.push(poly(quad, facetTone(ctx, tones, idx++, ctx.rng() * 0.8)));
    parts.push(
      poly(
        [
          [xs[i]!, cy],
          [xs[i + 1]!, cy],
          [cx, culet],
        ],
        facetTone(ctx, tones, idx++, 0.3 + ctx.rng() * 0.7),
      ),
    );
  }
  const stroke = `fill="none" stroke="${tones[0]}" stroke-opacity="0.5" stroke-width="${f(r * 0.02)}" stroke-linejoin="round"`;
  parts.push(
    `<path d="M${f(cx - r)},${f(cy)} L${f(cx - r * 0.55)},${f(crownTop)} L${f(cx + r * 0.55)},${f(crownTop)} L${f(cx + r)},${f(cy)} L${f(cx)},${f(culet)} Z M${f(cx - r)},${f(cy)} L${f(cx + r)},${f(cy)}" ${stroke}/>`,
  );
  parts.push(glow(ctx, cx - r * 0.25, crownTop + r * 0.15, r * 0.5, '#fff', 0.5));
  return parts.join('');
}

/** An oval or pear stone with radiating facets; `pear` makes a teardrop pointing up. */
function fancyStone(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, gem: GemKind, pear = false): string {
  const tones = GEMS[gem];
  const parts: string[] = [];
  const outline = (k: number) => {
    const pts: Array<[number, number]> = [];
    for (let i = 0; i < 24; i += 1) {
      const a = (i / 24) * TAU - Math.PI / 2;
      let x = Math.cos(a) * rx * k;
      let y = Math.sin(a) * ry * k;
      if (pear && y < 0) x *= 1 + (y / (ry * k)) * 0.85;
      if (pear && y < 0) y *= 1.15;
      pts.push([cx + x, cy + y]);
    }
    return pts;
  };
  const outer = outline(1);
  const inner = outline(0.5);
  let idx = 0;
  for (let i = 0; i < 24; i += 1) {
    const j = (i + 1) % 24;
    parts.push(poly([outer[i]!, outer[j]!, inner[j]!, inner[i]!], facetTone(ctx, tones, idx++, ctx.rng())));
  }
  parts.push(poly(inner, facetTone(ctx, tones, idx++, 0.2 + ctx.rng() * 0.3)));
  for (let i = 0; i < 24; i += 4) {
    parts.push(
      poly([inner[i]!, inner[(i + 4) % 24]!, [cx, cy]], facetTone(ctx, tones, idx++, ctx.rng()), ' opacity="0.55"'),
    );
  }
  const edge = `fill="none" stroke="${tones[0]}" stroke-opacity="0.4" stroke-width="${f(Math.min(rx, ry) * 0.02)}"`;
  parts.push(`<polygon points="${outer.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" ${edge}/>`);
  const sheen = radial(
    ctx,
    [
      [0, '#fff', 0.6],
      [0.4, '#fff', 0.15],
      [1, '#fff', 0],
    ],
    0.3,
    0.25,
  );
  parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${sheen}"/>`);
  return parts.join('');
}

function pearl(ctx: Ctx, cx: number, cy: number, r: number, tint = '#f3e6dc'): string {
  const body = radial(
    ctx,
    [
      [0, '#ffffff', 1],
      [0.3, '#fbf6f0', 1],
      [0.7, tint, 1],
      [0.92, '#b9aea4', 1],
      [1, '#8f857c', 1],
    ],
    0.36,
    0.3,
  );
  const iridescence = radial(
    ctx,
    [
      [0.55, '#f7c6d9', 0],
      [0.85, '#cfe3ff', 0.35],
      [1, '#f7c6d9', 0],
    ],
    0.6,
    0.7,
  );
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${body}"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${iridescence}"/>` +
    `<ellipse cx="${f(cx - r * 0.32)}" cy="${f(cy - r * 0.38)}" rx="${f(r * 0.22)}" ry="${f(r * 0.13)}" fill="#fff" opacity="0.85" transform="rotate(-30 ${f(cx - r * 0.32)} ${f(cy - r * 0.38)})"/>`
  );
}

function jadeFill(ctx: Ctx, dir: [number, number, number, number] = [0, 0, 1, 1]): string {
  const palettes = [
    ['#0c5a38', '#3fae74', '#a8e6c2', '#2a9660', '#7fd3a3', '#0e6a42'],
    ['#1f6b4f', '#5cbf93', '#d3f2e2', '#4aa882', '#a4e0c4', '#17573f'],
  ];
  return linear(ctx, palettes[Math.floor(ctx.rng() * palettes.length)]!, dir);
}

// ---------------------------------------------------------------------------------------------
// Subjects. Each draws around (cx, cy) with `s` as its nominal size (about 1000 units on screen).

/** An upright band with a stone set on top; `claws` draws solitaire prongs hugging the stone. */
function ringUpright(
  ctx: Ctx,
  cx: number,
  cy: number,
  s: number,
  metal: MetalKind,
  stone: () => string,
  stoneY: number,
  stoneR: number,
  claws: boolean,
): string {
  const R = s * 0.32;
  const band = metalFill(ctx, metal, [0, 0, 1, 1]);
  const bandBack = metalFill(ctx, metal, [1, 1, 0, 0]);
  const parts: string[] = [];
  parts.push(shadow(ctx, cx, cy + R * 1.02, R * 1.25, R * 0.16, 0.45));
  // The inside of the band, seen through the opening, is the darker back surface.
  parts.push(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(R)}" ry="${f(R)}" fill="none" stroke="${bandBack}" stroke-width="${f(R * 0.2)}"/>`,
  );
  parts.push(
    `<ellipse cx="${f(cx)}" cy="${f(cy + R * 0.04)}" rx="${f(R * 0.985)}" ry="${f(R * 0.97)}" fill="none" stroke="${band}" stroke-width="${f(R * 0.16)}"/>`,
  );
  parts.push(
    `<path d="M${f(cx - R * 0.7)},${f(cy + R * 0.68)} A${f(R)},${f(R)} 0 0 0 ${f(cx + R * 0.7)},${f(cy + R * 0.68)}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="${f(R * 0.03)}" stroke-linecap="round"/>`,
  );
  const prong = metalFill(ctx, metal, [0, 0, 1, 0]);
  const top = cy - R * 1.06;
  // Basket: a tapered collar between the band and the stone.
  parts.push(
    `<path d="M${f(cx - R * 0.3)},${f(top + R * 0.06)} Q${f(cx - stoneR * 0.5)},${f(stoneY + stoneR * 0.5)} ${f(cx - stoneR * 0.55)},${f(stoneY + stoneR * 0.2)} L${f(cx + stoneR * 0.55)},${f(stoneY + stoneR * 0.2)} Q${f(cx + stoneR * 0.5)},${f(stoneY + stoneR * 0.5)} ${f(cx + R * 0.3)},${f(top + R * 0.06)} Z" fill="${prong}"/>`,
  );
  const claw = (k: number) =>
    `<path d="M${f(cx + k * R * 0.16)},${f(top + R * 0.04)} Q${f(cx + k * stoneR * 1.08)},${f(stoneY + stoneR * 0.3)} ${f(cx + k * stoneR * 0.86)},${f(stoneY - stoneR * 0.32)}" fill="none" stroke="${prong}" stroke-width="${f(stoneR * 0.13)}" stroke-linecap="round"/>`;
  if (claws) parts.push(claw(0));
  parts.push(stone());
  if (claws) parts.push(claw(-1), claw(1));
  return parts.join('');
}

function solitaireRing(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind, gem: GemKind): string {
  const R = s * 0.32;
  const gr = R * 0.4;
  const gy = cy - R * 1.06 - gr * 0.72;
  return (
    ringUpright(ctx, cx, cy, s, metal, () => brilliantSide(ctx, cx, gy, gr, gem), gy, gr, true) +
    sparkle(ctx, cx - gr * 0.3, gy - gr * 0.25, gr * 0.55, 0.1) +
    sparkle(ctx, cx + gr * 0.55, gy + gr * 0.15, gr * 0.32, 0.55)
  );
}

function gemRing(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind, gem: GemKind): string {
  const R = s * 0.32;
  const gy = cy - R * 1.06 - R * 0.3;
  const stone = () => {
    const halo: string[] = [];
    for (let i = 0; i < 18; i += 1) {
      const a = (i / 18) * TAU;
      const [x, y] = pt(cx, gy, R * 0.46, a);
      halo.push(brilliantTop(ctx, x, gy + (y - gy) * 0.7, R * 0.075, 'diamond', a));
    }
    return halo.join('') + fancyStone(ctx, cx, gy, R * 0.36, R * 0.25, gem);
  };
  return (
    ringUpright(ctx, cx, cy, s, metal, stone, gy, R * 0.36, false) +
    sparkle(ctx, cx - R * 0.14, gy - R * 0.08, R * 0.16, 0.3) +
    sparkle(ctx, cx + R * 0.42, gy + R * 0.12, R * 0.1, 0.7)
  );
}

/** A band lying at an angle: an elliptical annulus whose lower rim shows its thickness. */
function tiltedBand(
  ctx: Ctx,
  cx: number,
  cy: number,
  R: number,
  metal: MetalKind,
  angle: number,
  pave: boolean,
): string {
  const outer = `M${f(cx - R)},${f(cy)} A${f(R)},${f(R * 0.55)} 0 1 0 ${f(cx + R)},${f(cy)} A${f(R)},${f(R * 0.55)} 0 1 0 ${f(cx - R)},${f(cy)} Z`;
  const ri = R * 0.84;
  const icy = cy - R * 0.1;
  const inner = `M${f(cx - ri)},${f(icy)} A${f(ri)},${f(ri * 0.46)} 0 1 1 ${f(cx + ri)},${f(icy)} A${f(ri)},${f(ri * 0.46)} 0 1 1 ${f(cx - ri)},${f(icy)} Z`;
  const parts = [
    `<g transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})">`,
    `<path d="${outer}${inner}" fill-rule="evenodd" fill="${metalFill(ctx, metal, [0, 0, 0.3, 1])}"/>`,
    `<path d="M${f(cx - R * 0.9)},${f(cy + R * 0.12)} A${f(R * 0.95)},${f(R * 0.5)} 0 0 0 ${f(cx + R * 0.9)},${f(cy + R * 0.12)}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="${f(R * 0.025)}" stroke-linecap="round"/>`,
  ];
  if (pave) {
    for (let i = 0; i < 9; i += 1) {
      const a = Math.PI * (0.2 + (i / 8) * 0.6);
      parts.push(brilliantTop(ctx, cx + Math.cos(a) * R * 0.93, cy + Math.sin(a) * R * 0.5, R * 0.045, 'diamond'));
    }
  }
  parts.push('</g>');
  return parts.join('');
}

function coupleRings(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind): string {
  const R = s * 0.24;
  const sway = Math.sin(TAU * ctx.t) * 3;
  return (
    shadow(ctx, cx, cy + R * 0.75, R * 2.1, R * 0.28, 0.35) +
    tiltedBand(ctx, cx - R * 0.55, cy, R, metal, -12 + sway, false) +
    tiltedBand(ctx, cx + R * 0.6, cy + R * 0.12, R * 0.82, metal, 14 - sway, true) +
    sparkle(ctx, cx + R * 0.7, cy + R * 0.5, R * 0.18, 0.4)
  );
}

/** Points along a hanging curve from (x0, y0) to (x1, y0) sagging to `bottom`. */
function hangingCurve(x0: number, x1: number, y0: number, bottom: number, n: number): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  const mid = (x0 + x1) / 2;
  const half = (x1 - x0) / 2;
  for (let i = 0; i <= n; i += 1) {
    const u = (i / n) * 2 - 1;
    const x = mid + u * half;
    const y = y0 + (bottom - y0) * (1 - u * u) ** 0.8;
    const du = 0.001;
    const y2 = y0 + (bottom - y0) * (1 - Math.min(1, (u + du) ** 2)) ** 0.8;
    const angle = Math.atan2(y2 - y, du * half);
    out.push([x, y, angle]);
  }
  return out;
}

function fineChain(
  ctx: Ctx,
  x0: number,
  x1: number,
  y0: number,
  bottom: number,
  width: number,
  metal: MetalKind,
): string {
  const points = hangingCurve(x0, x1, y0, bottom, 48);
  const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)},${f(y)}`).join(' ');
  const stroke = metalFill(ctx, metal, [0, 0, 1, 1]);
  return (
    `<path d="${d}" fill="none" stroke="${METALS[metal][0]}" stroke-opacity="0.6" stroke-width="${f(width * 1.3)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}" stroke-dasharray="${f(width * 1.6)} ${f(width * 0.7)}" stroke-linecap="round"/>`
  );
}

function haloPendant(
  ctx: Ctx,
  cx: number,
  cy: number,
  s: number,
  metal: MetalKind,
  gem: GemKind,
  vw: number,
  vh: number,
): string {
  const sway = Math.sin(TAU * ctx.t) * 4;
  const py = cy + s * 0.1;
  const r = s * 0.11;
  const parts: string[] = [];
  parts.push(fineChain(ctx, -vw * 0.05, vw * 1.05, -vh * 0.02, py - r * 1.9, s * 0.007, metal));
  parts.push(`<g transform="rotate(${f(sway)} ${f(cx)} ${f(py - r * 1.9)})">`);
  parts.push(
    `<ellipse cx="${f(cx)}" cy="${f(py - r * 1.7)}" rx="${f(r * 0.22)}" ry="${f(r * 0.3)}" fill="none" stroke="${metalFill(ctx, metal)}" stroke-width="${f(r * 0.09)}"/>`,
  );
  parts.push(`<circle cx="${f(cx)}" cy="${f(py)}" r="${f(r * 1.42)}" fill="${metalFill(ctx, metal)}"/>`);
  for (let i = 0; i < 16; i += 1) {
    const a = (i / 16) * TAU;
    const [x, y] = pt(cx, py, r * 1.22, a);
    parts.push(brilliantTop(ctx, x, y, r * 0.17, 'diamond', a));
  }
  parts.push(brilliantTop(ctx, cx, py, r, gem));
  parts.push(sparkle(ctx, cx - r * 0.35, py - r * 0.4, r * 0.9, 0.2));
  parts.push('</g>');
  return parts.join('');
}

function goldChain(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind, vw: number): string {
  const parts: string[] = [];
  const bottom = cy + s * 0.3;
  const top = cy - s * 0.28;
  const points = hangingCurve(cx - vw * 0.42, cx + vw * 0.42, top, bottom, 70);
  parts.push(shadow(ctx, cx, bottom + s * 0.06, s * 0.5, s * 0.05, 0.25));
  const link = s * 0.022;
  const stroke = metalFill(ctx, metal, [0, 0, 1, 1]);
  points.forEach(([x, y, a], i) => {
    const deg = (a * 180) / Math.PI;
    const flat = i % 2 === 0;
    parts.push(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(link * 1.15)}" ry="${f(flat ? link * 0.7 : link * 0.28)}" transform="rotate(${f(deg)} ${f(x)} ${f(y)})" fill="none" stroke="${stroke}" stroke-width="${f(link * (flat ? 0.42 : 0.5))}"/>`,
    );
  });
  const [gx, gy] = points[Math.floor(points.length * 0.42)]!;
  parts.push(sparkle(ctx, gx, gy, s * 0.035, 0.3));
  const [hx, hy] = points[Math.floor(points.length * 0.62)]!;
  parts.push(sparkle(ctx, hx, hy, s * 0.025, 0.75));
  return parts.join('');
}

function pearlNecklace(ctx: Ctx, cx: number, cy: number, s: number, vw: number, tint: string): string {
  const parts: string[] = [];
  const bottom = cy + s * 0.28;
  const top = cy - s * 0.3;
  const points = hangingCurve(cx - vw * 0.4, cx + vw * 0.4, top, bottom, 34);
  parts.push(shadow(ctx, cx, bottom + s * 0.07, s * 0.45, s * 0.05, 0.22));
  const bob = Math.sin(TAU * ctx.t) * s * 0.004;
  points.forEach(([x, y], i) => {
    const centre = 1 - Math.abs(i / (points.length - 1) - 0.5) * 2;
    parts.push(pearl(ctx, x, y + bob * centre, s * (0.022 + 0.012 * centre), tint));
  });
  return parts.join('');
}

function dropEarring(
  ctx: Ctx,
  cx: number,
  cy: number,
  s: number,
  metal: MetalKind,
  gem: GemKind,
  mirror: boolean,
  phase: number,
): string {
  const sway = Math.sin(TAU * (ctx.t + phase)) * 5;
  const r = s * 0.05;
  const parts: string[] = [];
  const hook = `M${f(cx)},${f(cy - r * 1.4)} C${f(cx)},${f(cy - r * 4.2)} ${f(cx + (mirror ? -1 : 1) * r * 2.6)},${f(cy - r * 4.2)} ${f(cx + (mirror ? -1 : 1) * r * 2.2)},${f(cy - r * 1.8)}`;
  parts.push(
    `<path d="${hook}" fill="none" stroke="${metalFill(ctx, metal)}" stroke-width="${f(r * 0.16)}" stroke-linecap="round"/>`,
  );
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy - r * 0.4)}" r="${f(r * 1.02)}" fill="${metalFill(ctx, metal)}"/>`);
  parts.push(brilliantTop(ctx, cx, cy - r * 0.4, r * 0.85, 'diamond'));
  parts.push(`<g transform="rotate(${f(sway)} ${f(cx)} ${f(cy + r * 0.6)})">`);
  parts.push(
    `<line x1="${f(cx)}" y1="${f(cy + r * 0.6)}" x2="${f(cx)}" y2="${f(cy + r * 2.2)}" stroke="${METALS[metal][2]}" stroke-width="${f(r * 0.12)}"/>`,
  );
  parts.push(
    `<ellipse cx="${f(cx)}" cy="${f(cy + r * 3.9)}" rx="${f(r * 1.22)}" ry="${f(r * 1.9)}" fill="${metalFill(ctx, metal)}"/>`,
  );
  parts.push(fancyStone(ctx, cx, cy + r * 3.95, r * 1.08, r * 1.72, gem, true));
  parts.push(sparkle(ctx, cx - r * 0.4, cy + r * 3.2, r * 1.1, phase));
  parts.push('</g>');
  return parts.join('');
}

function dropEarrings(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind, gem: GemKind): string {
  const dx = s * 0.17;
  return (
    shadow(ctx, cx, cy + s * 0.32, s * 0.36, s * 0.04, 0.2) +
    dropEarring(ctx, cx - dx, cy - s * 0.08, s, metal, gem, false, 0) +
    dropEarring(ctx, cx + dx, cy - s * 0.05, s, metal, gem, true, 0.3)
  );
}

function pearlEarrings(ctx: Ctx, cx: number, cy: number, s: number, metal: MetalKind, tint: string): string {
  const parts: string[] = [shadow(ctx, cx, cy + s * 0.34, s * 0.4, s * 0.05, 0.22)];
  for (const [k, phase] of [
    [-1, 0],
    [1, 0.4],
  ] as const) {
    const x = cx + k * s * 0.2;
    const sway = Math.sin(TAU * (ctx.t + phase)) * 4;
    const top = cy - s * 0.24;
    parts.push(`<circle cx="${f(x)}" cy="${f(top)}" r="${f(s * 0.05)}" fill="${metalFill(ctx, metal)}"/>`);
    parts.push(brilliantTop(ctx, x, top, s * 0.042, 'diamond'));
    parts.push(`<g transform="rotate(${f(sway)} ${f(x)} ${f(top + s * 0.05)})">`);
    parts.push(
      `<rect x="${f(x - s * 0.006)}" y="${f(top + s * 0.045)}" width="${f(s * 0.012)}" height="${f(s * 0.13)}" rx="${f(s * 0.006)}" fill="${metalFill(ctx, metal, [0, 0, 1, 0])}"/>`,
    );
    parts.push(
      `<ellipse cx="${f(x)}" cy="${f(top + s * 0.18)}" rx="${f(s * 0.035)}" ry="${f(s * 0.02)}" fill="${metalFill(ctx, metal)}"/>`,
    );
    parts.push(pearl(ctx, x, top + s * 0.3, s * 0.115, tint));
    parts.push('</g>');
  }
  return parts.join('');
}

function bangle(
  ctx: Ctx,
  cx: number,
  cy: number,
  s: number,
  fill: () => string,
  thick: number,
  engraved?: string,
): string {
  const R = s * 0.36;
  const ry = R * 0.42;
  const tilt = Math.sin(TAU * ctx.t) * 2.5;
  const parts: string[] = [shadow(ctx, cx, cy + ry + thick * 0.7, R * 1.1, ry * 0.35, 0.35)];
  parts.push(`<g transform="rotate(${f(tilt)} ${f(cx)} ${f(cy)})">`);
  // Back half first and darker, then the front half over it.
  parts.push(
    `<path d="M${f(cx - R)},${f(cy)} A${f(R)},${f(ry)} 0 0 1 ${f(cx + R)},${f(cy)}" fill="none" stroke="${fill()}" stroke-width="${f(thick)}"/>`,
  );
  parts.push(
    `<path d="M${f(cx - R)},${f(cy)} A${f(R)},${f(ry)} 0 0 1 ${f(cx + R)},${f(cy)}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="${f(thick)}"/>`,
  );
  parts.push(
    `<path d="M${f(cx - R)},${f(cy)} A${f(R)},${f(ry)} 0 0 0 ${f(cx + R)},${f(cy)}" fill="none" stroke="${fill()}" stroke-width="${f(thick * 1.08)}" stroke-linecap="round"/>`,
  );
  if (engraved) {
    parts.push(
      `<path d="M${f(cx - R * 0.92)},${f(cy + ry * 0.3)} A${f(R * 0.98)},${f(ry * 1.02)} 0 0 0 ${f(cx + R * 0.92)},${f(cy + ry * 0.3)}" fill="none" stroke="${engraved}" stroke-opacity="0.55" stroke-width="${f(thick * 0.5)}" stroke-dasharray="${f(thick * 0.12)} ${f(thick * 0.22)}"/>`,
    );
  }
  parts.push(
    `<path d="M${f(cx - R * 0.8)},${f(cy + ry * 0.62)} A${f(R)},${f(ry)} 0 0 0 ${f(cx + R * 0.8)},${f(cy + ry * 0.62)}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="${f(thick * 0.12)}" stroke-linecap="round"/>`,
  );
  parts.push('</g>');
  parts.push(sparkle(ctx, cx + R * 0.45, cy + ry * 0.85, s * 0.03, 0.2));
  return parts.join('');
}

function looseGems(ctx: Ctx, cx: number, cy: number, s: number, gem: GemKind): string {
  const parts: string[] = [];
  const kinds: GemKind[] = ['diamond', 'ruby', 'sapphire', 'emerald', 'amethyst', 'citrine'];
  for (let i = 0; i < 9; i += 1) {
    const a = ctx.rng() * TAU;
    const d = s * (0.3 + ctx.rng() * 0.22);
    const r = s * (0.035 + ctx.rng() * 0.04);
    const x = cx + Math.cos(a) * d * 1.3;
    const y = cy + Math.sin(a) * d * 0.75;
    const kind = kinds[Math.floor(ctx.rng() * kinds.length)]!;
    parts.push(shadow(ctx, x + r * 0.2, y + r * 0.9, r * 1.1, r * 0.35, 0.35));
    parts.push(ctx.rng() < 0.5 ? brilliantTop(ctx, x, y, r, kind, a) : fancyStone(ctx, x, y, r * 1.1, r * 0.8, kind));
  }
  const R = s * 0.19;
  parts.push(shadow(ctx, cx + R * 0.1, cy + R * 0.95, R * 1.1, R * 0.3, 0.45));
  parts.push(brilliantTop(ctx, cx, cy, R, gem, ctx.rng()));
  parts.push(sparkle(ctx, cx - R * 0.4, cy - R * 0.45, R * 0.7, 0));
  parts.push(sparkle(ctx, cx + R * 0.5, cy + R * 0.2, R * 0.4, 0.5));
  return parts.join('');
}

/** 平安扣: a jade disc with a hole, hung on a red cord. */
function jadeDisc(ctx: Ctx, cx: number, cy: number, s: number, vh: number): string {
  const R = s * 0.2;
  const sway = Math.sin(TAU * ctx.t) * 3;
  const top = cy - R;
  const cord = (dx: number) =>
    `<path d="M${f(cx + dx)},${f(-vh * 0.02)} C${f(cx + dx * 0.6)},${f(top * 0.5)} ${f(cx + dx * 0.25)},${f(top - R * 0.4)} ${f(cx)},${f(top - R * 0.12)}" fill="none" stroke="#b3141f" stroke-width="${f(s * 0.012)}" stroke-linecap="round"/>`;
  const fill = jadeFill(ctx, [0, 0, 1, 1]);
  return [
    shadow(ctx, cx, cy + R * 1.35, R * 1.0, R * 0.14, 0.25),
    cord(-s * 0.12),
    cord(s * 0.12),
    `<g transform="rotate(${f(sway)} ${f(cx)} ${f(top - R * 0.12)})">`,
    `<rect x="${f(cx - s * 0.018)}" y="${f(top - R * 0.22)}" width="${f(s * 0.036)}" height="${f(R * 0.3)}" rx="${f(s * 0.01)}" fill="#c91d2a"/>`,
    `<path d="M${f(cx - R)},${f(cy)} A${f(R)},${f(R)} 0 1 0 ${f(cx + R)},${f(cy)} A${f(R)},${f(R)} 0 1 0 ${f(cx - R)},${f(cy)} Z M${f(cx - R * 0.3)},${f(cy)} A${f(R * 0.3)},${f(R * 0.3)} 0 1 1 ${f(cx + R * 0.3)},${f(cy)} A${f(R * 0.3)},${f(R * 0.3)} 0 1 1 ${f(cx - R * 0.3)},${f(cy)} Z" fill-rule="evenodd" fill="${fill}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.65)}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="${f(R * 0.5)}"/>`,
    `<path d="M${f(cx - R * 0.78)},${f(cy - R * 0.45)} A${f(R * 0.9)},${f(R * 0.9)} 0 0 1 ${f(cx - R * 0.1)},${f(cy - R * 0.88)}" fill="none" stroke="#fff" stroke-opacity="0.65" stroke-width="${f(R * 0.06)}" stroke-linecap="round"/>`,
    '</g>',
  ].join('');
}

/** A stylised neck and shoulders wearing a pendant: the subject of 模特佩戴 pictures. */
function modelNecklace(ctx: Ctx, vw: number, vh: number, metal: MetalKind, gem: GemKind, hue: number): string {
  const cx = vw / 2;
  const skin = linear(ctx, [hsl(26, 56, 82), hsl(22, 46, 72)], [0, 0, 0, 1]);
  const neckShade = linear(
    ctx,
    ['#6b3a22', '#6b3a22', '#6b3a22', '#6b3a22', '#6b3a22'],
    [0, 0, 1, 0],
    [0.4, 0.08, 0, 0.08, 0.4],
  );
  const hair = linear(ctx, ['#2b1d16', '#4a3326', '#15100d'], [0, 0, 1, 1]);
  const cloth = linear(ctx, [hsl(hue, 35, 38), hsl(hue, 40, 20)], [0, 0, 1, 1]);
  const neckW = 125;
  const neckBase = vh * 0.47;
  const shoulderY = vh * 0.66;
  const flare = vh * 0.12;
  // Hair falls behind the shoulders, so it is drawn first.
  const hairSide = (k: number) =>
    `<path d="M${f(cx + k * neckW * 0.9)},-10 C${f(cx + k * neckW * 1.5)},${f(vh * 0.25)} ${f(cx + k * vw * 0.3)},${f(vh * 0.35)} ${f(cx + k * vw * 0.34)},${f(shoulderY)} L${f(cx + k * vw * 0.52)},${f(shoulderY)} C${f(cx + k * vw * 0.5)},${f(vh * 0.3)} ${f(cx + k * vw * 0.42)},${f(vh * 0.1)} ${f(cx + k * vw * 0.4)},-10 Z" fill="${hair}"/>`;
  const body = `M${f(cx - neckW)},-10 L${f(cx - neckW)},${f(neckBase - flare)} C${f(cx - neckW)},${f(neckBase)} ${f(cx - vw * 0.22)},${f(shoulderY - vh * 0.09)} ${f(cx - vw * 0.5)},${f(shoulderY)} L${f(cx - vw * 0.62)},${f(vh + 10)} L${f(cx + vw * 0.62)},${f(vh + 10)} L${f(cx + vw * 0.5)},${f(shoulderY)} C${f(cx + vw * 0.22)},${f(shoulderY - vh * 0.09)} ${f(cx + neckW)},${f(neckBase)} ${f(cx + neckW)},${f(neckBase - flare)} L${f(cx + neckW)},-10 Z`;
  const parts = [
    hairSide(-1),
    hairSide(1),
    `<path d="${body}" fill="${skin}"/>`,
    // Roundness of the neck, and the shadow under the jaw.
    `<path d="M${f(cx - neckW)},-10 L${f(cx - neckW)},${f(neckBase - flare)} Q${f(cx)},${f(neckBase + vh * 0.02)} ${f(cx + neckW)},${f(neckBase - flare)} L${f(cx + neckW)},-10 Z" fill="${neckShade}"/>`,
    `<path d="M${f(cx - neckW)},-10 L${f(cx - neckW)},${f(vh * 0.08)} Q${f(cx)},${f(vh * 0.17)} ${f(cx + neckW)},${f(vh * 0.08)} L${f(cx + neckW)},-10 Z" fill="${hsl(18, 35, 45)}" opacity="0.3"/>`,
    `<path d="M${f(cx - vw * 0.3)},${f(shoulderY + vh * 0.0)} Q${f(cx - vw * 0.13)},${f(shoulderY - vh * 0.035)} ${f(cx - 28)},${f(shoulderY + vh * 0.02)} M${f(cx + vw * 0.3)},${f(shoulderY + vh * 0.0)} Q${f(cx + vw * 0.13)},${f(shoulderY - vh * 0.035)} ${f(cx + 28)},${f(shoulderY + vh * 0.02)}" fill="none" stroke="${hsl(18, 40, 52)}" stroke-opacity="0.35" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="M${f(cx - vw * 0.62)},${f(vh * 0.8)} Q${f(cx)},${f(vh * 1.04)} ${f(cx + vw * 0.62)},${f(vh * 0.8)} L${f(cx + vw * 0.62)},${f(vh + 10)} L${f(cx - vw * 0.62)},${f(vh + 10)} Z" fill="${cloth}"/>`,
  ];
  const chainBottom = shoulderY + vh * 0.05;
  parts.push(fineChain(ctx, cx - neckW * 0.98, cx + neckW * 0.98, neckBase - flare * 0.6, chainBottom, 5, metal));
  const r = 42;
  parts.push(
    `<ellipse cx="${f(cx)}" cy="${f(chainBottom + r * 1.25)}" rx="${f(r * 1.15)}" ry="${f(r * 1.45)}" fill="${metalFill(ctx, metal)}"/>`,
  );
  parts.push(fancyStone(ctx, cx, chainBottom + r * 1.3, r * 0.95, r * 1.25, gem, true));
  parts.push(sparkle(ctx, cx - r * 0.3, chainBottom + r * 0.9, r * 0.9, 0.1));
  return parts.join('');
}

/** A hand from below, fingers up, a solitaire on the ring finger: the ring as it is worn. */
function modelRing(ctx: Ctx, vw: number, vh: number, metal: MetalKind, gem: GemKind): string {
  const cx = vw / 2;
  const skin = linear(ctx, [hsl(26, 52, 84), hsl(22, 44, 70)], [0, 0, 1, 1]);
  const crease = hsl(18, 38, 58);
  const fw = 96; // a finger's width
  const palmTop = vh * 0.6;
  const parts: string[] = [];
  // Palm and wrist, rising from the bottom edge.
  parts.push(
    `<path d="M${f(cx - fw * 2.3)},${f(vh + 10)} L${f(cx - fw * 2.25)},${f(palmTop + 40)} Q${f(cx - fw * 2.2)},${f(palmTop - 10)} ${f(cx - fw * 1.6)},${f(palmTop - 20)} L${f(cx + fw * 1.9)},${f(palmTop - 20)} Q${f(cx + fw * 2.3)},${f(palmTop)} ${f(cx + fw * 2.25)},${f(palmTop + 60)} L${f(cx + fw * 2.1)},${f(vh + 10)} Z" fill="${skin}"/>`,
  );
  // Four fingers, little finger shortest; the ring finger is the third from the left.
  const fingers = [
    { x: cx - fw * 1.55, len: vh * 0.3, tilt: -7 },
    { x: cx - fw * 0.5, len: vh * 0.4, tilt: -2 },
    { x: cx + fw * 0.55, len: vh * 0.37, tilt: 2 },
    { x: cx + fw * 1.55, len: vh * 0.28, tilt: 7 },
  ];
  for (const finger of fingers) {
    const top = palmTop - finger.len;
    parts.push(
      `<g transform="rotate(${finger.tilt} ${f(finger.x)} ${f(palmTop)})"><rect x="${f(finger.x - fw / 2)}" y="${f(top)}" width="${f(fw)}" height="${f(finger.len + 40)}" rx="${f(fw / 2)}" fill="${skin}"/>` +
        `<path d="M${f(finger.x - fw * 0.3)},${f(top + finger.len * 0.38)} q${f(fw * 0.3)},${f(8)} ${f(fw * 0.6)},0 M${f(finger.x - fw * 0.28)},${f(top + finger.len * 0.68)} q${f(fw * 0.28)},${f(8)} ${f(fw * 0.56)},0" fill="none" stroke="${crease}" stroke-opacity="0.5" stroke-width="4" stroke-linecap="round"/></g>`,
    );
  }
  // The ring: a band around the ring finger's lowest joint, the stone on top.
  const ring = fingers[2]!;
  const bandY = palmTop - ring.len * 0.22;
  const r = fw * 0.42;
  parts.push(
    `<g transform="rotate(${ring.tilt} ${f(ring.x)} ${f(palmTop)})">` +
      `<rect x="${f(ring.x - fw * 0.58)}" y="${f(bandY - 18)}" width="${f(fw * 1.16)}" height="36" rx="16" fill="${metalFill(ctx, metal, [0, 0, 1, 0])}"/>` +
      `<circle cx="${f(ring.x)}" cy="${f(bandY - r * 1.1)}" r="${f(r * 1.12)}" fill="${metalFill(ctx, metal)}"/>` +
      brilliantTop(ctx, ring.x, bandY - r * 1.1, r, gem) +
      sparkle(ctx, ring.x - r * 0.35, bandY - r * 1.45, r * 1.1, 0.2) +
      `</g>`,
  );
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Backgrounds. Each returns the backdrop and where the subject stands (centre and floor line).

interface Stage {
  svg: string;
  cx: number;
  cy: number;
  /** Size budget of the subject, in view-box units. */
  size: number;
}

function heart(x: number, y: number, r: number): string {
  return `M${f(x)},${f(y + r * 0.9)} C${f(x - r * 1.6)},${f(y - r * 0.2)} ${f(x - r * 0.7)},${f(y - r * 1.3)} ${f(x)},${f(y - r * 0.45)} C${f(x + r * 0.7)},${f(y - r * 1.3)} ${f(x + r * 1.6)},${f(y - r * 0.2)} ${f(x)},${f(y + r * 0.9)} Z`;
}

/** 祥云: a stylised cloud of three curls. */
function cloud(x: number, y: number, r: number): string {
  return `M${f(x - r * 2)},${f(y)} a${f(r * 0.7)},${f(r * 0.7)} 0 0 1 ${f(r * 1.2)},${f(-r * 0.6)} a${f(r)},${f(r)} 0 0 1 ${f(r * 1.8)},${f(-r * 0.3)} a${f(r * 0.8)},${f(r * 0.8)} 0 0 1 ${f(r * 1.2)},${f(r * 0.9)} Z M${f(x - r * 0.3)},${f(y - r * 0.6)} a${f(r * 0.35)},${f(r * 0.35)} 0 1 1 ${f(r * 0.5)},${f(r * 0.3)}`;
}

function background(ctx: Ctx, kind: BackgroundKind, vw: number, vh: number, hue: number): Stage {
  const cx = vw / 2;
  const cy = vh / 2;
  const s = 1000;
  const full = (fill: string) => `<rect x="0" y="0" width="${f(vw)}" height="${f(vh)}" fill="${fill}"/>`;
  switch (kind) {
    case 'white':
      return { svg: full(linear(ctx, ['#ffffff', '#f6f6f6'], [0, 0, 0, 1])), cx, cy, size: s };
    case 'studio':
      return {
        svg:
          full(linear(ctx, [hsl(hue, 35, 93), hsl(hue, 30, 84)], [0, 0, 0, 1])) +
          full(
            radial(
              ctx,
              [
                [0, '#fff', 0.75],
                [1, '#fff', 0],
              ],
              0.5,
              0.4,
              0.6,
            ),
          ),
        cx,
        cy,
        size: s,
      };
    case 'velvet': {
      const tones = [
        [hsl(230, 30, 22), hsl(230, 35, 7)],
        [hsl(345, 45, 24), hsl(345, 50, 8)],
        [hsl(160, 35, 18), hsl(160, 40, 6)],
        [hsl(30, 10, 18), hsl(30, 10, 5)],
      ][Math.floor(((hue % 360) / 360) * 4)]!;
      return {
        svg: full(
          radial(
            ctx,
            [
              [0, tones[0]!, 1],
              [1, tones[1]!, 1],
            ],
            0.5,
            0.45,
            0.75,
          ),
        ),
        cx,
        cy,
        size: s,
      };
    }
    case 'silk': {
      const parts = [full(linear(ctx, [hsl(hue, 45, 82), hsl(hue, 40, 68)], [0, 0, 1, 1]))];
      for (let i = 0; i < 6; i += 1) {
        const y = (vh / 6) * i + ctx.rng() * 80;
        const a = 120 + ctx.rng() * 160;
        const band = linear(ctx, ['#fff', '#fff', hsl(hue, 40, 50)], [0, 0, 0, 1], [0, 0.45, 0]);
        parts.push(
          `<path d="M-50,${f(y)} C${f(vw * 0.3)},${f(y - a)} ${f(vw * 0.6)},${f(y + a)} ${f(vw + 50)},${f(y - a * 0.3)} L${f(vw + 50)},${f(y + 260)} C${f(vw * 0.6)},${f(y + a + 260)} ${f(vw * 0.3)},${f(y - a + 260)} -50,${f(y + 260)} Z" fill="${band}"/>`,
        );
      }
      return { svg: parts.join(''), cx, cy, size: s };
    }
    case 'marble': {
      const parts = [full(linear(ctx, ['#f7f5f2', '#e9e6e1'], [0, 0, 1, 1]))];
      for (let i = 0; i < 7; i += 1) {
        const y0 = ctx.rng() * vh;
        const y1 = ctx.rng() * vh;
        const w = i < 2 ? 10 : 2.5;
        parts.push(
          `<path d="M-20,${f(y0)} C${f(vw * 0.3)},${f(y0 + (ctx.rng() - 0.5) * 500)} ${f(vw * 0.7)},${f(y1 + (ctx.rng() - 0.5) * 500)} ${f(vw + 20)},${f(y1)}" fill="none" stroke="#9b968f" stroke-opacity="${i < 2 ? 0.12 : 0.35}" stroke-width="${w}"/>`,
        );
      }
      return { svg: parts.join(''), cx, cy, size: s };
    }
    case 'podium': {
      const base = hsl(hue, 30, 86);
      const parts = [full(linear(ctx, [hsl(hue, 32, 90), hsl(hue, 28, 80)], [0, 0, 0, 1]))];
      const archW = Math.min(vw * 0.62, 700);
      parts.push(
        `<path d="M${f(cx - archW / 2)},${f(vh * 0.74)} L${f(cx - archW / 2)},${f(vh * 0.3)} A${f(archW / 2)},${f(archW / 2)} 0 0 1 ${f(cx + archW / 2)},${f(vh * 0.3)} L${f(cx + archW / 2)},${f(vh * 0.74)} Z" fill="${hsl(hue, 30, 76)}"/>`,
      );
      parts.push(
        `<rect x="0" y="${f(vh * 0.74)}" width="${f(vw)}" height="${f(vh * 0.26)}" fill="${hsl(hue, 25, 72)}"/>`,
      );
      const pw = Math.min(vw * 0.42, 520);
      const top = vh * 0.7;
      parts.push(shadow(ctx, cx + pw * 0.15, vh * 0.86, pw * 0.75, 40, 0.3));
      parts.push(
        `<path d="M${f(cx - pw / 2)},${f(top)} L${f(cx - pw / 2)},${f(vh * 0.84)} A${f(pw / 2)},${f(pw * 0.12)} 0 0 0 ${f(cx + pw / 2)},${f(vh * 0.84)} L${f(cx + pw / 2)},${f(top)} Z" fill="${linear(ctx, [hsl(hue, 22, 70), base, hsl(hue, 22, 66)], [0, 0, 1, 0])}"/>`,
      );
      parts.push(
        `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(pw / 2)}" ry="${f(pw * 0.12)}" fill="${hsl(hue, 30, 92)}"/>`,
      );
      return { svg: parts.join(''), cx, cy: top - 250, size: s * 0.64 };
    }
    case 'guochao': {
      const parts = [full(linear(ctx, ['#a3161a', '#7c0f12'], [0, 0, 1, 1]))];
      const moon = Math.min(vw, vh) * 0.38;
      parts.push(
        `<circle cx="${f(cx)}" cy="${f(cy - 30)}" r="${f(moon)}" fill="none" stroke="#e8b75a" stroke-opacity="0.75" stroke-width="10"/>`,
      );
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy - 30)}" r="${f(moon - 26)}" fill="#8f1316"/>`);
      for (const [x, y, r] of [
        [vw * 0.14, vh * 0.2, 48],
        [vw * 0.84, vh * 0.3, 40],
        [vw * 0.18, vh * 0.82, 44],
        [vw * 0.86, vh * 0.86, 52],
      ] as const) {
        parts.push(
          `<path d="${cloud(x, y, r)}" fill="none" stroke="#e8b75a" stroke-opacity="0.55" stroke-width="7" stroke-linecap="round"/>`,
        );
      }
      return { svg: parts.join(''), cx, cy: cy - 30, size: s * 0.9 };
    }
    case 'ink': {
      const parts = [full(linear(ctx, ['#f6f1e7', '#ebe3d3'], [0, 0, 0, 1]))];
      parts.push(
        `<circle cx="${f(vw * 0.74)}" cy="${f(vh * 0.26)}" r="${f(Math.min(vw, vh) * 0.13)}" fill="#d9c7a6" opacity="0.55"/>`,
      );
      const ridge = (y: number, amp: number, op: number) => {
        let d = `M-20,${f(vh + 20)} L-20,${f(y)}`;
        for (let x = 0; x <= vw + 40; x += vw / 8)
          d += ` Q${f(x + vw / 16)},${f(y - amp * (0.4 + ctx.rng()))} ${f(x + vw / 8)},${f(y + (ctx.rng() - 0.5) * amp * 0.6)}`;
        return `<path d="${d} L${f(vw + 20)},${f(vh + 20)} Z" fill="${linear(ctx, ['#6d7470', '#f6f1e7'], [0, 0, 0, 1])}" opacity="${op}"/>`;
      };
      parts.push(ridge(vh * 0.72, 180, 0.35), ridge(vh * 0.82, 120, 0.45));
      return { svg: parts.join(''), cx, cy: cy - 20, size: s * 0.9 };
    }
    case 'valentine': {
      const parts = [full(linear(ctx, ['#ffd6e0', '#f59bb3'], [0, 0, 1, 1]))];
      for (let i = 0; i < 14; i += 1) {
        const x = ctx.rng() * vw;
        const y = ctx.rng() * vh;
        const r = 20 + ctx.rng() * 50;
        const drift = Math.sin(TAU * (ctx.t + i / 14)) * 12;
        parts.push(`<path d="${heart(x, y + drift, r)}" fill="#ffffff" opacity="${f(0.25 + ctx.rng() * 0.3)}"/>`);
      }
      return { svg: parts.join(''), cx, cy, size: s };
    }
    case 'qixi': {
      const parts = [full(linear(ctx, ['#1b1f4a', '#3a2f6b', '#6b3f7a'], [0, 0, 0, 1]))];
      for (let i = 0; i < 90; i += 1) {
        const x = ctx.rng() * vw;
        const y = ctx.rng() * vh * 0.8;
        const r = 1 + ctx.rng() * 3;
        const tw = 0.3 + 0.7 * Math.abs(Math.sin(TAU * ctx.t + i));
        parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#fff" opacity="${f(tw * 0.8)}"/>`);
      }
      // The Milky Way, between the Cowherd and the Weaver Girl.
      parts.push(
        `<path d="M-20,${f(vh * 0.7)} Q${f(vw * 0.5)},${f(vh * 0.15)} ${f(vw + 20)},${f(vh * 0.05)}" fill="none" stroke="#fff" stroke-opacity="0.1" stroke-width="160"/>`,
      );
      parts.push(`<circle cx="${f(vw * 0.8)}" cy="${f(vh * 0.18)}" r="60" fill="#fff6d8" opacity="0.9"/>`);
      return { svg: parts.join(''), cx, cy: cy + 40, size: s * 0.95 };
    }
  }
}

/** Composes one complete SVG document of `width` × `height` pixels. */
export function composeScene(spec: SceneSpec, width: number, height: number, t = 0): string {
  const unit = 1000 / Math.min(width, height);
  const vw = width * unit;
  const vh = height * unit;
  const ctx: Ctx = { defs: [], n: 0, rng: seededRandom(spec.seed), t: ((t % 1) + 1) % 1 };
  const hue = spec.hue ?? Math.floor(seededRandom(spec.seed + 7)() * 360);
  const stage = background(ctx, spec.background, vw, vh, hue);
  const { cx, cy, size } = stage;
  let subject: string;
  switch (spec.subject) {
    case 'solitaire-ring':
      subject = solitaireRing(ctx, cx, cy + size * 0.08, size, spec.metal, spec.gem);
      break;
    case 'gem-ring':
      subject = gemRing(ctx, cx, cy + size * 0.1, size, spec.metal, spec.gem);
      break;
    case 'couple-rings':
      subject = coupleRings(ctx, cx, cy, size, spec.metal);
      break;
    case 'halo-pendant':
      subject = haloPendant(ctx, cx, cy, size, spec.metal, spec.gem, vw, vh);
      break;
    case 'gold-chain':
      subject = goldChain(ctx, cx, cy, size, spec.metal, vw);
      break;
    case 'pearl-necklace':
      subject = pearlNecklace(ctx, cx, cy, size, vw, ['#f3e6dc', '#efe4ee', '#f2ead2'][spec.seed % 3]!);
      break;
    case 'drop-earrings':
      subject = dropEarrings(ctx, cx, cy, size, spec.metal, spec.gem);
      break;
    case 'pearl-earrings':
      subject = pearlEarrings(ctx, cx, cy, size, spec.metal, ['#f3e6dc', '#efe4ee', '#f2ead2'][spec.seed % 3]!);
      break;
    case 'jade-bangle':
      subject = bangle(ctx, cx, cy, size, () => jadeFill(ctx, [0, 0, 1, 0.4]), size * 0.075);
      break;
    case 'gold-bangle':
      subject = bangle(
        ctx,
        cx,
        cy,
        size,
        () => metalFill(ctx, spec.metal, [0, 0, 1, 0.5]),
        size * 0.1,
        METALS[spec.metal][0],
      );
      break;
    case 'loose-gems':
      subject = looseGems(ctx, cx, cy, size, spec.gem);
      break;
    case 'jade-disc':
      subject = jadeDisc(ctx, cx, cy, size, vh);
      break;
    case 'model-necklace':
      subject = modelNecklace(ctx, vw, vh, spec.metal, spec.gem, hue);
      break;
    case 'model-ring':
      subject = modelRing(ctx, vw, vh, spec.metal, spec.gem);
      break;
  }
  // A slow diagonal light sweep; only visible in video (it sits off-canvas at t = 0).
  const sweepX = -vw * 0.6 + ctx.t * vw * 2.2;
  const sweep =
    ctx.t > 0
      ? `<rect x="${f(sweepX)}" y="${f(-vh)}" width="${f(vw * 0.25)}" height="${f(vh * 3)}" transform="rotate(20 ${f(sweepX)} 0)" fill="${linear(ctx, ['#fff', '#fff', '#fff'], [0, 0, 1, 0], [0, 0.12, 0])}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${f(vw)} ${f(vh)}"><defs>${ctx.defs.join('')}</defs>${stage.svg}${subject}${sweep}</svg>`;
}
