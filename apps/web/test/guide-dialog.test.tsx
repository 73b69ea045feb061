import { COMMON_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { GuideDialog } from '@/features/auth/components/guide-dialog';
import { useFirstVisitGuide } from '@/features/auth/hooks/use-first-visit-guide';
import { useDialogs } from '@/stores/dialogs';
import { ok, serveApi, isCall } from './fake-api';

const renderGuide = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <button type="button">页面上的按钮</button>
      <GuideDialog />
    </QueryClientProvider>,
  );

beforeEach(() => {
  serveApi((call) => (isCall(call, COMMON_ROUTES.siteConfig) ? ok({ siteName: '宝图', devOutbox: false }) : undefined));
});

afterEach(() => {
  cleanup();
  act(() => useDialogs.setState({ guideOpen: false, auth: { open: false, mode: 'login' } }));
  vi.unstubAllGlobals();
});

describe('the first-visit guide', () => {
  it('is a named, non-modal dialog that leaves the focus where it was', () => {
    renderGuide();
    const onPage = screen.getByRole('button', { name: '页面上的按钮' });
    onPage.focus();
    act(() => useDialogs.getState().openGuide());

    const guide = screen.getByRole('dialog', { name: '欢迎来到宝图' });
    expect((guide as HTMLDialogElement).open).toBe(true);
    // not a modal: the page behind it stays usable and nothing there turns inert
    expect(guide.matches(':modal')).toBe(false);
    expect(document.activeElement).toBe(onPage);
  });

  it('is dismissed by Esc and by 先逛逛', () => {
    renderGuide();
    act(() => useDialogs.getState().openGuide());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useDialogs.getState().openGuide());
    fireEvent.click(screen.getByRole('button', { name: '先逛逛' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useDialogs.getState().guideOpen).toBe(false);
  });

  it('opens the register form from its registration button', () => {
    renderGuide();
    act(() => useDialogs.getState().openGuide());
    fireEvent.click(screen.getByRole('button', { name: '免费注册' }));
    expect(useDialogs.getState().auth).toEqual({ open: true, mode: 'register' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a first visit', () => {
  function Page() {
    useFirstVisitGuide();
    return null;
  }

  it('opens the guide a moment after the browser is first idle, and remembers it was shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.removeItem('gemstock.guide-seen');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(idle).toHaveLength(1);
    act(() => idle[0]!({ didTimeout: false, timeRemaining: () => 50 }));
    // the app's start may still have work pending then: the card's first render waits
    expect(useDialogs.getState().guideOpen).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(useDialogs.getState().guideOpen).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(useDialogs.getState().guideOpen).toBe(true);
    expect(window.localStorage.getItem('gemstock.guide-seen')).toBe('1');
    vi.useRealTimers();
  });
});
