import { CHINA_OFFSET_MS } from './china-time.js';

/**
 * VIP months are counted in China time (china-time.ts).
 *
 * A lot paid at wall-clock time T (China time) on day D of month M is valid until the same
 * wall-clock time on day D of month M+1; when month M+1 is shorter, until the same time on its
 * last day (paid 2026-01-31 10:00 → valid before 2026-02-28 10:00). "Valid" means
 * `now < validBefore`.
 */

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The instant `months` calendar months after `from`, counted on China wall-clock time. */
export function addChinaMonths(from: Date, months: number): Date {
  const wall = new Date(from.getTime() + CHINA_OFFSET_MS);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(wall.getUTCDate(), daysInMonth(targetYear, targetMonth));
  const target = Date.UTC(
    targetYear,
    targetMonth,
    day,
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(target - CHINA_OFFSET_MS);
}

/** When a VIP recharge paid at `paidAt` stops being valid (exclusive). */
export function vipValidBefore(paidAt: Date): Date {
  return addChinaMonths(paidAt, 1);
}
