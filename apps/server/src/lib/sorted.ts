/** First index of an ascending list whose value is at or above `target`; list.length when none is. */
export function lowerBound(list: ArrayLike<number>, target: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
