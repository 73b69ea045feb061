/**
 * China's wall-clock time (Asia/Shanghai): UTC+8 all year. China has had no daylight saving
 * since 1991, so a fixed offset is exact and needs no time-zone database, on the server or in a
 * browser whatever the browser's own zone. Every time the marketplace shows or counts by
 * (validity months, working days, daily caps, deadlines) is China's.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant as read on a clock in China. */
export interface ChinaClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function chinaClockOf(at: Date): ChinaClock {
  const wall = new Date(at.getTime() + CHINA_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** "2026-02-28" — the China-time calendar date of an instant, for certificates and notices. */
export function chinaDateOf(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}
