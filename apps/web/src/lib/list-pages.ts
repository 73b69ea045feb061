import { LIST_COUNT_CAP } from '@gemstock/contract';
import { useState } from 'react';

/**
 * The page controls of a list the server pages by cursor (`nextCursor`) and counts up to a cap
 * (`totalCapped`): a jump asks for a page by number, while 下一页 from a page on screen asks by
 * that page's cursor, so rows added meanwhile neither show a row twice nor hide one.
 */

export interface CursorPageInfo {
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/**
 * Where each page starts, learnt when 下一页 leaves the page before it; forgotten when `filterKey`
 * (the list's filters, as text) changes, since a cursor belongs to one filter.
 */
export function usePageCursors(filterKey: string) {
  const [starts, setStarts] = useState<{ filter: string; at: Record<number, string> }>({ filter: filterKey, at: {} });
  const known = starts.filter === filterKey ? starts.at : {};
  return {
    /** The cursor page `page` starts after, when it was reached by 下一页. */
    cursorOf: (page: number): string | undefined => (page > 1 ? known[page] : undefined),
    /** Before going from `page` to `next`: keeps the cursor of the page shown when `next` follows it. */
    remember: (page: number, next: number, nextCursor: string | null | undefined) => {
      if (next === page + 1 && nextCursor) setStarts({ filter: filterKey, at: { ...known, [next]: nextCursor } });
    },
  };
}

/**
 * How many rows the page controls offer: the count, and while the list stopped counting one page
 * more than the one shown as long as there is a next page, so 下一页 goes on past the counted pages.
 */
export function pagedTotal(data: CursorPageInfo, page: number, pageSize: number): number {
  if (!data.totalCapped) return data.total;
  return Math.max(data.total, (page + (data.nextCursor ? 1 : 0)) * pageSize);
}

/** 共 12 个订单, or 共 1,000+ 个订单 when the list stopped counting at `cap`. */
export function countText(total: number, totalCapped: boolean, unit: string, cap: number = LIST_COUNT_CAP): string {
  return totalCapped ? `共 ${cap.toLocaleString('en-US')}+ ${unit}` : `共 ${total} ${unit}`;
}
