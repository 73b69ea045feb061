import { SearchOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { TUser } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from '@/features/layout/components/header-search';
import { WalletPopover } from '@/features/layout/components/wallet-popover';
import { afterFirstPaint } from '@/hooks/use-after-first-paint';
import { userOf } from './factories';

vi.mock('@/api/get-hot-keywords', () => ({
  useHotKeywords: () => ({ data: { keywords: ['钻戒', '项链', '黄金手镯'] }, isFetching: false }),
}));

const VIP: TUser = userOf({
  sid: 'u1',
  email: 'vip@example.com',
  company: null,
  walletBalance: 69_900,
  isVip: true,
  vipValidBefore: '2030-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="当前地址">{`${location.pathname}${location.search}`}</output>;
}

function renderInApp(ui: ReactNode, at = '/detail/abc') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <MemoryRouter initialEntries={[at]}>
          {ui}
          <Routes>
            <Route path="*" element={<CurrentAddress />} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe('header wallet popover (VIP balance)', () => {
  it('opens when the balance button gets keyboard focus, without a mouse', async () => {
    renderInApp(<WalletPopover user={VIP} />);
    const balance = screen.getByRole('button', { name: '钱包余额 ¥699.00' });
    expect(screen.queryByRole('button', { name: '查看状态' })).toBeNull();
    act(() => balance.focus());
    expect(await screen.findByRole('button', { name: '查看状态' })).toBeTruthy();
    expect(balance.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens on a click or tap, and a second click keeps it open', async () => {
    renderInApp(<WalletPopover user={VIP} />);
    const balance = screen.getByRole('button', { name: '钱包余额 ¥699.00' });
    fireEvent.click(balance);
    expect(await screen.findByRole('button', { name: '查看状态' })).toBeTruthy();
    fireEvent.click(balance);
    expect(balance.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: '充值' })).toBeTruthy();
  });

  it('closes on Esc', async () => {
    renderInApp(<WalletPopover user={VIP} />);
    const balance = screen.getByRole('button', { name: '钱包余额 ¥699.00' });
    fireEvent.click(balance);
    await screen.findByRole('button', { name: '查看状态' });
    fireEvent.keyDown(balance, { key: 'Escape' });
    await waitFor(() => expect(balance.getAttribute('aria-expanded')).toBe('false'));
  });
});

describe('header search, by keyboard alone', () => {
  it('is a search landmark whose box lists the hot keywords on focus', () => {
    renderInApp(<HeaderSearch />);
    expect(screen.getByRole('search', { name: '站内搜索' })).toBeTruthy();
    const box = screen.getByRole('combobox', { name: '搜索素材' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['钻戒', '项链', '黄金手镯']);
  });

  it('↓ ↓ Enter searches the second hot keyword from any page', () => {
    renderInApp(<HeaderSearch />);
    const box = screen.getByRole('combobox', { name: '搜索素材' });
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('项链');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe(
      `/?keyword=${encodeURIComponent('项链')}`,
    );
  });

  it('typing then Enter searches what was typed; ↑ from the box wraps to the last keyword', () => {
    renderInApp(<HeaderSearch />);
    const box = screen.getByRole('combobox', { name: '搜索素材' });
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('黄金手镯');
    fireEvent.change(box, { target: { value: '翡翠' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe(
      `/?keyword=${encodeURIComponent('翡翠')}`,
    );
  });

  it('keeps a pasted keyword past 50 characters as typed and refuses it with the limit named, searching nothing', () => {
    renderInApp(<HeaderSearch />);
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: '搜索素材' });
    const pasted = '18K金钻石项链'.repeat(7); // 56 characters
    // nothing for the browser to cut a paste short with
    expect(box.getAttribute('maxlength')).toBeNull();
    fireEvent.change(box, { target: { value: pasted } });
    expect(box.value).toBe(pasted);
    fireEvent.submit(box.closest('form')!);
    expect(box.validationMessage).toBe('搜索词不能超过 50 个字符');
    expect(box.value).toBe(pasted);
    expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe('/detail/abc');

    // shortened, the same box searches again
    fireEvent.change(box, { target: { value: pasted.slice(0, 50) } });
    expect(box.validationMessage).toBe('');
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe(
      `/?keyword=${encodeURIComponent(pasted.slice(0, 50))}`,
    );
  });
});

describe('icons speak Chinese or not at all', () => {
  it('hides a decorative icon inside a labelled button, so its name is the Chinese text alone', () => {
    render(<Button icon={<ShoppingCartOutlined />}>加入购物车</Button>);
    const button = screen.getByRole('button', { name: '加入购物车' });
    expect(button.querySelector('.anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('keeps an icon that is given a Chinese name as an image with that name', () => {
    render(<SearchOutlined aria-label="搜索" />);
    expect(screen.getByRole('img', { name: '搜索' })).toBeTruthy();
  });
});

describe('work that waits for the first paint', () => {
  it('runs only after the page has loaded and the browser is idle', () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const callback = vi.fn();
    afterFirstPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(callback).not.toHaveBeenCalled();
    idle.forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 50 }));
    expect(callback).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('does nothing once cancelled (the page went away first)', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const callback = vi.fn();
    const cancel = afterFirstPaint(callback);
    cancel();
    idle.forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 50 }));
    expect(callback).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
