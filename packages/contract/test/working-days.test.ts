import { describe, expect, it } from 'vitest';
import {
  CHINA_HOLIDAY_CALENDAR,
  chinaWorkingDayAfter,
  chinaLastDayBefore,
  chinaWorkingDaysDeadline,
  isChinaWorkingDay,
} from '../src/working-days.js';

/** China time is UTC+8: "2026-09-30 10:00" China is 02:00Z. */
const china = (local: string) => new Date(`${local}+08:00`);

describe('China working-day calendar', () => {
  it('holds 2025–2027 as well-formed data: ranges in order, adjusted working days on weekends', () => {
    for (const year of [2025, 2026, 2027]) {
      const data = CHINA_HOLIDAY_CALENDAR[year]!;
      expect(data, String(year)).toBeDefined();
      for (const [from, to] of data.holidays) {
        expect(from).toMatch(new RegExp(`^${year}-\\d\\d-\\d\\d$`));
        expect(from <= to).toBe(true);
      }
      for (const day of data.workdays) {
        const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
        expect([0, 6], day).toContain(weekday);
      }
    }
    expect(CHINA_HOLIDAY_CALENDAR[2026]!.provisional).toBe(false);
  });

  it('knows weekends, public holidays and the weekend days made working days', () => {
    expect(isChinaWorkingDay('2026-09-29')).toBe(true); // Tuesday
    expect(isChinaWorkingDay('2026-10-03')).toBe(false); // National Day week
    expect(isChinaWorkingDay('2026-10-05')).toBe(false); // a Monday inside the holiday
    expect(isChinaWorkingDay('2026-10-10')).toBe(true); // Saturday made a working day
    expect(isChinaWorkingDay('2026-10-11')).toBe(false); // Sunday
    expect(isChinaWorkingDay('2026-02-14')).toBe(true); // Saturday before Spring Festival
    expect(isChinaWorkingDay('2026-02-18')).toBe(false); // Spring Festival
    expect(isChinaWorkingDay('2025-09-28')).toBe(true);
    expect(isChinaWorkingDay('2028-03-06')).toBe(true); // beyond the data: a plain Monday
  });

  it('counts a deadline across the National Day week in working days, not calendar hours', () => {
    // placed Wednesday 30 Sep 2026, 10:00 China time: 1 Oct – 7 Oct are off, Sat 10 Oct works
    const placed = china('2026-09-30T10:00:00');
    expect(chinaWorkingDayAfter(placed, 1)).toBe('2026-10-08');
    expect(chinaWorkingDayAfter(placed, 3)).toBe('2026-10-10');
    expect(chinaWorkingDayAfter(placed, 5)).toBe('2026-10-13');
    // ends at 24:00 China time of that day
    expect(chinaWorkingDaysDeadline(placed, 5).toISOString()).toBe('2026-10-13T16:00:00.000Z');
    // …which a page shows as its last day
    expect(chinaLastDayBefore(chinaWorkingDaysDeadline(placed, 5))).toBe('2026-10-13');
  });

  it('counts from the China date of the instant, not the UTC date', () => {
    // 23:30 China on Friday 27 Nov 2026 is still Friday in China (15:30Z)
    expect(chinaWorkingDayAfter(china('2026-11-27T23:30:00'), 1)).toBe('2026-11-30');
    // 00:30 China on Saturday 28 Nov 2026 is Friday in UTC
    expect(chinaWorkingDayAfter(china('2026-11-28T00:30:00'), 1)).toBe('2026-11-30');
    expect(chinaWorkingDayAfter(china('2026-11-28T00:30:00'), 0)).toBe('2026-11-28');
  });
});
