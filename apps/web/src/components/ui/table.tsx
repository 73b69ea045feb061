import type { CSSProperties, Key, ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { Empty, SkeletonBlock } from './feedback';
import './table.css';

export interface TableColumn<T> {
  /** Unique among the columns (React's key). */
  key: string;
  title: ReactNode;
  /** What a cell shows; without it, the row's `dataIndex` field as text. */
  render?: (row: T, index: number) => ReactNode;
  dataIndex?: keyof T;
  /** px (a number) or any CSS width. */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Added to the column's header and body cells. */
  className?: string;
}

export interface TableSelection<T> {
  /** Keys (`rowKey`) of the ticked rows. */
  selectedKeys: readonly Key[];
  /** One row's box was ticked (`true`) or unticked. */
  onSelect: (row: T, selected: boolean) => void;
  /** The header's select-all box: tick (`true`) or untick every row that can be chosen (`rows`). */
  onSelectAll: (selected: boolean, rows: T[]) => void;
  /** A row whose box cannot be ticked. */
  isDisabled?: (row: T) => boolean;
  /** Each row box's name, e.g. `选择 戒指 12345`. */
  rowLabel: (row: T) => string;
  /** The select-all box's name. */
  allLabel?: string;
}

export interface TableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: keyof T | ((row: T) => Key);
  /**
   * What the list is: names the scrolling area (focusable, so the keyboard can scroll it) and the
   * table, e.g. 充值记录列表.
   */
  label: string;
  /** A visible caption above the rows; the table is named by `label` without it. */
  caption?: ReactNode;
  selection?: TableSelection<T>;
  /** Placeholder rows while there are none yet; the rows already shown are dimmed. */
  loading?: boolean;
  /** How many placeholder rows `loading` shows. */
  skeletonRows?: number;
  /** What an empty list shows (a text is put in antd Empty's simple picture). */
  empty?: ReactNode;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Cell padding: antd's `large` (16 px, the default), `middle` (12/8) or `small` (8). */
  size?: 'large' | 'middle' | 'small';
  rowClassName?: (row: T, index: number) => string | undefined;
  className?: string;
  style?: CSSProperties;
}

const DEFAULT_ALL_LABEL = '选择全部';

function keyOf<T>(rowKey: TableProps<T>['rowKey'], row: T): Key {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key);
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
}

function cellClass(column: { align?: string; className?: string }, extra?: string): string | undefined {
  return (
    [column.align && column.align !== 'left' && `gs-table__cell--${column.align}`, column.className, extra]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/**
 * A table with antd Table's look in plain HTML and CSS (header band, row hover, borders, paddings,
 * empty state, row selection with a named select-all box) for the pages that do not load antd.
 * Its scrolling area takes keyboard focus and is named, so a wide table can be scrolled with the
 * arrow keys even when its rows hold nothing focusable.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  label,
  caption,
  selection,
  loading = false,
  skeletonRows = 3,
  empty = '暂无数据',
  minWidth,
  size = 'large',
  rowClassName,
  className,
  style,
}: TableProps<T>) {
  const selected = new Set(selection?.selectedKeys ?? []);
  const selectable = selection ? rows.filter((row) => !selection.isDisabled?.(row)) : [];
  const selectedCount = selectable.filter((row) => selected.has(keyOf(rowKey, row))).length;
  const allChecked = selectable.length > 0 && selectedCount === selectable.length;
  const someChecked = selectedCount > 0 && !allChecked;
  const columnCount = columns.length + (selection ? 1 : 0);
  const showSkeleton = loading && rows.length === 0;

  return (
    <div
      className={['gs-table', `gs-table--${size}`, loading && 'is-loading', className].filter(Boolean).join(' ')}
      style={style}
    >
      <div className="gs-table__scroll" role="region" aria-label={label} tabIndex={0}>
        <table
          className="gs-table__table"
          style={minWidth ? { minWidth } : undefined}
          aria-label={caption ? undefined : label}
          aria-busy={loading || undefined}
        >
          {caption && <caption className="gs-table__caption">{caption}</caption>}
          <colgroup>
            {selection && <col className="gs-table__selection-col" />}
            {columns.map((column) => (
              <col key={column.key} style={column.width !== undefined ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="gs-table__selection">
                  <Checkbox
                    aria-label={selection.allLabel ?? DEFAULT_ALL_LABEL}
                    checked={allChecked}
                    indeterminate={someChecked}
                    disabled={selectable.length === 0}
                    onChange={(event) => selection.onSelectAll(event.target.checked, selectable)}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cellClass(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {showSkeleton &&
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={`skeleton-${i}`} className="gs-table__placeholder" aria-hidden>
                  {selection && <td className="gs-table__selection" />}
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column)}>
                      <SkeletonBlock />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr className="gs-table__placeholder">
                <td colSpan={columnCount} className="gs-table__empty">
                  <div className="gs-table__empty-view">
                    {typeof empty === 'string' ? <Empty description={empty} /> : empty}
                  </div>
                </td>
              </tr>
            )}
            {rows.map((row, index) => {
              const key = keyOf(rowKey, row);
              const isSelected = selection ? selected.has(key) : false;
              const rowClass = ['gs-table__row', isSelected && 'is-selected', rowClassName?.(row, index)]
                .filter(Boolean)
                .join(' ');
              return (
                <tr key={key} className={rowClass}>
                  {selection && (
                    <td className="gs-table__selection">
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={isSelected}
                        disabled={selection.isDisabled?.(row)}
                        onChange={(event) => selection.onSelect(row, event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column)}>
                      {column.render
                        ? column.render(row, index)
                        : column.dataIndex !== undefined
                          ? cellText(row[column.dataIndex])
                          : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
