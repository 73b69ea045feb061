/**
 * Dragging a board's card by its handle with a mouse, a pen or a finger (decision 0055): pointer
 * events on the window, the handle's `touch-action: none` keeping a finger's drag from scrolling
 * the page. The board page loads this after it is drawn (the board comes first) and calls it from
 * the handle's pointerdown.
 */

/** A press moves this far (px) before it is a drag: a tap on the handle stays a tap. */
const SLOP = 4;
/** Within this distance (px) of the visible top (under the header) or bottom (over the tab bar)… */
const EDGE = 64;
/** …a dragged card scrolls the page by this much a frame. */
const STEP = 12;

/** Where the press began: the card (the handle's `li`), the pointer and where it was. */
export interface DragStart {
  card: HTMLElement;
  pointerId: number;
  x: number;
  y: number;
}

/**
 * The place a dragged card takes under the pointer (x, y): how many of the other cards, in their
 * boxes on screen, come before it in reading order: a row above it, or in its own row a card
 * whose middle it has passed (to the right in a grid; downwards in one column, `width` being the
 * list's). Counting keeps the place steady while the others move to make room, whatever their
 * sizes: a card counted moves toward the start, one not counted toward the end, so neither
 * crosses the pointer.
 */
export function dropIndex(x: number, y: number, others: readonly DOMRectReadOnly[], width: number): number {
  return others.filter(
    (box) =>
      box.bottom < y ||
      (box.top <= y && (box.width * 2 > width ? box.top + box.height / 2 < y : box.left + box.width / 2 < x)),
  ).length;
}

/**
 * Follows one press of the handle of the card at `from`. Once it moves further than a tap, the
 * card follows the pointer (a transform), `over(to)` is called each time the place it would take
 * changes (the page draws the others making room), and the page scrolls while the pointer is near
 * its top or bottom. Then `done(to)` once: the place where it was dropped, or null for a tap, for
 * Escape, and when the browser takes the pointer back (pointercancel).
 */
export function dragCard(
  { card, pointerId, x, y }: DragStart,
  from: number,
  over: (to: number) => void,
  done: (to: number | null) => void,
) {
  const list = card.parentElement!;
  const box = card.getBoundingClientRect();
  const grab = { x: x - box.left, y: y - box.top };
  let pointer = { x, y };
  let to = from;
  let frame = 0;
  const top = document.querySelector('.gs-header')?.getBoundingClientRect().bottom ?? 0;
  const bottom = window.innerHeight - (document.querySelector('.gs-tabbar')?.getBoundingClientRect().height ?? 0);

  const follow = () => {
    if (pointer.y < top + EDGE) window.scrollBy(0, -STEP);
    else if (pointer.y > bottom - EDGE) window.scrollBy(0, STEP);
    // the card's place in the list, without the shift that keeps it under the pointer; it stays
    // within the list, so that it never makes the page wider or longer (and scroll on and on)
    card.style.transform = '';
    const home = card.getBoundingClientRect();
    const bounds = list.getBoundingClientRect();
    const atX = Math.max(bounds.left, Math.min(pointer.x - grab.x, bounds.right - home.width));
    const atY = Math.max(bounds.top, Math.min(pointer.y - grab.y, bounds.bottom - home.height));
    card.style.transform = `translate(${atX - home.left}px, ${atY - home.top}px)`;
    const others = [...list.children].filter((child) => child !== card).map((child) => child.getBoundingClientRect());
    const next = dropIndex(pointer.x, pointer.y, others, bounds.width);
    if (next !== to) over((to = next));
    frame = requestAnimationFrame(follow);
  };
  const move = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    // a mouse let go where the page did not hear it (outside the window): the drag is off
    if (!event.buttons) return end(event);
    pointer = { x: event.clientX, y: event.clientY };
    if (!frame && Math.hypot(pointer.x - x, pointer.y - y) >= SLOP) {
      over(from);
      frame = requestAnimationFrame(follow);
    }
  };
  const end = (event: Event) => {
    if ('pointerId' in event ? event.pointerId !== pointerId : (event as KeyboardEvent).key !== 'Escape') return;
    cancelAnimationFrame(frame);
    card.style.transform = '';
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    window.removeEventListener('keydown', end);
    done(frame && event.type === 'pointerup' ? to : null);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  window.addEventListener('keydown', end);
}
