import { ADMIN_PAGE_SIZE_DEFAULT } from '@gemstock/contract';
import { Button, Empty, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import type { CursorPageInfo } from '@/lib/list-pages';
import { COMPANY_TABS, type CompanyTab, useCompanyTab } from '../api/companies';
import { adminCountText } from '../lib/use-admin-paging';

/**
 * The pages of a list the server reads by keyset only: each page is asked by the cursor of the
 * page before, so the pager goes one page on or back (上一页 / 下一页), never jumps. The cursors
 * are forgotten when `listKey` (the list's search, or the company shown) changes.
 */
export function useCursorPages(listKey: string) {
  const [state, setState] = useState<{ key: string; stack: string[] }>({ key: listKey, stack: [] });
  const stack = state.key === listKey ? state.stack : [];
  return {
    cursor: stack.at(-1),
    pageNumber: stack.length + 1,
    next: (cursor: string) => setState({ key: listKey, stack: [...stack, cursor] }),
    previous: () => setState({ key: listKey, stack: stack.slice(0, -1) }),
  };
}

export function CursorPager({
  pages,
  data,
  unit,
  stale,
}: {
  pages: ReturnType<typeof useCursorPages>;
  data: CursorPageInfo | undefined;
  unit: string;
  /** The page shown is the one before, kept while the next loads: its cursor is not this page's. */
  stale: boolean;
}) {
  if (!data) return null;
  return (
    <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">
        {adminCountText(data, unit)} · 第 {pages.pageNumber} 页
      </Typography.Text>
      <Button size="small" disabled={pages.pageNumber === 1} onClick={pages.previous}>
        上一页
      </Button>
      <Button
        size="small"
        disabled={!data.nextCursor || stale}
        onClick={() => data.nextCursor && pages.next(data.nextCursor)}
      >
        下一页
      </Button>
    </Flex>
  );
}

/** One tab of a company's page: its rows a page at a time, loading, empty and failed (with 重试) in place. */
export function CompanyTabTable<Row extends object>({
  tab,
  companySid,
  regionLabel,
  columns,
  rowKey,
  emptyText,
  unit,
  scrollX = 900,
}: {
  tab: CompanyTab;
  companySid: string;
  regionLabel: string;
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  emptyText: string;
  unit: string;
  scrollX?: number;
}) {
  const pages = useCursorPages(`${companySid}|${tab}`);
  const query = useCompanyTab(COMPANY_TABS[tab], companySid, {
    page_size: ADMIN_PAGE_SIZE_DEFAULT,
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  // Every tab answers {items, total, totalCapped, nextCursor}; the caller names the row type of its tab.
  const rows = (query.data?.items ?? []) as Row[];
  return (
    <>
      <ScrollTable<Row>
        regionLabel={regionLabel}
        loadState={query}
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
        pagination={false}
        size="small"
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      />
      {!query.isError && <CursorPager pages={pages} data={query.data} unit={unit} stale={query.isPlaceholderData} />}
    </>
  );
}
