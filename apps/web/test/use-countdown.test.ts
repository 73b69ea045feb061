import { CODE_RESEND_SECONDS } from '@gemstock/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '@/hooks/use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    expect(result.current.isRunning).toBe(false);
  });

  it('counts the 60-second resend block down to zero', () => {
    const { result } = renderHook(() => useCountdown());

    act(() => {
      result.current.start();
    });
    expect(result.current.remaining).toBe(CODE_RESEND_SECONDS);
    expect(result.current.isRunning).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.remaining).toBe(CODE_RESEND_SECONDS - 1);

    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(result.current.remaining).toBe(1);
    expect(result.current.isRunning).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.remaining).toBe(0);
    expect(result.current.isRunning).toBe(false);
  });

  it('accepts a custom length and can be reset', () => {
    const { result } = renderHook(() => useCountdown());

    act(() => {
      result.current.start(5);
    });
    expect(result.current.remaining).toBe(5);

    act(() => {
      result.current.reset();
    });
    expect(result.current.isRunning).toBe(false);
  });
});
