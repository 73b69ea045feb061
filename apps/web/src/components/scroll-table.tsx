import { Table, type TableProps, type TableRef } from 'antd';
// antd marks the hidden row it measures column widths with; it exports no public name for it.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { LoadError } from './load-error';

/** What ScrollTable reads of the list's query (a TanStack Query result fits). */
export interface ListLoadState {
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  refetch: () => unknown;
}

export type ScrollTableProps<T> = TableProps<T> & {
  /** What the list is, read out when keyboard focus lands on its scrolling area (e.g. 支付异常列表). */
  regionLabel: string;
  /**
   * The list's query. A failed load is said in place, with 重试, instead of an empty table whose
   * 「还没有…」 would claim there is nothing (the filters above stay usable).
   */
  loadState?: ListLoadState;
};

/**
 * An antd Table that scrolls sideways (`scroll.x`) and stays usable from the keyboard:
 * - the scrolling area takes focus (Tab, then the arrow keys scroll it) and is named, even when
 *   its rows hold nothing focusable — an empty list or a read-only one;
 * - the header's select-all box is not focusable inside antd's hidden measuring row, which copies
 *   every column title into an `aria-hidden` row.
 */
export function ScrollTable<T extends object>({ regionLabel, rowSelection, loadState, ...props }: ScrollTableProps<T>) {
  const tableRef = useRef<TableRef>(null);
  const rowCount = props.dataSource?.length ?? 0;

  useEffect(() => {
    const scroller = tableRef.current?.nativeElement.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', regionLabel);
  }, [regionLabel, rowCount]);

  const selection = rowSelection && {
    ...rowSelection,
    columnTitle: (checkbox: ReactNode) => {
      const custom = rowSelection.columnTitle;
      const title = typeof custom === 'function' ? custom(checkbox) : (custom ?? checkbox);
      return <MeasureSafe>{title}</MeasureSafe>;
    },
  };

  if (loadState?.isError) {
    return (
      <LoadError
        title={`${regionLabel}加载失败`}
        error={loadState.error}
        isRetrying={loadState.isFetching}
        onRetry={() => void loadState.refetch()}
      />
    );
  }
  return <Table<T> ref={tableRef} rowSelection={selection} {...props} />;
}

/** Renders its content inert inside antd's hidden measuring row, as itself everywhere else. */
function MeasureSafe({ children }: { children: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <div inert>{children}</div> : <>{children}</>;
}
