import { DEFAULT_FILTERS, MATERIAL_ROUTES, type TSearchFacetsResponse, type TMaterial } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FacetPanel } from '@/features/catalog/components/facet-panel';
import type { CatalogFilters } from '@/features/catalog/lib/search-filters';
import { sameStyleHref } from '@/features/material/routes/detail-page';
import { isCall, ok, serveApi } from './fake-api';

/** The filter panel's jewellery facets: counts beside each value, toggles, the failed load. */

function counts(overrides: Partial<TSearchFacetsResponse> = {}): TSearchFacetsResponse {
  const zero = (values: string[]) => values.map((value) => ({ value, count: 0 }));
  return {
    metal: [{ value: 'platinum', count: 1204 }, ...zero(['gold', 'k_gold', 'k18_gold', 'silver', 'rose_gold'])],
    gem: [{ value: 'diamond', count: 530 }, ...zero(['jadeite', 'pearl', 'ruby', 'sapphire', 'hetian_jade', 'none'])],
    piece: zero(['ring', 'necklace', 'earring', 'bangle', 'pendant', 'brooch', 'set']),
    scene: zero(['worn', 'still', 'white', 'lifestyle']),
    approximate: false,
    ...overrides,
  };
}

function renderPanel(filters: CatalogFilters, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FacetPanel filters={filters} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FacetPanel', () => {
  it('shows each value with its count and adds or removes it from the URL filters', async () => {
    const calls = serveApi((call) => (isCall(call, MATERIAL_ROUTES.facets) ? ok(counts()) : undefined));
    const onChange = renderPanel({ ...DEFAULT_FILTERS, keyword: '钻戒', gem: ['diamond'] });
    const platinum = await screen.findByRole('button', { name: '铂金 (1,204)' });
    expect(platinum.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '钻石 (530)' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls[0]!.url.searchParams.get('gem')).toBe('diamond');
    expect(calls[0]!.url.searchParams.get('keyword')).toBe('钻戒');

    fireEvent.click(platinum);
    expect(onChange).toHaveBeenLastCalledWith({ metal: ['platinum'] });
    fireEvent.click(screen.getByRole('button', { name: '钻石 (530)' }));
    expect(onChange).toHaveBeenLastCalledWith({ gem: [] });
  });

  it('says 约 for estimated counts', async () => {
    serveApi(() => ok(counts({ approximate: true, metal: [{ value: 'platinum', count: 123_456 }] })));
    renderPanel(DEFAULT_FILTERS);
    expect(await screen.findByRole('button', { name: '铂金 (约 12.3万)' })).toBeTruthy();
  });

  it('offers 重试 when the counts fail to load, the values still usable', async () => {
    serveApi(() => ({ status: 500, body: { code: 1500, data: null, message: '服务器开小差了，请稍后再试' } }));
    const onChange = renderPanel(DEFAULT_FILTERS);
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '佩戴' }));
    expect(onChange).toHaveBeenLastCalledWith({ scene: ['worn'] });
  });
});

describe('颜色 in the filter panel', () => {
  it('a swatch chooses its colour, and the search counts are asked with it', async () => {
    const calls = serveApi(() => ok(counts()));
    const onChange = renderPanel({ ...DEFAULT_FILTERS, color: '0f52ba' });
    await screen.findByRole('button', { name: '铂金 (1,204)' });
    expect(calls[0]!.url.searchParams.get('color')).toBe('0f52ba');
    expect(screen.getByRole('button', { name: '宝蓝' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '金' }));
    expect(onChange).toHaveBeenLastCalledWith({ color: 'd4af37' });
    // The chosen swatch again clears it.
    fireEvent.click(screen.getByRole('button', { name: '宝蓝' }));
    expect(onChange).toHaveBeenLastCalledWith({ color: null });
  });

  it('shows the chosen colour as a tag whose × removes it; a picked colour is named by its value', async () => {
    serveApi(() => ok(counts()));
    const onChange = renderPanel({ ...DEFAULT_FILTERS, color: '1a2b3c' });
    const tag = await screen.findByRole('button', { name: '移除颜色筛选：#1A2B3C' });
    fireEvent.click(tag);
    expect(onChange).toHaveBeenLastCalledWith({ color: null });
  });

  it('the picker chooses any colour', () => {
    serveApi(() => ok(counts()));
    const onChange = renderPanel(DEFAULT_FILTERS);
    fireEvent.change(screen.getByLabelText('自定义颜色'), { target: { value: '#aabbcc' } });
    expect(onChange).toHaveBeenLastCalledWith({ color: 'aabbcc' });
    expect(screen.queryByRole('button', { name: /^移除颜色筛选/ })).toBeNull();
  });
});

describe('同款其他材质', () => {
  it('links home to the same piece and scene in every other metal', () => {
    const facets = { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' } as const;
    const href = sameStyleHref({ facets } satisfies Pick<TMaterial, 'facets'>)!;
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('piece')).toBe('ring');
    expect(params.get('scene')).toBe('worn');
    expect(params.get('metal')!.split(',')).not.toContain('platinum');
    expect(params.get('metal')!.split(',')).toContain('gold');
    expect(sameStyleHref({ facets: { ...facets, piece: null } })).toBeNull();
  });
});
