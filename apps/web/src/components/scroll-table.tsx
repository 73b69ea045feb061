import { Table, type TableProps, type TableRef } from 'antd';
// antd marks the hidden row it measures column widths with; it exports no public name for it.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext, useEffect, useRef } from 'react';

export type ScrollTableProps<T> = TableProps<T> & {
  /** What the list is, read out when keyboard focus lands on its scrolling area (e.g. 支付异常列表). */
  regionLabel: string;
};

/**
 * An antd Table that scrolls sideways (`scroll.x`) and stays usable from the keyboard:
 * - the scrolling area takes focus (Tab, then the arrow keys scroll it) and is named, even when
 *   its rows hold nothing focusable — an empty list or a read-only one;
 * - the header's select-all box is not focusable inside antd's hidden measuring row, which copies
 *   every column title into an `aria-hidden` row.
 */
export function ScrollTable<T extends object>({ regionLabel, rowSelection, ...props }: ScrollTableProps<T>) {
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

  return <Table<T> ref={tableRef} rowSelection={selection} {...props} />;
}

/** Renders its content inert inside antd's hidden measuring row, as itself everywhere else. */
function MeasureSafe({ children }: { children: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <div inert>{children}</div> : <>{children}</>;
}
