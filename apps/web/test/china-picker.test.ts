import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { chinaInstantOf, chinaWallDayjs } from '@/features/admin/lib/china-picker';
import { initialCouponValues } from '@/features/admin/lib/coupon-form';

describe("the console's date pickers work on China's wall clock, whatever the operator's zone", () => {
  const zoneBefore = process.env.TZ;
  afterAll(() => {
    process.env.TZ = zoneBefore;
  });

  it.each(['UTC', 'Asia/Shanghai', 'America/Los_Angeles'])('with the browser in %s', (zone) => {
    process.env.TZ = zone;
    // a free period ending at 23:59 on 24 December in China reads so in the picker…
    const shown = chinaWallDayjs('2026-12-24T15:59:00.000Z');
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-12-24 23:59');
    // …and what is picked there is sent as that instant
    expect(chinaInstantOf(shown)).toBe('2026-12-24T15:59:00.000Z');
    expect(chinaInstantOf(dayjs(new Date(2026, 0, 1, 0, 0)))).toBe('2025-12-31T16:00:00.000Z');
  });

  it("a new coupon's validity ends at the end of a China day", () => {
    process.env.TZ = 'America/Los_Angeles';
    const [, end] = initialCouponValues(chinaWallDayjs('2026-11-27T17:00:00.000Z')).validity!;
    // 2026-11-28 01:00 in China, plus 30 days, to that day's end in China
    expect(chinaInstantOf(end)).toBe('2026-12-28T15:59:59.999Z');
  });
});
