import { MAX_RESULT_WINDOW, MaterialFormat, Orientation, Period, SortOption } from '@gemstock/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  nextSearchPage,
  parseCatalogFilters,
  resultCountText,
  toSearchQuery,
  withCatalogFilters,
} from '@/features/catalog/lib/search-filters';

const parse = (query: string) => parseCatalogFilters(new URLSearchParams(query));

describe('URL → filters', () => {
  it('an empty query is the defaults (random order)', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
  });

  it('reads the short slugs', () => {
    expect(parse('keyword=戒指&format=video&orientation=portrait&period=month&sort=likes')).toEqual({
      keyword: '戒指',
      format: MaterialFormat.VIDEO,
      orientation: Orientation.PORTRAIT,
      period: Period.MONTH,
      sort: SortOption.MOST_LIKED,
      metal: [],
      gem: [],
      piece: [],
      scene: [],
      color: null,
    });
    expect(parse('sort=newest').sort).toBe(SortOption.NEWEST);
  });

  it('also accepts the API values in any case', () => {
    const filters = parse('format=IMAGE&orientation=LANDSCAPE&period=half&sort=-created');
    expect(filters).toMatchObject({
      format: MaterialFormat.IMAGE,
      orientation: Orientation.LANDSCAPE,
      period: Period.HALF,
      sort: SortOption.NEWEST,
    });
  });

  it('ignores values it does not know', () => {
    expect(parse('format=gif&orientation=round&period=decade&sort=price')).toEqual(DEFAULT_FILTERS);
  });

  it('trims the keyword and cuts it to the accepted length', () => {
    expect(parse('keyword=%20%20金%20').keyword).toBe('金');
    expect(parse(`keyword=${'钻'.repeat(80)}`).keyword).toHaveLength(50);
  });
});

describe('filters → URL', () => {
  it('writes slugs, leaves defaults out and keeps other parameters', () => {
    const params = withCatalogFilters(new URLSearchParams('source=xhs&keyword=金&page=3'), {
      format: MaterialFormat.IMAGE,
      orientation: Orientation.SQUARE,
      sort: SortOption.NEWEST,
    });
    expect(params.toString()).toBe(
      new URLSearchParams({
        source: 'xhs',
        keyword: '金',
        format: 'image',
        orientation: 'square',
        sort: 'newest',
      }).toString(),
    );
  });

  it('clearing a filter removes it; random sort is the bare URL', () => {
    const params = withCatalogFilters(new URLSearchParams('format=video&sort=likes&period=week'), {
      format: null,
      sort: SortOption.RANDOM,
    });
    expect(params.toString()).toBe('period=week');
  });

  it('round-trips', () => {
    const filters = {
      keyword: '钻石 项链',
      format: MaterialFormat.VIDEO,
      orientation: Orientation.LANDSCAPE,
      period: Period.YEAR,
      sort: SortOption.MOST_LIKED,
      metal: ['platinum', 'gold'],
      gem: ['diamond'],
      piece: [],
      scene: ['worn'],
      color: 'd4af37',
    };
    expect(parseCatalogFilters(withCatalogFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('facets travel as comma lists; unknown codes, blanks and repeats are dropped', () => {
    expect(parse('metal=platinum,titanium,,platinum&piece=ring').metal).toEqual(['platinum']);
    expect(parse('metal=platinum,titanium,,platinum&piece=ring').piece).toEqual(['ring']);
    const params = withCatalogFilters(new URLSearchParams(), { metal: ['platinum', 'gold'], scene: ['worn'] });
    expect(params.toString()).toBe('metal=platinum%2Cgold&scene=worn');
    expect(toSearchQuery(parseCatalogFilters(params))).toEqual({
      sort: SortOption.RANDOM,
      metal: 'platinum,gold',
      scene: 'worn',
    });
  });
});

describe('the colour in the URL', () => {
  it('travels as six lower-case hex digits; a # or upper case is accepted, anything else ignored', () => {
    expect(parse('color=d4af37').color).toBe('d4af37');
    expect(parse('color=%23D4AF37').color).toBe('d4af37');
    for (const bad of ['gold', 'd4af3', 'd4af377', 'zzzzzz', '']) expect(parse(`color=${bad}`).color).toBeNull();
    const params = withCatalogFilters(new URLSearchParams('metal=gold'), { color: '0f52ba' });
    expect(params.toString()).toBe('metal=gold&color=0f52ba');
    expect(toSearchQuery(parseCatalogFilters(params))).toEqual({ sort: 'random', metal: 'gold', color: '0f52ba' });
    expect(withCatalogFilters(params, { color: null }).toString()).toBe('metal=gold');
  });
});

describe('filters → API query', () => {
  it('sends only what is set, with the contract values', () => {
    expect(toSearchQuery(DEFAULT_FILTERS)).toEqual({ sort: 'random' });
    expect(
      toSearchQuery({ ...DEFAULT_FILTERS, keyword: '金', orientation: Orientation.PORTRAIT, sort: SortOption.NEWEST }),
    ).toEqual({
      keyword: '金',
      orientation: 'PORTRAIT',
      sort: '-created',
    });
  });
});

describe('nextSearchPage', () => {
  const page = (n: number, over: Partial<{ total: number; totalCapped: boolean; seed: number | null }> = {}) => ({
    total: 100,
    totalCapped: false,
    seed: 42,
    materials: new Array<unknown>(n) as never[],
    ...over,
  });

  it('asks for page 2 with the first page’s seed', () => {
    expect(nextSearchPage([page(30)], 30)).toEqual({ page: 2, seed: 42 });
    expect(nextSearchPage([page(30), page(30, { seed: 7 })], 30)).toEqual({ page: 3, seed: 42 });
  });

  it('stops once the total is reached', () => {
    expect(nextSearchPage([page(16, { total: 16 })], 30)).toBeUndefined();
    expect(nextSearchPage([page(30, { total: 60 }), page(30, { total: 60 })], 30)).toBeUndefined();
    expect(nextSearchPage([page(30, { total: 61 }), page(30, { total: 61 })], 30)).toEqual({ page: 3, seed: 42 });
  });

  it('stops after an empty page', () => {
    expect(nextSearchPage([page(30), page(0)], 30)).toBeUndefined();
  });

  it('a capped total keeps going up to the result window, never past it', () => {
    const capped = { total: MAX_RESULT_WINDOW, totalCapped: true };
    const pages = Array.from({ length: MAX_RESULT_WINDOW / 50 - 1 }, () => page(50, capped));
    expect(nextSearchPage(pages, 50)).toEqual({ page: MAX_RESULT_WINDOW / 50, seed: 42 });
    expect(nextSearchPage([...pages, page(50, capped)], 50)).toBeUndefined();
  });

  it('sorted (non-random) pages carry no seed', () => {
    expect(nextSearchPage([page(30, { seed: null })], 30)).toEqual({ page: 2, seed: null });
  });

  it('nothing loaded, nothing next', () => {
    expect(nextSearchPage([], 30)).toBeUndefined();
  });
});

describe('resultCountText', () => {
  it('counts, or says "more than" when capped', () => {
    expect(resultCountText(16, false)).toBe('共 16 个素材');
    expect(resultCountText(1234, false)).toBe('共 1,234 个素材');
    expect(resultCountText(10_000, true)).toBe('超过 10,000 个素材');
  });
});
