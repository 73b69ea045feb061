/**
 * The jewellery facets of a material (decision 0045): its metal, its gem, the kind of piece and
 * the scene of the picture. Each is a fixed vocabulary: a stable code (stored, on the wire, in
 * URLs) and the Chinese label buyers and operators see. A material holds at most one value of
 * each; a facet not set yet is null.
 */
export const FACET_VOCABULARY = {
  metal: {
    gold: '足金',
    k_gold: 'K金',
    k18_gold: '18K金',
    platinum: '铂金',
    silver: '银',
    rose_gold: '玫瑰金',
  },
  gem: {
    diamond: '钻石',
    jadeite: '翡翠',
    pearl: '珍珠',
    ruby: '红宝石',
    sapphire: '蓝宝石',
    hetian_jade: '和田玉',
    none: '无',
  },
  piece: {
    ring: '戒指',
    necklace: '项链',
    earring: '耳饰',
    bangle: '手镯',
    pendant: '吊坠',
    brooch: '胸针',
    set: '套装',
  },
  scene: {
    worn: '佩戴',
    still: '静物',
    white: '白底',
    lifestyle: '场景',
  },
} as const;

export const FACETS = ['metal', 'gem', 'piece', 'scene'] as const;
export type Facet = (typeof FACETS)[number];

export type FacetValue<F extends Facet> = keyof (typeof FACET_VOCABULARY)[F] & string;

/** What a facet is called in the filter panel and the console. */
export const FACET_LABEL: Record<Facet, string> = {
  metal: '金属',
  gem: '宝石',
  piece: '款式',
  scene: '场景',
};

/** Every code of a facet, in the order the filter panel lists them. */
export function facetValues<F extends Facet>(facet: F): FacetValue<F>[] {
  return Object.keys(FACET_VOCABULARY[facet]) as FacetValue<F>[];
}

export function isFacetValue<F extends Facet>(facet: F, value: string): value is FacetValue<F> {
  return Object.hasOwn(FACET_VOCABULARY[facet], value);
}

export function facetLabel(facet: Facet, value: string): string {
  return isFacetValue(facet, value) ? (FACET_VOCABULARY[facet] as Record<string, string>)[value]! : value;
}

/** The facets of one material: a code per facet, or null when not set. */
export type MaterialFacets = { [F in Facet]: FacetValue<F> | null };

/** A search's facet filter: the codes chosen per facet (several = any of them). */
export type FacetSelection = { [F in Facet]?: FacetValue<F>[] };

/** Most values one facet filter may name: the largest vocabulary. */
export const MAX_FACET_VALUES = 7;

/** A facet filter as it travels in a query string and a URL: codes joined by commas. */
export const FACET_LIST_SEPARATOR = ',';

/** Splits a facet's query value into its codes, trimmed, blanks and repeats dropped. */
export function splitFacetList(raw: string | undefined | null): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(FACET_LIST_SEPARATOR)
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    ),
  ];
}

/**
 * The words that suggest each value, most specific first within a facet: `18K` is looked for
 * before `K金`, `玫瑰金` before `足金`'s `黄金`. Matching is on keywords and titles as typed,
 * case-insensitive.
 */
const SUGGESTION_WORDS: { [F in Facet]: [FacetValue<F>, string[]][] } = {
  metal: [
    ['rose_gold', ['玫瑰金']],
    ['k18_gold', ['18k', 'au750']],
    ['platinum', ['铂金', 'pt950', 'pt900', '白金']],
    ['k_gold', ['k金', '14k', '9k']],
    ['silver', ['银', 's925']],
    ['gold', ['足金', '黄金', '古法金', '千足金', '24k', '金']],
  ],
  gem: [
    ['ruby', ['红宝石']],
    ['sapphire', ['蓝宝石']],
    ['jadeite', ['翡翠']],
    ['hetian_jade', ['和田玉', '玉']],
    ['pearl', ['珍珠']],
    ['diamond', ['钻石', '钻戒', '钻', '碎钻']],
  ],
  piece: [
    ['set', ['套装', '套链', '三件套']],
    ['brooch', ['胸针']],
    ['earring', ['耳饰', '耳环', '耳钉', '耳坠', '耳线']],
    ['bangle', ['手镯', '手链', '手环']],
    ['pendant', ['吊坠', '挂坠']],
    ['necklace', ['项链', '锁骨链', '颈链']],
    ['ring', ['戒指', '钻戒', '对戒', '婚戒', '指环']],
  ],
  scene: [
    ['white', ['白底']],
    ['worn', ['佩戴', '模特', '上手', '手模', '上身', '上耳']],
    ['still', ['静物', '摆拍', '平铺', '特写']],
    ['lifestyle', ['场景', '婚礼', '生活', '街拍', '氛围']],
  ],
};

/**
 * Facets suggested by a material's keywords and title: for each facet the first value whose
 * word occurs; null when none does. An operator confirms or corrects them.
 */
export function suggestFacets(texts: readonly string[]): MaterialFacets {
  const haystack = texts.join(' ').toLowerCase();
  const pick = <F extends Facet>(facet: F): FacetValue<F> | null => {
    const rules = SUGGESTION_WORDS[facet] as [FacetValue<F>, string[]][];
    return rules.find(([, words]) => words.some((w) => haystack.includes(w)))?.[0] ?? null;
  };
  return { metal: pick('metal'), gem: pick('gem'), piece: pick('piece'), scene: pick('scene') };
}
