import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText, queryTokensFor, searchTokensFor } from '../../src/modules/search/search-tokens.js';

describe('searchTokensFor', () => {
  it('gives every 1- and 2-character substring of a keyword', () => {
    expect(searchTokensFor(['钻石戒指'])).toEqual(['钻', '钻石', '石', '石戒', '戒', '戒指', '指']);
  });

  it('handles one-character keywords and merges keywords without duplicates', () => {
    expect(searchTokensFor(['金', '金项链'])).toEqual(['金', '金项', '项', '项链', '链']);
    expect(searchTokensFor(['戒指', '钻石戒指']).filter((t) => t === '戒指')).toHaveLength(1);
  });

  it('folds case and full-width forms', () => {
    expect(searchTokensFor(['18K金'])).toEqual(['1', '18', '8', '8k', 'k', 'k金', '金']);
    expect(searchTokensFor(['１８Ｋ金'])).toEqual(searchTokensFor(['18k金']));
    expect(normalizeSearchText('  ＧＯＬＤ ')).toBe('gold');
  });

  it('never makes a token across white space or of white space', () => {
    expect(searchTokensFor(['白 金'])).toEqual(['白', '金']);
    expect(searchTokensFor(['', '   '])).toEqual([]);
  });

  it('does not split characters outside the Basic Multilingual Plane', () => {
    const tokens = searchTokensFor(['𠮷金']);
    expect(tokens).toEqual(['𠮷', '𠮷金', '金']);
  });

  it('a material matches every 1–2 character term that occurs in one of its keywords (property)', () => {
    const cjk = fc.constantFrom(...'金银钻石戒指项链耳环手镯玉翡翠珍珠宝红蓝'.split(''));
    const keyword = fc.array(cjk, { minLength: 1, maxLength: 6 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(keyword, { minLength: 1, maxLength: 5 }), fc.nat(), fc.nat(), (keywords, k, start) => {
        const tokens = new Set(searchTokensFor(keywords));
        const word = keywords[k % keywords.length]!;
        const chars = Array.from(word);
        const from = start % chars.length;
        for (const len of [1, 2]) {
          if (from + len > chars.length) continue;
          const term = chars.slice(from, from + len).join('');
          expect(queryTokensFor(term).every((t) => tokens.has(t))).toBe(true);
        }
      }),
    );
  });
});

describe('queryTokensFor', () => {
  it('keeps a short term whole and cuts a long one into bigrams', () => {
    expect(queryTokensFor('金')).toEqual(['金']);
    expect(queryTokensFor('戒指')).toEqual(['戒指']);
    expect(queryTokensFor('钻石戒指')).toEqual(['钻石', '石戒', '戒指']);
  });

  it('splits on white space and ignores blanks', () => {
    expect(queryTokensFor(' 钻石  戒指 ')).toEqual(['钻石', '戒指']);
    expect(queryTokensFor('   ')).toEqual([]);
  });

  it('any term found in a keyword has all its tokens among the keyword tokens (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (keyword, a, b) => {
        const chars = Array.from(normalizeSearchText(keyword)).filter((c) => !/\s/u.test(c));
        if (chars.length === 0) return;
        const from = a % chars.length;
        const to = from + 1 + (b % (chars.length - from));
        const term = chars.slice(from, to).join('');
        const tokens = new Set(searchTokensFor([chars.join('')]));
        expect(queryTokensFor(term).every((t) => tokens.has(t))).toBe(true);
      }),
    );
  });
});
