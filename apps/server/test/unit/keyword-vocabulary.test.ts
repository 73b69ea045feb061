import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../src/modules/search/keyword-vocabulary.js';
import { loggedKeyword, needsSegmenting, parseSearchFilter } from '../../src/modules/search/search-query.js';

const vocabulary = new Vocabulary([
  '钻石',
  '项链',
  '钻石项链',
  '黄金',
  '戒指',
  '玫瑰',
  '玫瑰金',
  '蓝宝石',
  '宝石',
  '蓝',
  '18K金',
  '古法金',
  '手镯',
  '新中式',
  '中式',
  'gold ring',
]);

describe("Vocabulary.segment — splitting a typed compound into the catalogue's keywords", () => {
  it.each([
    ['钻石项链', ['钻石', '项链']],
    ['黄金钻石项链', ['黄金', '钻石', '项链']],
    ['18k金戒指', ['18k金', '戒指']],
    ['古法金手镯', ['古法金', '手镯']],
  ])('%s → %j (two or more keywords of two or more characters)', (word, pieces) => {
    expect(vocabulary.segment(word)).toEqual(pieces);
  });

  it.each(['玫瑰金', '蓝宝石', '新中式', '古法金'])(
    '%s stays whole: a keyword that splits only with a single character',
    (word) => {
      expect(vocabulary.segment(word)).toEqual([word]);
    },
  );

  it('uses a single character found inside a keyword when nothing else spells the word: 金戒指 → 金, 戒指', () => {
    expect(vocabulary.segment('金戒指')).toEqual(['金', '戒指']);
  });

  it('allows one such character only, and keeps a word nothing spells as it is', () => {
    expect(vocabulary.segment('金金戒指')).toEqual(['金金戒指']);
    expect(vocabulary.segment('翡翠手链')).toEqual(['翡翠手链']);
    expect(vocabulary.segment('石项')).toEqual(['石项']);
  });

  it('splits compound keywords inside a word down to their parts (a finer split only matches more)', () => {
    const withCompound = new Vocabulary(['黄金', '钻石', '项链', '黄金钻石', '钻石项链']);
    expect(withCompound.segment('黄金钻石项链')).toEqual(['黄金', '钻石', '项链']);
  });

  it('uses single characters as little as possible', () => {
    const v = new Vocabulary(['金', '戒', '指', '金戒', '戒指']);
    expect(v.segment('金戒指')).toHaveLength(2);
  });

  it('folds case and width in the vocabulary as search does, and ignores keywords with spaces', () => {
    expect(new Vocabulary(['１８Ｋ金', '戒指']).segment('18k金戒指')).toEqual(['18k金', '戒指']);
    expect(vocabulary.segment('goldring')).toEqual(['goldring']);
  });
});

describe('parseSearchFilter — the trade’s short forms (钻戒 for 钻石 + 戒指)', () => {
  it('matches a short form by its full words, split into the catalogue’s keywords', () => {
    expect(needsSegmenting(['钻戒'])).toBe(true);
    expect(parseSearchFilter({ keyword: '钻戒' }, vocabulary).terms).toEqual(['钻石', '戒指']);
    expect(parseSearchFilter({ keyword: '金镯 钻戒' }, vocabulary).terms).toEqual(['黄金', '手镯', '钻石', '戒指']);
  });

  it('keeps the short form as typed once a material carries it as a keyword', () => {
    const tagged = new Vocabulary(['钻石', '戒指', '钻戒']);
    expect(parseSearchFilter({ keyword: '钻戒' }, tagged).terms).toEqual(['钻戒']);
  });

  it('leaves other two-character words alone, and logs the word as typed', () => {
    expect(needsSegmenting(['戒指'])).toBe(false);
    const filter = parseSearchFilter({ keyword: '钻戒' }, vocabulary);
    expect(loggedKeyword(filter)).toBe('钻戒');
  });
});
