import {
  LicenceType,
  type TCartItem,
  type TWalletOrder,
  CART_ROUTES,
  ORDER_ROUTES,
  WALLET_ROUTES,
} from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CartPage from '@/features/cart/routes/cart-page';
import WalletPage from '@/features/wallet/routes/wallet-page';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { materialOf, userOf } from './factories';
import { type ApiCall, ok, serveApi, callsOf, isCall } from './fake-api';

/**
 * /cart and /wallet, built without antd: the table on desktops and one card per line on phones
 * are both in the page (CSS shows one of them), so the table is read through its named region.
 */

function cartItemOf(values: Partial<TCartItem>): TCartItem {
  return { ...materialOf(), spec: LicenceType.STANDARD, chosen: true, unitPrice: 29_800, addedAt: '', ...values };
}

const RING = cartItemOf({ sid: 'mat0000000000001', keywords: ['钻戒'] });
const NECKLACE = cartItemOf({ sid: 'mat0000000000002', keywords: ['项链'], chosen: false });
const WITHDRAWN = cartItemOf({ sid: 'mat0000000000003', keywords: ['手镯'], disabled: true, chosen: false });

let calls: ApiCall[] = [];

function serveCart(items: TCartItem[]) {
  calls = serveApi((call) => {
    if (isCall(call, CART_ROUTES.list)) return ok({ materials: items });
    if ([CART_ROUTES.choose, CART_ROUTES.remove, CART_ROUTES.add].some((route) => isCall(call, route)))
      return ok({ count: items.length });
    if (isCall(call, ORDER_ROUTES.placeMaterialPreview))
      return ok({ price_origin: 29_800, discount_member: 0, discount_coupon: 0, price: 29_800 });
    if (isCall(call, WALLET_ROUTES.list))
      return ok({ orders: RECHARGES, balance: 69_900, isVip: true, vipValidBefore: '2026-02-01T00:00:00.000Z' });
    return undefined;
  });
}

const RECHARGES: TWalletOrder[] = [
  {
    sid: 'w1',
    createdAt: '2026-01-01T00:00:00.000Z',
    total: 69_900,
    balance: 40_100,
    validBefore: '2026-02-01T00:00:00.000Z',
    isValid: true,
  },
];

function renderAt(page: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient.clear();
  useSession.getState().setUser(userOf());
});

afterEach(() => {
  cleanup();
  useCheckout.getState().close();
  useDialogs.getState().closeRecharge();
});

describe('/cart', () => {
  it('lists the lines in a named table with a select-all box, withdrawn lines not choosable', async () => {
    serveCart([RING, NECKLACE, WITHDRAWN]);
    renderAt(<CartPage />);
    const table = within(await screen.findByRole('region', { name: '购物车素材列表' }));
    await waitFor(() => expect(table.getAllByRole('checkbox')).toHaveLength(4));
    const all = table.getByRole('checkbox', { name: '选择全部素材' }) as HTMLInputElement;
    await waitFor(() => expect(all.indeterminate).toBe(true));
    const rowBoxes = table.getAllByRole('checkbox').filter((box) => box !== all) as HTMLInputElement[];
    expect(rowBoxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    expect(table.getAllByRole('combobox', { name: /^授权类型/ })).toHaveLength(3);
    expect(table.getByText('已下架，无法购买')).toBeTruthy();

    fireEvent.click(all);
    await waitFor(() => expect(callsOf(calls, CART_ROUTES.choose)).toHaveLength(1));
    expect(callsOf(calls, CART_ROUTES.choose)[0]!.body).toEqual({
      materials: [RING.sid, NECKLACE.sid],
      chosen: true,
    });
  });

  it('asks before removing a line, and removes it on 移除', async () => {
    serveCart([RING]);
    renderAt(<CartPage />);
    const table = within(await screen.findByRole('region', { name: '购物车素材列表' }));
    fireEvent.click(await table.findByRole('button', { name: /^移除 / }));
    const dialog = await screen.findByRole('dialog', { name: '移除素材' });
    expect(dialog.textContent).toContain('确定从购物车移除');
    expect(callsOf(calls, CART_ROUTES.remove)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '移除' }));
    await waitFor(() => expect(callsOf(calls, CART_ROUTES.remove)).toHaveLength(1));
    expect(callsOf(calls, CART_ROUTES.remove)[0]!.body).toEqual({ materials: [RING.sid] });
  });

  it('totals the chosen lines from the server and opens the checkout with them on 结算', async () => {
    serveCart([RING, NECKLACE]);
    renderAt(<CartPage />);
    expect(await screen.findByText('¥298.00', { selector: '.gs-cart-total span' })).toBeTruthy();
    expect(screen.getByText(/已选/).textContent).toBe('已选 1 件');
    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    expect(useCheckout.getState().step).toMatchObject({
      kind: 'contract',
      lines: [{ sid: RING.sid, spec: RING.spec }],
    });
  });
});

describe('/wallet', () => {
  it('shows the member status and the recharges in a named table; 立即开通 opens the recharge dialog', async () => {
    serveCart([]);
    renderAt(<WalletPage />);
    expect(screen.getByRole('heading', { name: '我的会员状态' })).toBeTruthy();
    const table = within(await screen.findByRole('region', { name: '充值记录列表' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    expect(table.getAllByRole('row')[1]!.textContent).toContain('¥699.00');
    expect(table.getAllByRole('row')[1]!.textContent).toContain('有效');
    fireEvent.click(screen.getByRole('button', { name: '立即开通' }));
    expect(useDialogs.getState().recharge).toBe('choose');
  });

  it('says so when there is no recharge yet', async () => {
    calls = serveApi((call) =>
      isCall(call, WALLET_ROUTES.list) ? ok({ orders: [], balance: 0, isVip: false, vipValidBefore: null }) : undefined,
    );
    renderAt(<WalletPage />);
    const table = within(await screen.findByRole('region', { name: '充值记录列表' }));
    expect(await table.findByText('暂无充值记录')).toBeTruthy();
  });
});
