/**
 * Short-term search without scanning. A trigram index cannot help with 1- and 2-character
 * terms, and most Chinese jewellery terms are exactly that (戒指, 项链, 钻石, 金). So every
 * material stores, in `search_tokens` (GIN-indexed), each 1- and 2-character substring of each
 * of its keywords; a search term of one or two characters is then an array containment test
 * (`search_tokens @> ARRAY[term]`), and a longer term is narrowed by all its bigrams first and
 * confirmed against the keywords.
 */

/** Case- and width-folded text: 'ＧＯＬＤ' and 'Gold' both become 'gold'; '18K金' becomes '18k金'. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** Characters as the user sees them (code points, so an astral character is not split). */
function chars(text: string): string[] {
  return Array.from(text);
}

const SPACE = /\s/u;

/**
 * Every distinct 1- and 2-character substring of the keywords, normalized, in order of first
 * appearance. Substrings containing white space are left out: a search term never spans words.
 */
export function searchTokensFor(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const keyword of keywords) {
    const cs = chars(normalizeSearchText(keyword));
    for (let i = 0; i < cs.length; i += 1) {
      const one = cs[i]!;
      if (SPACE.test(one)) continue;
      seen.add(one);
      const next = cs[i + 1];
      if (next !== undefined && !SPACE.test(next)) seen.add(one + next);
    }
  }
  return [...seen];
}

/**
 * The tokens a material must all have for every word of `term` to possibly occur in its
 * keywords: a word of one or two characters is its own token, a longer word gives its bigrams.
 * Words are split on white space. Empty for a blank term. All bigrams present does not prove a
 * longer word occurs, so such words still need a check against the keywords themselves.
 */
export function queryTokensFor(term: string): string[] {
  const out = new Set<string>();
  for (const word of normalizeSearchText(term).split(/\s+/u)) {
    const cs = chars(word);
    if (cs.length === 0) continue;
    if (cs.length <= 2) {
      out.add(word);
      continue;
    }
    for (let i = 0; i + 1 < cs.length; i += 1) out.add(cs[i]! + cs[i + 1]!);
  }
  return [...out];
}
