import { ADMIN_PAGE_SIZE_DEFAULT } from '@gemstock/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/** The page and page size of a console list, and the table's pager for them (20 / 40 / 60 a page). */
export function useAdminPaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE_DEFAULT);
  const pagination = (total: number, showTotal: (total: number) => string): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 40, 60],
    showTotal,
    onChange: (p, s) => {
      setPage(p);
      setPageSize(s);
    },
  });
  return { page, pageSize, setPage, pagination };
}
