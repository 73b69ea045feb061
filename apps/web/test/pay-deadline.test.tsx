import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayDeadline } from '@/components/pay-deadline';
import { PayDeadlineLine } from '@/components/pay-deadline-line';
import { onlineDeadlineText, remainingText, transferDeadlineText } from '@/lib/pay-deadline';

/** The payment deadline as the buyer reads it: the server's `expiresAt`, worded in China time. */

describe('payment deadline wording', () => {
  it('an online deadline today reads as the clock time in China', () => {
    const now = new Date('2026-11-25T06:10:00.000Z'); // 14:10 China
    expect(onlineDeadlineText('2026-11-25T06:32:00.000Z', now)).toBe('请在 14:32 前完成支付，超时订单将自动取消');
    expect(onlineDeadlineText('2026-11-25T16:05:00.000Z', now)).toBe(
      '请在 11月26日 00:05 前完成支付，超时订单将自动取消',
    );
  });

  it('a transfer deadline at the end of a working day reads as that day 24:00', () => {
    expect(transferDeadlineText('2026-10-13T16:00:00.000Z')).toBe(
      '请于 2026年10月13日 24:00 前完成转账，逾期订单将自动取消',
    );
  });

  it('time left reads as minutes and seconds, never negative', () => {
    expect(remainingText(29 * 60_000 + 41_000)).toBe('29:41');
    expect(remainingText(3_723_000)).toBe('1:02:03');
    expect(remainingText(-5_000)).toBe('0:00');
  });
});

describe('PayDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T06:02:00.000Z')); // 14:02 China
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts the time left down every second in the pay drawer', () => {
    render(<PayDeadline expiresAt="2026-11-25T06:32:00.000Z" countdown />);
    expect(screen.getByText('请在 14:32 前完成支付，超时订单将自动取消')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('剩余 30:00');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('剩余 29:59');
    act(() => {
      vi.advanceTimersByTime(30 * 60_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('已超时，订单即将自动取消');
  });

  it('shows nothing without a server deadline (paid or cancelled orders)', () => {
    const { container } = render(<PayDeadline expiresAt={null} countdown />);
    expect(container.textContent).toBe('');
  });
});

describe('PayDeadlineLine', () => {
  afterEach(cleanup);

  it('reads the deadline in one line in the order lists, and nothing without one', () => {
    const { container, rerender } = render(<PayDeadlineLine expiresAt="2026-10-13T16:00:00.000Z" kind="transfer" />);
    expect(container.textContent).toContain('请于 2026年10月13日 24:00 前完成转账，逾期订单将自动取消');
    rerender(<PayDeadlineLine expiresAt={null} />);
    expect(container.textContent).toBe('');
  });
});
