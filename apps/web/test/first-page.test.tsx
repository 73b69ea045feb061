import {
  FIRST_RESPONSE_ELEMENT_ID,
  SIDE_CALLS,
  SIDE_RESPONSE_CLASS,
  SUCCESS_CODE,
  firstCallOfPage,
  normalizeCallUrl,
  MATERIAL_ROUTES,
  endpointUrl,
} from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHotKeywords } from '@/api/get-hot-keywords';
import { useSiteConfig } from '@/api/site-config';
import {
  prefetchFirstPage,
  seedFirstPage,
  seedSideAnswers,
  takeEmbeddedAnswer,
  takeSideAnswers,
} from '@/app/first-page';
import { useSearchMaterials } from '@/features/catalog/api/search-materials';
import { parseCatalogFilters } from '@/features/catalog/lib/search-filters';
import { useFeaturedVideos } from '@/features/video/api/get-featured-videos';
import { useFreeMaterials } from '@/features/free-material/api/get-free-materials';
import { useMaterial } from '@/features/material/api/get-material';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';
import { signIn, userOf } from './factories';
import { ok, serveApi, isCall } from './fake-api';

const PAGE = { total: 1, totalCapped: false, seed: 42, materials: [] };

/** An answer as the server puts it in a page: the envelope of a call, named by its URL. */
function embedAnswer(url: string, envelope: unknown, place: { id: string } | { className: string }) {
  const element = document.createElement('script');
  element.type = 'application/json';
  Object.assign(element, place);
  element.dataset.url = url;
  element.textContent = JSON.stringify(envelope);
  document.body.append(element);
}

/** The page's first call's answer. */
const sendWithPage = (url: string, envelope: unknown) => embedAnswer(url, envelope, { id: FIRST_RESPONSE_ELEMENT_ID });
/** The answer to one of the page's side calls, beside the first. */
const sendBesidePage = (url: string, envelope: unknown) =>
  embedAnswer(url, envelope, { className: SIDE_RESPONSE_CLASS });

const success = (data: unknown) => ({ code: SUCCESS_CODE, data, message: 'ok' });

function withClient(client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

beforeEach(() => {
  useSession.getState().clear();
});

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_RESPONSE_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the answer the server sends inside a landing page', () => {
  it("is taken once, for the page's own first call", () => {
    sendWithPage(firstCallOfPage('/?keyword=戒指')!, success(PAGE));
    expect(takeEmbeddedAnswer('/?keyword=戒指')).toEqual(PAGE);
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).toBeNull();
    expect(takeEmbeddedAnswer('/?keyword=戒指')).toBeNull();
  });

  it('is dropped when it answers another address, or is not a success', () => {
    sendWithPage(firstCallOfPage('/')!, success(PAGE));
    expect(takeEmbeddedAnswer('/?keyword=戒指')).toBeNull();
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).toBeNull();

    sendWithPage(firstCallOfPage('/detail/m1')!, { code: 2001, data: null, message: '素材不存在' });
    expect(takeEmbeddedAnswer('/detail/m1')).toBeNull();
  });
});

describe('the side answers the server sends beside the first', () => {
  it('are taken once, successes only, and give the page its site name and hot keywords without asking', () => {
    const calls = serveApi(() => undefined);
    sendBesidePage(SIDE_CALLS.siteConfig, success({ siteName: '金饰图库', devOutbox: false }));
    sendBesidePage(SIDE_CALLS.hotKeywords, { code: 5000, data: null, message: '服务器繁忙' });
    const answers = takeSideAnswers();
    expect(answers).toEqual({ [SIDE_CALLS.siteConfig]: { siteName: '金饰图库', devOutbox: false } });
    expect(document.querySelector(`.${SIDE_RESPONSE_CLASS}`)).toBeNull();
    expect(takeSideAnswers()).toEqual({});

    const { client, wrapper } = withClient();
    seedSideAnswers(client, {
      ...answers,
      [SIDE_CALLS.hotKeywords]: { keywords: ['钻戒'] },
    });
    expect(renderHook(() => useSiteConfig(), { wrapper }).result.current.siteName).toBe('金饰图库');
    expect(renderHook(() => useHotKeywords(true), { wrapper }).result.current.data).toEqual({ keywords: ['钻戒'] });
    expect(calls).toHaveLength(0);
  });
});

describe('a landing page seeded with its first answer', () => {
  it("renders home's first page of results without asking, and asks for the next page with its seed", async () => {
    const calls = serveApi(() => ok({ ...PAGE, seed: 42 }));
    const { client, wrapper } = withClient();
    const first = { ...PAGE, total: 60, materials: Array.from({ length: 30 }, (_, i) => ({ sid: `m${i}` })) };
    expect(seedFirstPage(client, '/?keyword=戒指', first)).toBe(true);

    const { result } = renderHook(() => useSearchMaterials(parseCatalogFilters(new URLSearchParams('keyword=戒指'))), {
      wrapper,
    });
    expect(result.current.data?.pages).toEqual([first]);
    expect(calls).toHaveLength(0);

    await result.current.fetchNextPage();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('page')).toBe('2');
    expect(calls[0]!.url.searchParams.get('seed')).toBe('42');
  });

  it("uses the cache keys of the detail, /video and /free-material pages' queries", () => {
    const calls = serveApi(() => undefined);
    const { client, wrapper } = withClient();
    seedFirstPage(client, '/detail/m1', { sid: 'm1' });
    seedFirstPage(client, '/video', { materials: [] });
    seedFirstPage(client, '/free-material', { total: 0, materials: [] });

    expect(renderHook(() => useMaterial('m1'), { wrapper }).result.current.data).toEqual({ sid: 'm1' });
    expect(renderHook(() => useFeaturedVideos(), { wrapper }).result.current.data?.pages).toEqual([{ materials: [] }]);
    expect(renderHook(() => useFreeMaterials(1), { wrapper }).result.current.data).toEqual({ total: 0, materials: [] });
    expect(calls).toHaveLength(0);
  });

  it('is not a landing page elsewhere', () => {
    expect(seedFirstPage(createQueryClient(), '/cart', PAGE)).toBe(false);
  });

  it("answers the very call the page would make: the server's call and the page's are one", async () => {
    const calls = serveApi(() => ok(PAGE));
    const { wrapper } = withClient();
    const address = '/?keyword=戒指&format=2&orientation=1';
    renderHook(() => useSearchMaterials(parseCatalogFilters(new URL(address, 'http://x').searchParams)), { wrapper });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const made = `${calls[0]!.url.pathname}${calls[0]!.url.search}`;
    expect(normalizeCallUrl(made)).toBe(normalizeCallUrl(firstCallOfPage(address)!));
  });
});

describe('a landing page over the drawing, for a signed-in viewer', () => {
  it("loads home's first page for the viewer in the drawing's random order, and the detail for the viewer", async () => {
    const calls = serveApi((call) =>
      isCall(call, MATERIAL_ROUTES.search) ? ok({ ...PAGE, seed: 42 }) : ok({ sid: 'm1', liked: true }),
    );
    const { client, wrapper } = withClient();
    await prefetchFirstPage(client, '/?keyword=戒指', 'u1', { ...PAGE, seed: 42 });
    expect(calls[0]!.url.searchParams.get('seed')).toBe('42');
    expect(calls[0]!.url.searchParams.get('keyword')).toBe('戒指');
    await prefetchFirstPage(client, '/detail/m1', 'u1', null);

    signIn(userOf({ sid: 'u1' }));
    expect(
      renderHook(() => useSearchMaterials(parseCatalogFilters(new URLSearchParams('keyword=戒指'))), { wrapper }).result
        .current.data?.pages[0]?.seed,
    ).toBe(42);
    expect(renderHook(() => useMaterial('m1'), { wrapper }).result.current.data).toEqual({ sid: 'm1', liked: true });
    expect(calls.map((c) => c.url.pathname)).toEqual([
      MATERIAL_ROUTES.search.path,
      endpointUrl(MATERIAL_ROUTES.detail, { params: { id: 'm1' } }),
    ]);
  });
});
