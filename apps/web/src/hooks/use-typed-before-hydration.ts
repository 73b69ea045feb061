import { type RefObject, useLayoutEffect } from 'react';

/**
 * A field of a page the server drew can be typed in before the app runs. Hydration leaves the
 * typed text in the element but not in the field's state, and React puts the state back on the
 * next key (Enter would then search for nothing). Once, after the first drawing, the field takes
 * what the element holds.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
    // only what was typed before the first drawing: later the state follows every key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
