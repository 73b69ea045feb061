import { CHINA_OFFSET_MS, chinaClockOf } from '@gemstock/contract';

/**
 * Gateways speak China Standard Time (UTC+8, no daylight saving): Alipay's timestamps and
 * gmt_payment are "yyyy-MM-dd HH:mm:ss" in Beijing time, WeChat's time_expire is RFC 3339.
 */

function chinaParts(date: Date) {
  const at = chinaClockOf(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.year}-${pad(at.month)}-${pad(at.day)}`,
    time: `${pad(at.hour)}:${pad(at.minute)}:${pad(at.second)}`,
  };
}

/** "2024-05-01 08:30:00" in Beijing time. */
export function formatChinaDateTime(date: Date): string {
  const parts = chinaParts(date);
  return `${parts.date} ${parts.time}`;
}

/** "2024-05-01T08:30:00+08:00". */
export function formatRfc3339China(date: Date): string {
  const parts = chinaParts(date);
  return `${parts.date}T${parts.time}+08:00`;
}

/** "2024-05-01 08:30:00" (Beijing time) → Date, or null when it is not that shape. */
export function parseChinaDateTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The China-time calendar month holding `date`: [start, end) as instants. */
export function chinaMonthRange(date: Date): { start: Date; end: Date } {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS);
  const year = shifted.getUTCFullYear();
  const month = shifted.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - CHINA_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - CHINA_OFFSET_MS),
  };
}
