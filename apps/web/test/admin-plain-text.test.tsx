import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Typography } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyableText, EllipsisText, PlainText } from '@/features/admin/components/plain-text';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * An element's markup without antd's style-scope classes (css-…), which the console's stylesheet
 * does not use, and without an icon's own accessible name: the build marks every icon decorative
 * (build/decorative-icons.ts), the tests see antd's icons unmarked.
 */
function markup(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const node of [copy, ...copy.querySelectorAll('*')]) {
    const kept = [...node.classList].filter((name) => !name.startsWith('css-'));
    if (kept.length > 0) node.setAttribute('class', kept.join(' '));
    else node.removeAttribute('class');
  }
  for (const icon of copy.querySelectorAll('.anticon')) {
    for (const name of ['role', 'aria-label', 'aria-hidden']) icon.removeAttribute(name);
  }
  return copy.outerHTML;
}

function drawn(node: React.ReactElement): string {
  const { container, unmount } = render(node);
  const html = markup(container.firstElementChild!);
  unmount();
  return html;
}

describe("the console rows' text (features/admin/components/plain-text.tsx)", () => {
  it('draws what Typography.Text draws, for each type', () => {
    for (const type of [undefined, 'secondary', 'warning'] as const) {
      expect(drawn(<PlainText type={type}>12:30</PlainText>), String(type)).toBe(
        drawn(<Typography.Text type={type}>12:30</Typography.Text>),
      );
    }
    expect(drawn(<PlainText style={{ fontSize: 12 }}>视频 0:08</PlainText>)).toBe(
      drawn(<Typography.Text style={{ fontSize: 12 }}>视频 0:08</Typography.Text>),
    );
  });

  it('draws what a copyable Typography.Text draws, with no tooltip mounted until the pointer comes', () => {
    const style = { fontFamily: 'monospace', fontSize: 12 };
    expect(
      drawn(
        <CopyableText text="m0001" label="复制编号" style={style}>
          m0001
        </CopyableText>,
      ),
    ).toBe(
      drawn(
        <Typography.Text copyable={{ text: 'm0001', tooltips: ['复制编号', '已复制'] }} style={style}>
          m0001
        </Typography.Text>,
      ),
    );
  });

  it('draws what Typography.Text with an ellipsis and its tooltip draws', () => {
    expect(drawn(<EllipsisText tooltip="张三">张三</EllipsisText>)).toBe(
      drawn(<Typography.Text ellipsis={{ tooltip: true }}>张三</Typography.Text>),
    );
    const style = { fontSize: 12, maxWidth: 210 };
    expect(
      drawn(
        <EllipsisText type="secondary" tooltip="素材授权订单" style={style}>
          素材授权订单
        </EllipsisText>,
      ),
    ).toBe(
      drawn(
        <Typography.Text type="secondary" ellipsis={{ tooltip: '素材授权订单' }} style={style}>
          素材授权订单
        </Typography.Text>,
      ),
    );
  });

  it('says the whole text in a tooltip on hover when it is cut, and nothing when it fits', async () => {
    render(<EllipsisText tooltip="深圳市某某珠宝有限公司">深圳市某某珠宝有限公司</EllipsisText>);
    const text = screen.getByText('深圳市某某珠宝有限公司');
    // jsdom lays nothing out: the element says whether its text is cut
    Object.defineProperty(text, 'clientWidth', { configurable: true, value: 120 });
    Object.defineProperty(text, 'scrollWidth', { configurable: true, value: 120 });
    fireEvent.pointerEnter(text);
    expect(document.querySelector('.ant-tooltip')).toBeNull();

    Object.defineProperty(text, 'scrollWidth', { configurable: true, value: 200 });
    fireEvent.pointerEnter(text);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '深圳市某某珠宝有限公司');
  });

  it('shows its tooltip on the first hover, copies on a click and says so for three seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <CopyableText text="m0001" label="复制编号">
        m0001
      </CopyableText>,
    );
    expect(document.querySelector('.ant-tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('button', { name: '复制编号' }));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '复制编号');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '复制编号' }));
    const copied = await screen.findByRole('button', { name: '已复制' });
    expect(writeText).toHaveBeenCalledWith('m0001');
    expect(copied.classList.contains('ant-typography-copy-success')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByRole('button', { name: '复制编号' })).toBeTruthy());
  });
});
