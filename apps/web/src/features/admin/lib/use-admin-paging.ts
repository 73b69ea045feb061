import { ADMIN_PAGE_SIZE_DEFAULT } from '@gemstock/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { type CursorPageInfo, countText, pagedTotal, usePageCursors } from '@/lib/list-pages';

/**
 * The page and page size of a console list, and the table's pager for them (20 / 40 / 60 a page).
 * A list the server pages by cursor (its answer has `nextCursor` and `totalCapped`) is asked for the
 * page after the one shown by that page's cursor (`cursor`), and its pager goes on past the rows
 * counted; `filterKey` (the list's filters as text) forgets the cursors when a filter changes.
 */
export function useAdminPaging(filterKey = '') {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE_DEFAULT);
  const cursors = usePageCursors(`${filterKey}|${pageSize}`);
  const pagination = (
    list: number | CursorPageInfo,
    showTotal: (total: number) => string,
    options: { stale?: boolean } = {},
  ): TablePaginationConfig => ({
    current: page,
    pageSize,
    total: typeof list === 'number' ? list : pagedTotal(list, page, pageSize),
    showSizeChanger: true,
    pageSizeOptions: [20, 40, 60],
    showTotal: () => (typeof list === 'number' ? showTotal(list) : showTotal(list.total)),
    onChange: (p, s) => {
      if (typeof list !== 'number' && s === pageSize) cursors.remember(page, p, options.stale ? null : list.nextCursor);
      setPage(p);
      setPageSize(s);
    },
  });
  return { page, pageSize, setPage, cursor: cursors.cursorOf(page), pagination };
}

/** 共 12 条, or 共 1,000+ 条 when the console's list stopped counting (its orders and invoices, as the buyers' lists). */
export function adminCountText(list: CursorPageInfo | undefined, unit: string): string {
  return countText(list?.total ?? 0, list?.totalCapped ?? false, unit);
}
