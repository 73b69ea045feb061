import { FIRST_RESPONSE_ELEMENT_ID, firstCallOfPage, SUCCESS_CODE } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAGE_SIZE, searchMaterials } from '@/features/catalog/api/search-materials';
import { parseCatalogFilters, toSearchQuery } from '@/features/catalog/lib/search-filters';
import { getMaterial } from '@/features/material/api/get-material';
import { useSession } from '@/stores/session';

const PAGE = { total: 1, totalCapped: false, seed: 42, materials: [] };

/** What the server puts in a page: the envelope of the page's first call, named by its URL. */
function sendWithPage(url: string, data: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_RESPONSE_ELEMENT_ID;
  element.dataset.url = url;
  element.textContent = JSON.stringify({ code: SUCCESS_CODE, data, message: 'ok' });
  document.body.append(element);
}

const fetchStub = vi.fn(
  async () => new Response(JSON.stringify({ code: SUCCESS_CODE, data: { ...PAGE, seed: 7 }, message: 'ok' })),
);

/** The first search home makes for a visitor (no keyword, no filter). */
const homeFirstSearch = () =>
  searchMaterials({
    ...toSearchQuery(parseCatalogFilters(new URLSearchParams())),
    page: 1,
    page_size: SEARCH_PAGE_SIZE,
  });

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  useSession.getState().clear();
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
});

afterEach(() => {
  document.getElementById(FIRST_RESPONSE_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the answer the server sends inside a first page', () => {
  it("answers home's first search, the call the server made for it, once; the next call asks the server", async () => {
    sendWithPage(firstCallOfPage('/')!, PAGE);
    await expect(homeFirstSearch()).resolves.toMatchObject({ seed: 42 });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).toBeNull();
    await expect(homeFirstSearch()).resolves.toMatchObject({ seed: 7 });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it("answers a detail page's material by the page's own call", async () => {
    // (this document was loaded at '/': the answer is taken on the address the page came with)
    sendWithPage(firstCallOfPage('/detail/m1')!, { sid: 'm1' });
    await expect(getMaterial('m1')).resolves.toEqual({ sid: 'm1' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('is left alone by other calls, ignored by a visitor with a session, and dropped once the visitor moves on', async () => {
    sendWithPage(firstCallOfPage('/')!, PAGE);
    await getMaterial('m1').catch(() => undefined);
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).not.toBeNull();

    useSession.getState().setToken('token-abc');
    await homeFirstSearch();
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).not.toBeNull();

    useSession.getState().clear();
    window.history.replaceState(null, '', '/video');
    await homeFirstSearch();
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(document.getElementById(FIRST_RESPONSE_ELEMENT_ID)).toBeNull();
  });
});
