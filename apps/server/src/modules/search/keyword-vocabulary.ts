import { normalizeSearchText } from './search-tokens.js';

/**
 * Buyers type compound words without spaces (钻石项链, 黄金戒指) while operators tag materials
 * with the parts (钻石, 项链). A search word is therefore split into the keywords the catalogue
 * actually uses before matching, the way a dictionary-based Chinese analyser would, with the
 * catalogue's own keywords as the dictionary. Every piece must then match, so anything the
 * whole word matched (the word inside one keyword) still matches: splitting only ever adds
 * results. See docs/decisions/0004-catalogue-search.md.
 */
export class Vocabulary {
  private readonly keywords: Set<string>;
  private readonly longest: number;
  /** Every character of every keyword. */
  private readonly characters = new Set<string>();
  private readonly memo = new Map<string, string[]>();

  constructor(keywords: Iterable<string>) {
    this.keywords = new Set<string>();
    for (const keyword of keywords) {
      const normalized = normalizeSearchText(keyword);
      // A keyword with a space inside can never be one piece of a space-free word.
      if (normalized.length > 0 && !/\s/u.test(normalized)) this.keywords.add(normalized);
    }
    this.longest = 0;
    for (const keyword of this.keywords) {
      const cs = Array.from(keyword);
      this.longest = Math.max(this.longest, cs.length);
      for (const c of cs) this.characters.add(c);
    }
  }

  get size(): number {
    return this.keywords.size;
  }

  /** Whether some material carries this normalized word as a whole keyword. */
  has(word: string): boolean {
    return this.keywords.has(word);
  }

  /**
   * The pieces a normalized word is matched by, in order:
   * 1. two or more keywords of at least two characters each (钻石项链 → 钻石, 项链), even when the
   *    word is itself a keyword, so the materials tagged with the parts are found too;
   * 2. otherwise a keyword stays whole: 蓝宝石 is not 蓝 + 宝石 and 玫瑰金 is not 玫瑰 + 金;
   * 3. otherwise keywords of any length, or with one single character that occurs in some
   *    keyword (金戒指 → 金, 戒指 when only 黄金 and 戒指 are keywords);
   * 4. otherwise the word itself, matched inside one keyword.
   * A split into two-character-or-longer keywords takes the most pieces: a piece that is itself
   * a compound of such keywords (黄金钻石项链 → 黄金 + 钻石项链) would hide materials tagged with
   * its parts, and a finer split of the same word only ever matches more. Splits that need a
   * single character take the fewest pieces, so single characters are used as little as
   * possible (then the longer last piece wins).
   */
  segment(word: string): string[] {
    const known = this.memo.get(word);
    if (known) return known;
    const cs = Array.from(word);
    const pieces =
      atLeastTwo(this.spell(cs, 2, 'most')) ??
      (this.keywords.has(word)
        ? null
        : (atLeastTwo(this.spell(cs, 1, 'fewest')) ?? atLeastTwo(this.spellWithOneChar(cs))));
    const result = pieces ?? [word];
    // Bounded: the words buyers type are few, but a crawler's are not.
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(word, result);
    return result;
  }

  /**
   * The fewest or the most keywords (each at least `minPiece` characters) that spell `cs`;
   * [] for no characters, null when they cannot be spelt.
   */
  private spell(cs: string[], minPiece: number, prefer: 'fewest' | 'most'): string[] | null {
    const n = cs.length;
    const better = prefer === 'fewest' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
    // best[i]: the preferred number of pieces spelling the first i characters (null: none
    // does), and where its last piece starts.
    const best: { count: number | null; from: number }[] = Array.from({ length: n + 1 }, () => ({
      count: null,
      from: -1,
    }));
    best[0] = { count: 0, from: -1 };
    for (let end = 1; end <= n; end += 1) {
      // Longest last piece first: of equally short splits, the one ending in the longer piece wins.
      for (let start = Math.max(0, end - this.longest); start <= end - minPiece; start += 1) {
        const before = best[start]!.count;
        if (before === null) continue;
        if (!this.keywords.has(cs.slice(start, end).join(''))) continue;
        const current = best[end]!.count;
        if (current === null || better(before + 1, current)) best[end] = { count: before + 1, from: start };
      }
    }
    if (best[n]!.count === null) return null;
    const pieces: string[] = [];
    for (let end = n; end > 0; end = best[end]!.from) pieces.unshift(cs.slice(best[end]!.from, end).join(''));
    return pieces;
  }

  /** Keywords around exactly one character that is not a keyword but occurs in one. */
  private spellWithOneChar(cs: string[]): string[] | null {
    let found: string[] | null = null;
    cs.forEach((c, i) => {
      if (!this.characters.has(c)) return;
      const before = this.spell(cs.slice(0, i), 1, 'fewest');
      const after = before && this.spell(cs.slice(i + 1), 1, 'fewest');
      if (!before || !after) return;
      const pieces = [...before, c, ...after];
      if (!found || pieces.length < found.length) found = pieces;
    });
    return found;
  }
}

function atLeastTwo(pieces: string[] | null): string[] | null {
  return pieces && pieces.length >= 2 ? pieces : null;
}

/** How long the vocabulary is reused before it is read again in the background. */
export const VOCABULARY_TTL_MS = 10 * 60_000;
/**
 * How long a search waits for the vocabulary being re-read after a catalogue change. On a small
 * catalogue the read takes milliseconds, so the change is seen at once; on a million materials
 * it takes seconds, and searches go on with the vocabulary they had rather than wait.
 */
export const FRESH_WAIT_MS = 250;

/**
 * The catalogue's keywords, read once and then kept fresh in the background: only the very
 * first search that needs them waits for the read. A catalogue change (`invalidate`) starts a
 * re-read at once; changes arriving during a read are folded into one more read after it, so a
 * burst of uploads costs two reads, not one per upload.
 */
export class KeywordVocabulary {
  private current: { vocabulary: Vocabulary; loadedAt: number } | null = null;
  private inflight: Promise<Vocabulary> | null = null;
  /** A change arrived after the read in flight had begun: read again when it ends. */
  private dirty = false;

  /** `loadKeywords` reads every distinct keyword (the catalogue repository's query). */
  constructor(
    private readonly loadKeywords: () => Promise<string[]>,
    private readonly ttlMs = VOCABULARY_TTL_MS,
  ) {}

  private refresh(): Promise<Vocabulary> {
    if (this.inflight) return this.inflight;
    this.dirty = false;
    const read = this.loadKeywords()
      .then((keywords) => {
        const vocabulary = new Vocabulary(keywords);
        this.current = { vocabulary, loadedAt: Date.now() };
        return vocabulary;
      })
      .finally(() => {
        this.inflight = null;
        if (this.dirty) this.refresh().catch(() => undefined);
      });
    this.inflight = read;
    return read;
  }

  async get(): Promise<Vocabulary> {
    if (!this.current) return this.refresh();
    if (this.inflight) {
      const fresh = await Promise.race([
        this.inflight.catch(() => null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), FRESH_WAIT_MS).unref()),
      ]);
      if (fresh) return fresh;
    } else if (Date.now() - this.current.loadedAt >= this.ttlMs) {
      // Stale: serve it and refresh behind; a failed refresh keeps the old one.
      this.refresh().catch(() => undefined);
    }
    return this.current.vocabulary;
  }

  /** The catalogue changed: read the keywords again (in the background). */
  invalidate(): void {
    if (this.inflight) this.dirty = true;
    else if (this.current) this.refresh().catch(() => undefined);
  }
}
