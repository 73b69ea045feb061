import type { BackgroundKind, GemKind, MetalKind, SceneSpec, SubjectKind } from './artwork.js';
import { seededRandom } from './artwork.js';

/**
 * What the demo catalogue holds: a deterministic plan (same pictures, keywords and sizes on
 * every machine), turned into files and rows by demo.ts. Only dates are relative to "now".
 */

export const DEMO_CURATED_KEYWORDS = [
  '戒指',
  '钻石',
  '钻石戒指',
  '婚戒',
  '对戒',
  '项链',
  '金项链',
  '吊坠',
  '耳环',
  '手镯',
  '珍珠',
  '翡翠',
  '玉',
  '黄金',
  '金',
  '古法金',
  '18K金',
  '铂金',
  '银饰',
  '宝石',
  '红宝石',
  '蓝宝石',
  '国潮',
  '新中式',
  '情人节',
  '七夕',
  '模特佩戴',
  '白底',
  '产品图',
  '场景图',
] as const;

/** Operator-pinned hot keywords, shown first in the search panel. */
export const DEMO_PINNED_KEYWORDS = ['钻石戒指', '古法金', '七夕'] as const;

export type Tier = 'A' | 'B' | 'C' | 'D';
export type OrientationKind = 'landscape' | 'portrait' | 'square';

/**
 * Sizes by orientation (4:3, 3:4, 1:1) and licence tier: A has a long side of at least 2160
 * (all four licences), B 1440–2159 (standard and below), C 1080–1439 (new-media and premium),
 * D under 1080 (premium custom only).
 */
const SIZES: Record<OrientationKind, Record<Tier, Array<[number, number]>>> = {
  landscape: {
    A: [
      [3000, 2250],
      [2880, 2160],
    ],
    B: [
      [1920, 1440],
      [1600, 1200],
    ],
    C: [
      [1280, 960],
      [1200, 900],
    ],
    D: [
      [960, 720],
      [800, 600],
    ],
  },
  portrait: {
    A: [
      [2250, 3000],
      [1620, 2160],
    ],
    B: [
      [1440, 1920],
      [1200, 1600],
    ],
    C: [
      [960, 1280],
      [1050, 1400],
    ],
    D: [
      [720, 960],
      [600, 800],
    ],
  },
  square: {
    A: [
      [2400, 2400],
      [2160, 2160],
    ],
    B: [
      [1600, 1600],
      [1500, 1500],
    ],
    C: [
      [1200, 1200],
      [1080, 1080],
    ],
    D: [
      [960, 960],
      [800, 800],
    ],
  },
};

const TIER_CYCLE: Tier[] = ['B', 'C', 'A', 'C', 'B', 'D', 'C', 'B', 'A', 'C'];
const ORIENTATIONS: OrientationKind[] = ['landscape', 'portrait', 'square'];

const METAL_WORD: Record<MetalKind, string> = { gold: '18K金', rose: '玫瑰金', platinum: '铂金', silver: '银饰' };
const GEM_WORD: Record<GemKind, string> = {
  diamond: '钻石',
  ruby: '红宝石',
  sapphire: '蓝宝石',
  emerald: '祖母绿',
  amethyst: '紫水晶',
  citrine: '黄水晶',
};
const BACKGROUND_WORDS: Record<BackgroundKind, string[]> = {
  white: ['白底', '产品图'],
  studio: ['产品图'],
  velvet: ['产品图'],
  silk: ['产品图'],
  marble: ['产品图'],
  podium: ['场景图'],
  guochao: ['国潮'],
  ink: ['新中式'],
  valentine: ['情人节'],
  qixi: ['七夕'],
};

interface Theme {
  subject: SubjectKind;
  backgrounds: BackgroundKind[];
  metals: MetalKind[];
  gems: GemKind[];
  /** Keywords describing the piece, most specific first. */
  words: (metal: MetalKind, gem: GemKind, background: BackgroundKind) => string[];
}

const THEMES: Theme[] = [
  {
    subject: 'solitaire-ring',
    backgrounds: ['white', 'studio', 'velvet', 'podium', 'valentine', 'marble'],
    metals: ['platinum', 'gold', 'rose'],
    gems: ['diamond'],
    words: (m, _g, bg) => [
      '钻石戒指',
      '戒指',
      '钻石',
      ...(bg === 'valentine' || m === 'platinum' ? ['婚戒'] : []),
      METAL_WORD[m],
    ],
  },
  {
    subject: 'gem-ring',
    backgrounds: ['white', 'velvet', 'studio', 'silk', 'guochao'],
    metals: ['gold', 'platinum', 'rose'],
    gems: ['ruby', 'sapphire', 'emerald', 'amethyst'],
    words: (m, g) => ['戒指', '宝石', GEM_WORD[g], METAL_WORD[m]],
  },
  {
    subject: 'couple-rings',
    backgrounds: ['white', 'valentine', 'qixi', 'studio', 'marble'],
    metals: ['platinum', 'gold', 'rose'],
    gems: ['diamond'],
    words: (m) => ['对戒', '婚戒', '戒指', METAL_WORD[m]],
  },
  {
    subject: 'halo-pendant',
    backgrounds: ['white', 'velvet', 'silk', 'qixi', 'marble'],
    metals: ['platinum', 'gold', 'rose', 'silver'],
    gems: ['diamond', 'sapphire', 'ruby', 'emerald'],
    words: (m, g) => ['吊坠', '项链', GEM_WORD[g], ...(g === 'diamond' ? [] : ['宝石']), METAL_WORD[m]],
  },
  {
    subject: 'gold-chain',
    backgrounds: ['white', 'velvet', 'guochao', 'ink', 'studio'],
    metals: ['gold', 'gold', 'silver'],
    gems: ['diamond'],
    words: (m, _g, bg) =>
      m === 'gold'
        ? ['金项链', '项链', '黄金', '金', ...(bg === 'guochao' || bg === 'ink' ? ['古法金'] : [])]
        : ['项链', '银饰', '银项链'],
  },
  {
    subject: 'pearl-necklace',
    backgrounds: ['white', 'velvet', 'podium', 'silk', 'ink'],
    metals: ['gold'],
    gems: ['diamond'],
    words: () => ['珍珠项链', '珍珠', '项链'],
  },
  {
    subject: 'drop-earrings',
    backgrounds: ['white', 'studio', 'velvet', 'valentine', 'podium'],
    metals: ['gold', 'platinum', 'rose', 'silver'],
    gems: ['sapphire', 'ruby', 'emerald', 'diamond', 'amethyst'],
    words: (m, g) => ['耳环', GEM_WORD[g], ...(g === 'diamond' ? [] : ['宝石']), METAL_WORD[m]],
  },
  {
    subject: 'pearl-earrings',
    backgrounds: ['white', 'studio', 'podium', 'marble'],
    metals: ['gold', 'silver', 'rose'],
    gems: ['diamond'],
    words: (m) => ['耳环', '珍珠', METAL_WORD[m]],
  },
  {
    subject: 'jade-bangle',
    backgrounds: ['ink', 'guochao', 'white', 'silk'],
    metals: ['gold'],
    gems: ['emerald'],
    words: () => ['手镯', '翡翠', '玉'],
  },
  {
    subject: 'gold-bangle',
    backgrounds: ['guochao', 'ink', 'white', 'velvet'],
    metals: ['gold', 'gold', 'silver'],
    gems: ['diamond'],
    words: (m, _g, bg) =>
      m === 'gold'
        ? ['手镯', '黄金', '金', ...(bg === 'guochao' || bg === 'ink' ? ['古法金'] : ['足金'])]
        : ['手镯', '银饰', '银镯'],
  },
  {
    subject: 'loose-gems',
    backgrounds: ['white', 'velvet', 'marble', 'studio'],
    metals: ['gold'],
    gems: ['ruby', 'sapphire', 'diamond', 'emerald', 'citrine'],
    words: (_m, g) => ['宝石', GEM_WORD[g], '裸石'],
  },
  {
    subject: 'jade-disc',
    backgrounds: ['ink', 'white', 'guochao', 'silk'],
    metals: ['gold'],
    gems: ['emerald'],
    words: () => ['吊坠', '玉', '平安扣', '翡翠'],
  },
  {
    subject: 'model-necklace',
    backgrounds: ['studio', 'white', 'silk'],
    metals: ['gold', 'platinum', 'rose'],
    gems: ['emerald', 'diamond', 'sapphire', 'ruby'],
    words: (m, g) => ['模特佩戴', '项链', '吊坠', GEM_WORD[g], METAL_WORD[m]],
  },
  {
    // The filter panel's own example, 铂金 + 钻石 + 戒指 + 佩戴, finds pictures (platinum twice as often).
    subject: 'model-ring',
    // not 白底: the scene a buyer filters these by is 佩戴
    backgrounds: ['studio', 'silk', 'velvet'],
    metals: ['platinum', 'platinum', 'gold', 'rose'],
    gems: ['diamond'],
    words: (m) => ['模特佩戴', '钻石戒指', METAL_WORD[m], '戒指', '钻石'],
  },
];

export interface ImagePlan {
  index: number;
  scene: SceneSpec;
  width: number;
  height: number;
  orientation: OrientationKind;
  tier: Tier;
  keywords: string[];
}

const MAX_KEYWORDS = 6;

function pick<T>(items: readonly T[], rng: () => number): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** The piece's words first, then the background's (白底, 国潮 …); 3 to 6 distinct keywords. */
export function keywordsFor(pieceWords: readonly string[], background: BackgroundKind): string[] {
  const piece = [...new Set(pieceWords)];
  const scene = BACKGROUND_WORDS[background].filter((w) => !piece.includes(w));
  return [...piece.slice(0, MAX_KEYWORDS - scene.length), ...scene];
}

/**
 * `count` pictures: subjects in turn, orientations in turn (so each orientation gets every
 * subject over the run), licence tiers from a fixed cycle.
 */
export function planDemoImages(count: number, seed = 20_240_611): ImagePlan[] {
  const rng = seededRandom(seed);
  const plans: ImagePlan[] = [];
  for (let index = 0; index < count; index += 1) {
    const theme = THEMES[index % THEMES.length]!;
    const orientation = ORIENTATIONS[(index + Math.floor(index / THEMES.length)) % ORIENTATIONS.length]!;
    const tier = TIER_CYCLE[index % TIER_CYCLE.length]!;
    const [width, height] = pick(SIZES[orientation][tier], rng);
    const background = pick(theme.backgrounds, rng);
    const metal = pick(theme.metals, rng);
    const gem = pick(theme.gems, rng);
    plans.push({
      index,
      scene: { subject: theme.subject, background, metal, gem, seed: seed + index * 97, hue: Math.floor(rng() * 360) },
      width,
      height,
      orientation,
      tier,
      keywords: keywordsFor(theme.words(metal, gem, background), background),
    });
  }
  return plans;
}
