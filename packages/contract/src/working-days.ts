/**
 * Working days in mainland China (China time, UTC+8): Monday to Friday, minus the public
 * holidays, plus the weekend days the State Council makes working days (调休上班). One module
 * for every deadline counted in working days: bank transfers, invoices, custom design, privacy
 * replies. Pure and runtime-neutral: the server computes deadlines with it; the web shows what
 * the server computed.
 *
 * The calendar is data. Each year comes from the State Council General Office's notice on the
 * next year's holidays (国务院办公厅关于 YYYY 年部分节假日安排的通知, published about November).
 * To add or correct a year: copy its holiday ranges (放假) and adjusted working days (上班) into
 * CHINA_HOLIDAY_CALENDAR below, set `provisional: false`, and run the contract tests
 * (test/working-days.test.ts checks every entry's shape and a few known deadlines). See
 * docs/operations.md "Working-day calendar".
 */

import { CHINA_OFFSET_MS } from './china-time.js';

export interface ChinaCalendarYear {
  /** Days off, as inclusive ranges "YYYY-MM-DD" (a single day: the same date twice). */
  holidays: readonly (readonly [string, string])[];
  /** Weekend days that are working days (调休上班). */
  workdays: readonly string[];
  /**
   * True while the year holds only the statutory holidays of 《全国年节及纪念日放假办法》 (2025
   * revision) and not yet the State Council's adjusted schedule: replace it when published.
   */
  provisional: boolean;
}

export const CHINA_HOLIDAY_CALENDAR: Readonly<Record<number, ChinaCalendarYear>> = {
  // 国务院办公厅关于2025年部分节假日安排的通知
  2025: {
    holidays: [
      ['2025-01-01', '2025-01-01'], // 元旦
      ['2025-01-28', '2025-02-04'], // 春节
      ['2025-04-04', '2025-04-06'], // 清明节
      ['2025-05-01', '2025-05-05'], // 劳动节
      ['2025-05-31', '2025-06-02'], // 端午节
      ['2025-10-01', '2025-10-08'], // 国庆节、中秋节
    ],
    workdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
    provisional: false,
  },
  // 国务院办公厅关于2026年部分节假日安排的通知
  2026: {
    holidays: [
      ['2026-01-01', '2026-01-03'], // 元旦
      ['2026-02-15', '2026-02-23'], // 春节
      ['2026-04-04', '2026-04-06'], // 清明节
      ['2026-05-01', '2026-05-05'], // 劳动节
      ['2026-06-19', '2026-06-21'], // 端午节
      ['2026-09-25', '2026-09-27'], // 中秋节
      ['2026-10-01', '2026-10-07'], // 国庆节
    ],
    workdays: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
    provisional: false,
  },
  // Statutory days only until the State Council's notice for 2027 is entered.
  2027: {
    holidays: [
      ['2027-01-01', '2027-01-01'], // 元旦
      ['2027-02-05', '2027-02-08'], // 春节（除夕至初三）
      ['2027-04-05', '2027-04-05'], // 清明节
      ['2027-05-01', '2027-05-02'], // 劳动节
      ['2027-06-09', '2027-06-09'], // 端午节
      ['2027-09-15', '2027-09-15'], // 中秋节
      ['2027-10-01', '2027-10-03'], // 国庆节
    ],
    workdays: [],
    provisional: true,
  },
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a "YYYY-MM-DD" date. */
function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

interface YearSets {
  holidays: Set<number>;
  workdays: Set<number>;
}

const expanded = new Map<number, YearSets | null>();

function yearSets(year: number): YearSets | null {
  if (expanded.has(year)) return expanded.get(year)!;
  const data = CHINA_HOLIDAY_CALENDAR[year];
  let sets: YearSets | null = null;
  if (data) {
    sets = { holidays: new Set(), workdays: new Set(data.workdays.map(dayNumber)) };
    for (const [from, to] of data.holidays) {
      for (let d = dayNumber(from); d <= dayNumber(to); d += 1) sets.holidays.add(d);
    }
  }
  expanded.set(year, sets);
  return sets;
}

/** Whether the calendar holds the given year (outside it, only weekends are days off). */
export function isChinaCalendarYearKnown(year: number): boolean {
  return CHINA_HOLIDAY_CALENDAR[year] !== undefined;
}

/** Whether a China calendar date "YYYY-MM-DD" is a working day. */
export function isChinaWorkingDay(date: string): boolean {
  const day = dayNumber(date);
  const sets = yearSets(Number(date.slice(0, 4)));
  if (sets?.workdays.has(day)) return true;
  if (sets?.holidays.has(day)) return false;
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The China calendar date of an instant. */
function chinaDayNumber(at: Date): number {
  return Math.floor((at.getTime() + CHINA_OFFSET_MS) / DAY_MS);
}

/**
 * The `n`-th working day after the China date of `from` (the day of `from` itself does not
 * count), as "YYYY-MM-DD". n = 0 is the date of `from`.
 */
export function chinaWorkingDayAfter(from: Date, n: number): string {
  let day = chinaDayNumber(from);
  for (let counted = 0; counted < n;) {
    day += 1;
    if (isChinaWorkingDay(dateOfDayNumber(day))) counted += 1;
  }
  return dateOfDayNumber(day);
}

/**
 * A deadline of `n` working days from `from`: the end (24:00 China time) of the `n`-th working
 * day after the day of `from`. Returned as the instant the deadline passes.
 */
export function chinaWorkingDaysDeadline(from: Date, n: number): Date {
  const last = dayNumber(chinaWorkingDayAfter(from, n));
  return new Date((last + 1) * DAY_MS - CHINA_OFFSET_MS);
}

/**
 * The last China calendar day before a deadline from `chinaWorkingDaysDeadline` (which passes
 * at 24:00 of that day), as "YYYY-MM-DD": what "请于 … 前" and "预计 … 前开具" show.
 */
export function chinaLastDayBefore(deadline: Date): string {
  return dateOfDayNumber(chinaDayNumber(new Date(deadline.getTime() - 1)));
}
