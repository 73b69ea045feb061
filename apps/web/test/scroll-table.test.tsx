import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollTable } from '@/components/scroll-table';

interface Row {
  sid: string;
  name: string;
}

const columns = [
  { title: '名称', dataIndex: 'name', key: 'name', width: 400 },
  { title: '编号', dataIndex: 'sid', key: 'sid', width: 400 },
];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

afterEach(cleanup);

describe('ScrollTable: a sideways-scrolling list usable from the keyboard', () => {
  it('lets keyboard focus reach the scrolling area of an empty list and names it', () => {
    const { container } = render(
      <ScrollTable<Row>
        regionLabel="支付异常列表"
        rowKey="sid"
        columns={columns}
        dataSource={[]}
        scroll={{ x: 800 }}
      />,
    );
    const scroller = container.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    expect(scroller).not.toBeNull();
    expect(scroller!.tabIndex).toBe(0);
    expect(scroller!.getAttribute('role')).toBe('region');
    expect(scroller!.getAttribute('aria-label')).toBe('支付异常列表');
  });

  it('keeps the select-all box out of the tab order inside the hidden measuring row, and in it in the header', () => {
    const { container } = render(
      <ScrollTable<Row>
        regionLabel="购物车素材列表"
        rowKey="sid"
        columns={columns}
        dataSource={[{ sid: 'm1', name: '戒指' }]}
        scroll={{ x: 800 }}
        rowSelection={{ getTitleCheckboxProps: () => ({ 'aria-label': '选择全部素材' }) }}
      />,
    );
    const measureRow = container.querySelector('.ant-table-measure-row');
    expect(measureRow).not.toBeNull();
    const reachable = [...measureRow!.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
    expect(reachable).toEqual([]);
    const header = container.querySelector('thead');
    expect(header!.querySelector('input[aria-label="选择全部素材"]')?.closest('[inert]')).toBeNull();
  });

  it('keeps a select-all title the caller gives', () => {
    const { container } = render(
      <ScrollTable<Row>
        regionLabel="列表"
        rowKey="sid"
        columns={columns}
        dataSource={[{ sid: 'm1', name: '戒指' }]}
        scroll={{ x: 800 }}
        rowSelection={{ columnTitle: '选择' }}
      />,
    );
    expect(container.querySelector('thead')!.textContent).toContain('选择');
  });
});
