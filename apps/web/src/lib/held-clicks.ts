import { EARLY_CLICKS_GLOBAL } from '@gemstock/contract';

/** A held click: its element, and the app's elements of that kind when it was made. */
export type HeldClick = [clicked: Element, peers: ArrayLike<Element>];

/**
 * Takes the clicks the page's inline script held while the app was not yet running (the
 * contract's EARLY_CLICK_SCRIPT), oldest first, and stops the holding: from now on the app
 * answers clicks itself.
 */
export function takeEarlyClicks(): HeldClick[] {
  const take = (window as unknown as Record<string, (() => HeldClick[]) | undefined>)[EARLY_CLICKS_GLOBAL];
  return typeof take === 'function' ? take() : [];
}
