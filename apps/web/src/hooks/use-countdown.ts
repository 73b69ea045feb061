import { CODE_RESEND_SECONDS } from '@gemstock/contract';
import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 500;

/**
 * A seconds countdown measured against the clock (not by counting ticks), so a throttled
 * background tab still unblocks on time. Used by every "获取验证码" button (spec §4: resend is
 * blocked until the 60-second countdown ends).
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number = CODE_RESEND_SECONDS) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);

  const reset = useCallback(() => setEndsAt(null), []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, isRunning: remaining > 0, start, reset };
}
