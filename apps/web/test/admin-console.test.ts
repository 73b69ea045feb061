import { ADMIN_API, ADMIN_MATERIAL_API, STORAGE_KEYS, type TAdminMaterial, USER_ROUTES } from '@gemstock/contract';
import { NO_FACETS } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAdminApi } from '@/features/admin/lib/admin-api';
import { ADMIN_TOKEN_KEY, useAdminSession } from '@/features/admin/lib/admin-session';
import { formFieldOf, initialValues, toPatch } from '@/features/admin/lib/material-form';
import { callApi } from '@/lib/api-client';
import { setNavigator } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const navigate = vi.fn<(to: string) => void>();
let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
  useAdminSession.getState().clear();
  useDialogs.setState({ auth: { open: false, mode: 'login' }, afterLogin: null });
  navigate.mockReset();
  setNavigator(navigate);
  toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'warning').mockImplementation(() => {});
  window.history.replaceState(null, '', '/admin/materials?status=failed');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function authorizationOf(fetchMock: ReturnType<typeof reply>): string | undefined {
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return (init.headers as Record<string, string>).Authorization;
}

describe('operator console client', () => {
  it('sends the operator token, never the buyer one, and keeps them in separate keys', async () => {
    useSession.getState().setToken('buyer-token');
    useAdminSession.getState().setToken('operator-token');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('operator-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('buyer-token');

    const adminFetch = reply(200, { code: 0, data: { ok: true }, message: 'ok' });
    vi.stubGlobal('fetch', adminFetch);
    await callAdminApi(ADMIN_MATERIAL_API.list);
    expect(authorizationOf(adminFetch)).toBe('Bearer operator-token');

    // The buyer client is unchanged: it still sends the buyer token.
    const buyerFetch = reply(200, { code: 0, data: {}, message: 'ok' });
    vi.stubGlobal('fetch', buyerFetch);
    await callApi(USER_ROUTES.me);
    expect(authorizationOf(buyerFetch)).toBe('Bearer buyer-token');
  });

  it('sends no token at all when the operator is signed out (even with a buyer signed in)', async () => {
    useSession.getState().setToken('buyer-token');
    const fetchMock = reply(200, { code: 0, data: { access_token: 'x' }, message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await callAdminApi(ADMIN_API.login, { body: { username: 'operator', password: 'x' } });
    expect(authorizationOf(fetchMock)).toBeUndefined();
  });

  it.each([1000, 2002, 2003])(
    'on %i ends the operator session only and goes to the console login, remembering the page',
    async (code) => {
      useSession.getState().setToken('buyer-token');
      useAdminSession.getState().setToken('operator-token');
      vi.stubGlobal('fetch', reply(401, { code, data: null, message: '登录已过期，请重新登录' }));

      await expect(callAdminApi(ADMIN_MATERIAL_API.list)).rejects.toMatchObject({ code });

      expect(useAdminSession.getState().token).toBeNull();
      expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
      expect(useSession.getState().token).toBe('buyer-token');
      expect(useDialogs.getState().auth.open).toBe(false);
      expect(navigate).toHaveBeenCalledWith(
        `/admin/login?redirect=${encodeURIComponent('/admin/materials?status=failed')}`,
      );
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('toasts other errors with the server message, unless quiet', async () => {
    useAdminSession.getState().setToken('operator-token');
    vi.stubGlobal(
      'fetch',
      reply(400, { code: 1001, data: null, message: '价格必须是 0 到 1000000 元之间、精确到分的金额' }),
    );
    await expect(callAdminApi(ADMIN_MATERIAL_API.update, { params: { id: 'x' }, body: {} })).rejects.toMatchObject({
      code: 1001,
    });
    expect(toast).toHaveBeenCalledWith('价格必须是 0 到 1000000 元之间、精确到分的金额');
    toast.mockClear();
    await expect(callAdminApi(ADMIN_MATERIAL_API.list, {}, { quiet: true })).rejects.toMatchObject({ code: 1001 });
    expect(toast).not.toHaveBeenCalled();
    expect(useAdminSession.getState().token).toBe('operator-token');
  });
});

describe('material edit form', () => {
  const material: TAdminMaterial = {
    sid: 'abc12345',
    format: 'image',
    status: 'ready',
    keywords: ['钻戒'],
    thumbUrl: null,
    coverUrl: null,
    watermarkUrl: null,
    previewUrl: null,
    width: 1600,
    height: 1200,
    durationMs: null,
    aspectRatio: null,
    resolution: null,
    authTypes: [2, 3, 4],
    originalMime: 'image/jpeg',
    originalBytes: 1000,
    likeCount: 0,
    salesCount: 0,
    featured: false,
    disabled: false,
    free: false,
    freeFrom: null,
    freeUntil: null,
    pricesCents: { '2': 32_800 },
    specialPricesCents: {},
    customPriceCents: null,
    remark: null,
    facets: NO_FACETS,
    suggestedFacets: NO_FACETS,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 0,
    review: 'listed',
    reviewReason: null,
    reviewedAt: null,
    similarTo: null,
    licenceWarning: null,
    job: null,
  };

  it('shows cents as yuan and sends yuan back as exact cents, only for the types set', () => {
    const values = initialValues(material);
    expect(values.prices).toEqual({ '2': 328, '3': null, '4': null });
    const patch = toPatch(material, {
      ...values,
      prices: { '2': 458.9, '3': 0.3, '4': null },
      specials: { '2': 399.99 },
      customPrice: 688,
      listed: false,
      remark: '  限时特惠 ',
    });
    expect(patch).toMatchObject({
      pricesCents: { '2': 45_890, '3': 30 },
      specialPricesCents: { '2': 39_999 },
      customPriceCents: 68_800,
      disabled: true,
      remark: '限时特惠',
      freeFrom: null,
      freeUntil: null,
    });
  });

  it('maps server field errors onto the form fields', () => {
    expect(formFieldOf('pricesCents.2')).toEqual(['prices', '2']);
    expect(formFieldOf('specialPricesCents.4')).toEqual(['specials', '4']);
    expect(formFieldOf('freeUntil')).toEqual(['freeRange']);
    expect(formFieldOf('unknown')).toBeNull();
  });
});
