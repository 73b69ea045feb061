import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a page and while the browser hydrates it, true after (and at
 * once on a page drawn in the browser): for a part the server cannot draw, so the two drawings
 * agree and React has nothing to draw again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
