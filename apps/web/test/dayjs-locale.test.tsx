import { render, screen } from '@testing-library/react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { AntdScope } from '@/app/antd-scope';

describe('the console date pickers speak Chinese', () => {
  it('loads the dayjs zh-cn locale with the antd scope: Chinese month names, weeks from Monday', () => {
    expect(dayjs.locale()).toBe('zh-cn');
    // 2026-11-25 is a Wednesday: its week starts on Monday the 23rd.
    expect(dayjs('2026-11-25').startOf('week').format('YYYY-MM-DD dddd')).toBe('2026-11-23 星期一');
    expect(dayjs('2026-11-25').format('YYYY年MMM')).toBe('2026年11月');
  });

  it('renders an open picker with Chinese week-day headers starting on 一', () => {
    render(
      <AntdScope>
        <DatePicker open defaultPickerValue={dayjs('2026-11-25')} />
      </AntdScope>,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(0, 7)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  });
});
