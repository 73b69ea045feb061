import type { HeldClick } from './held-clicks';

/** How long a held click waits for its element to appear in the app's drawing (a part still loading). */
const COUNTERPART_WAIT_MS = 3000;

const normalizedText = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** What makes two drawings' elements the same control: their kind, role, name and text. */
function signatureOf(element: Element): string {
  return [
    element.tagName,
    element.getAttribute('role'),
    element.getAttribute('aria-label'),
    normalizedText(element),
  ].join('\u0000');
}

const alike = (elements: ArrayLike<Element>, signature: string) =>
  Array.from(elements).filter((element) => signatureOf(element) === signature);

/**
 * The element of the app's drawing that stands where the clicked one stood in the drawing it
 * replaced: the one like it in the same place among its likes, or the only one like it. Null
 * when the new drawing has none, or several with no way to tell which (better no click than the
 * wrong one).
 */
export function counterpartOf([clicked, peers]: HeldClick, root: Element): Element | null {
  if (clicked.isConnected) return clicked;
  const signature = signatureOf(clicked);
  const before = alike(peers, signature);
  const now = alike(root.querySelectorAll(clicked.tagName), signature);
  if (now.length === before.length) return now[before.indexOf(clicked)] ?? null;
  return now.length === 1 ? now[0]! : null;
}

/**
 * Replays held clicks on the app's own elements, once its first drawing is in place. A click
 * whose element is not there yet (a part of the page still loading) waits for it for a moment,
 * then is dropped.
 */
export function replayEarlyClicks(held: HeldClick[], root: Element): void {
  let waiting: HeldClick[] = [];
  for (const click of held) {
    const target = counterpartOf(click, root);
    if (target instanceof HTMLElement) target.click();
    else waiting.push(click);
  }
  if (waiting.length === 0) return;
  const observer = new MutationObserver(() => {
    waiting = waiting.filter((click) => {
      const target = counterpartOf(click, root);
      if (!(target instanceof HTMLElement)) return true;
      target.click();
      return false;
    });
    if (waiting.length === 0) observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  window.setTimeout(() => observer.disconnect(), COUNTERPART_WAIT_MS);
}
