import { CART_ROUTES } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from '@/features/material/api/add-to-cart';
import { notify } from '@/lib/notify';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('addToCart', () => {
  it('posts {material, spec} and reports success', async () => {
    const fetchMock = reply(200, { code: 0, data: { count: 3 }, message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(addToCart({ material: 'abc', spec: 2 })).resolves.toEqual({ status: 'added', count: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CART_ROUTES.add.path);
    expect(init.body).toBe(JSON.stringify({ material: 'abc', spec: 2 }));
  });

  it('a server without the cart yet (1005) is "unavailable", without the error toast', async () => {
    vi.stubGlobal('fetch', reply(404, { code: 1005, data: null, message: '接口不存在' }));
    await expect(addToCart({ material: 'abc', spec: 2 })).resolves.toEqual({ status: 'unavailable' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('any other failure follows the error policy and rejects', async () => {
    vi.stubGlobal('fetch', reply(404, { code: 3001, data: null, message: '素材不存在或已下架' }));
    await expect(addToCart({ material: 'abc', spec: 2 })).rejects.toMatchObject({ code: 3001 });
    expect(toast).toHaveBeenCalledWith('素材不存在或已下架');
  });
});
