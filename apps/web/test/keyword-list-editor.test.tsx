import { MAX_KEYWORD_LIST } from '@gemstock/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdScope } from '@/app/antd-scope';
import { KeywordListEditor } from '@/features/admin/components/keyword-list-editor';
import { notify } from '@/lib/notify';

/** The console's keyword lists: nothing typed is dropped without a word. */

beforeEach(() => {
  vi.spyOn(notify, 'warning').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderEditor(saved: string[]) {
  const onSave = vi.fn();
  render(
    <AntdScope>
      <KeywordListEditor saved={saved} saving={false} onSave={onSave} emptyText="暂无关键词" />
    </AntdScope>,
  );
  return { input: screen.getByPlaceholderText('输入关键词，多个用逗号分隔，回车添加') as HTMLInputElement, onSave };
}

describe('KeywordListEditor', () => {
  it('refuses more words than the list holds, keeping what was typed, instead of dropping the rest', () => {
    const saved = Array.from({ length: MAX_KEYWORD_LIST - 1 }, (_, i) => `词${i}`);
    const { input } = renderEditor(saved);
    fireEvent.change(input, { target: { value: '钻戒,项链' } });
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));

    expect(notify.warning).toHaveBeenCalledWith(`最多 ${MAX_KEYWORD_LIST} 个关键词，还能添加 1 个`);
    expect(input.value).toBe('钻戒,项链');
    expect(screen.queryByText('钻戒')).toBeNull();
  });

  it('refuses a word over 50 characters with the limit named, instead of leaving it out', () => {
    const { input } = renderEditor([]);
    const long = '钻'.repeat(51);
    fireEvent.change(input, { target: { value: `项链,${long}` } });
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));

    expect(notify.warning).toHaveBeenCalledWith(expect.stringContaining('关键词不能超过 50 个字符'));
    expect(input.value).toBe(`项链,${long}`);
    expect(screen.queryByText('项链')).toBeNull();
  });
});
