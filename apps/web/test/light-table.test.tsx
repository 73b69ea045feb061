import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, type TableColumn } from '@/components/ui/table';

interface Row {
  sid: string;
  name: string;
  disabled?: boolean;
}

const columns: TableColumn<Row>[] = [
  { key: 'name', title: '名称', dataIndex: 'name', width: 400 },
  { key: 'sid', title: '编号', render: (row) => <b>{row.sid}</b>, align: 'right' },
];

const ROWS: Row[] = [
  { sid: 'm1', name: '戒指' },
  { sid: 'm2', name: '项链' },
  { sid: 'm3', name: '手镯', disabled: true },
];

afterEach(cleanup);

describe('the light checkbox (a native input with antd’s look)', () => {
  it('is named by its label, reports the native event and can be half-ticked', () => {
    const onChange = vi.fn((event: { target: { checked: boolean } }) => event.target.checked);
    render(
      <Checkbox checked={false} indeterminate onChange={onChange}>
        全选
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveReturnedWith(true);
  });
});

describe('the light table', () => {
  it('names its focusable scrolling area and the table, and renders cells by dataIndex or render', () => {
    render(<Table<Row> label="充值记录列表" rowKey="sid" columns={columns} rows={ROWS.slice(0, 1)} minWidth={640} />);
    const region = screen.getByRole('region', { name: '充值记录列表' });
    expect(region.tabIndex).toBe(0);
    const table = screen.getByRole('table', { name: '充值记录列表' });
    expect(table.style.minWidth).toBe('640px');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['名称', '编号']);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['戒指', 'm1']);
    expect(cells[1]!.className).toContain('gs-table__cell--right');
  });

  it('shows the empty text when there are no rows, and placeholder rows while loading', () => {
    const { rerender, container } = render(
      <Table<Row> label="列表" rowKey="sid" columns={columns} rows={[]} empty="暂无充值记录" />,
    );
    expect(screen.getByText('暂无充值记录')).toBeTruthy();
    rerender(<Table<Row> label="列表" rowKey="sid" columns={columns} rows={[]} loading skeletonRows={2} />);
    expect(screen.queryByText('暂无充值记录')).toBeNull();
    expect(container.querySelectorAll('tbody tr.gs-table__placeholder')).toHaveLength(2);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('ticks rows one by one and all at once (a named select-all box, disabled rows left out)', () => {
    const onSelect = vi.fn();
    const onSelectAll = vi.fn();
    const selection = {
      selectedKeys: ['m1'],
      onSelect,
      onSelectAll,
      isDisabled: (row: Row) => row.disabled === true,
      rowLabel: (row: Row) => `选择 ${row.name}`,
      allLabel: '选择全部素材',
    };
    const { container, rerender } = render(
      <Table<Row> label="购物车素材列表" rowKey="sid" columns={columns} rows={ROWS} selection={selection} />,
    );
    const all = screen.getByRole('checkbox', { name: '选择全部素材' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(container.querySelector('tbody tr.is-selected')?.textContent).toContain('戒指');
    expect((screen.getByRole('checkbox', { name: '选择 手镯' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 项链' }));
    expect(onSelect).toHaveBeenCalledWith(ROWS[1], true);
    fireEvent.click(all);
    expect(onSelectAll).toHaveBeenCalledWith(true, ROWS.slice(0, 2));

    rerender(
      <Table<Row>
        label="购物车素材列表"
        rowKey="sid"
        columns={columns}
        rows={ROWS}
        selection={{ ...selection, selectedKeys: ['m1', 'm2'] }}
      />,
    );
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
  });
});
