import type { TUser } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import UserLayout from '@/features/account/routes/user-layout';
import { AppHeader } from '@/features/layout/components/app-header';
import { HeaderAccount } from '@/features/layout/components/header-account';
import { UserMenu } from '@/features/layout/components/user-menu';
import { queryClient } from '@/lib/query-client';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { signIn, userOf } from './factories';

/**
 * A buyer on a phone reaches the membership: 升级VIP in the header and the account menu, 充值
 * there for a member's main account, the membership in the account area's sections, and 注册
 * in a signed-out header. Phones hide what carries `gs-hide-phone` (styles.css), so what a
 * phone must show is never inside it.
 */

const BUYER = userOf({ isVip: false });
const MEMBER = userOf({ isVip: true, walletBalance: 69_900, vipValidBefore: '2030-01-01T00:00:00.000Z' });

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname}</output>;
}

function renderAt(ui: ReactNode, at = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[at]}>
          {ui}
          <Routes>
            <Route path="*" element={<CurrentAddress />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const shownOnPhones = (element: HTMLElement) => element.closest('.gs-hide-phone') === null;
const address = () => screen.getByRole('status', { name: '当前地址' }).textContent;

async function openMenu(user: TUser) {
  renderAt(<UserMenu user={user} />);
  fireEvent.click(screen.getByRole('button', { name: /^账号菜单/ }));
  return screen.findByRole('menu');
}

afterEach(() => {
  cleanup();
  useDialogs.getState().closeRecharge();
  useSession.getState().clear();
});

describe('the header on a phone', () => {
  it('shows 升级VIP to a buyer who is not a member, and it leads to the membership page', () => {
    renderAt(<HeaderAccount user={BUYER} />);
    const upgrade = screen.getByRole('button', { name: /升级VIP/ });
    expect(shownOnPhones(upgrade)).toBe(true);
    fireEvent.click(upgrade);
    expect(address()).toBe('/wallet');
  });

  it('shows 注册 beside 登录 when signed out', () => {
    useSession.getState().clear();
    renderAt(<AppHeader siteName="宝图" />);
    const register = screen.getByRole('button', { name: '注册' });
    expect(shownOnPhones(register)).toBe(true);
    expect(shownOnPhones(screen.getByRole('button', { name: '登录' }))).toBe(true);
  });
});

describe('the account menu', () => {
  it('offers 升级VIP to a buyer who is not a member', async () => {
    const menu = await openMenu(BUYER);
    expect(menu.textContent).not.toContain('充值');
    fireEvent.click(await screen.findByRole('menuitem', { name: /升级VIP/ }));
    expect(address()).toBe('/wallet');
  });

  it('offers 充值 to a member’s main account, which opens the recharge dialog', async () => {
    await openMenu(MEMBER);
    fireEvent.click(await screen.findByRole('menuitem', { name: /^充值/ }));
    expect(useDialogs.getState().recharge).toBe('choose');
    expect(screen.getByRole('menuitem', { name: /VIP 会员与钱包/ })).toBeTruthy();
  });

  it('does not offer 充值 to a member’s sub-account, which cannot recharge', async () => {
    const menu = await openMenu(userOf({ ...MEMBER, level: 1 }));
    expect(menu.textContent).not.toContain('充值');
    expect(screen.getByRole('menuitem', { name: /VIP 会员与钱包/ })).toBeTruthy();
  });
});

describe('the account area', () => {
  it('lists the membership among its sections, in the row phones show', async () => {
    signIn(BUYER);
    renderAt(<UserLayout />, '/user/order');
    await waitFor(() => expect(screen.getAllByRole('link', { name: '升级VIP' }).length).toBeGreaterThan(0));
    const links = screen.getAllByRole('link', { name: '升级VIP' });
    expect(links.some(shownOnPhones)).toBe(true);
    expect(links.every((link) => link.getAttribute('href') === '/wallet')).toBe(true);
  });
});
