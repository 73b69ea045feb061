import { useEffect, useState } from 'react';

/**
 * Calls `callback` once the page has loaded and the browser is idle, so work nobody waits for
 * (the first-visit guide, the floating service button) never competes with the first paint.
 * Returns a cancel function.
 */
export function afterFirstPaint(callback: () => void, maxWaitMs = 2500): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) callback();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(run, { timeout: maxWaitMs });
    } else {
      timer = setTimeout(run, 200);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False until the page has loaded and the browser has been idle once (see afterFirstPaint). */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  return ready;
}
