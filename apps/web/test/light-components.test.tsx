import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { pageWindow } from '@/components/ui/pagination';
import { bindNotifier, notify, toastHost } from '@/lib/notify';

afterEach(cleanup);

describe('the choices of a first page (native radios)', () => {
  it('names the group, marks the chosen one and reports a new choice; a disabled one cannot be chosen', () => {
    const onChange = vi.fn();
    render(
      <ChoiceGroup
        look="cards"
        label="选择授权类型"
        value={2}
        onChange={onChange}
        choices={[
          { value: 1, label: '扩展授权', disabled: true },
          { value: 2, label: '标准授权' },
          { value: 3, label: '新媒体授权' },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: '选择授权类型' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: '标准授权' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '扩展授权' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '新媒体授权' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});

describe('page numbers', () => {
  it('shows the first, the last and the neighbours of the current page, a gap as null', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // a gap of one page shows that page instead of a gap
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('toasts before antd has loaded', () => {
  it('asks for the host once and shows the waiting toasts in order when it binds', () => {
    const wanted = vi.fn();
    const unsubscribe = toastHost.subscribe(wanted);
    notify.error('网络连接失败');
    notify.success('已添加至购物车');
    expect(toastHost.isWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    const shown: string[] = [];
    const toaster = {
      success: vi.fn(async (text: unknown) => void shown.push(`success:${String(text)}`)),
      error: vi.fn(async (text: unknown) => void shown.push(`error:${String(text)}`)),
      info: vi.fn(),
      warning: vi.fn(),
    };
    const unbind = bindNotifier(toaster as never);
    expect(shown).toEqual(['error:网络连接失败', 'success:已添加至购物车']);
    notify.success('已保存');
    expect(shown.at(-1)).toBe('success:已保存');
    unbind();
    unsubscribe();
  });
});
