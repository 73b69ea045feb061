/**
 * Where the board page moves a material (decision 0047; drag and drop, 0055). The server's one
 * move is "put this material right after that one (or first)": a drag, a key and the 前移/后移
 * buttons all end in it (`useMoveOnBoard`, which shows it at once with `placeAfter`).
 */
import type { BoardMove } from './api/move-on-board';

/** The items with the one at `from` taken to `to` (its index once moved). */
export function moveIndex<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.filter((_, index) => index !== from);
  next.splice(to, 0, items[from]!);
  return next;
}

/** The call that takes the material at `from` to `to`, or null when it stays where it is. */
export function moveOf(sids: readonly string[], from: number, to: number): BoardMove | null {
  if (from === to || to < 0 || to >= sids.length || from < 0 || from >= sids.length) return null;
  const placed = moveIndex(sids, from, to);
  return { material: sids[from]!, after: to === 0 ? null : placed[to - 1]! };
}

/**
 * Where a key takes the focused material of `count`: ↑ or ← one place earlier, ↓ or → one place
 * later, Home first, End last. Null for any other key.
 */
export function keyTarget(key: string, index: number, count: number): number | null {
  const to =
    key === 'ArrowUp' || key === 'ArrowLeft'
      ? index - 1
      : key === 'ArrowDown' || key === 'ArrowRight'
        ? index + 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : null;
  return to === null ? null : Math.min(Math.max(to, 0), count - 1);
}
