import { chinaDateTimeText } from './date-time';

/** The end of a free window as "2026/12/19 06:45" in China time, as the server draws it; '' when unreadable. */
export function freeUntilText(iso: string): string {
  return chinaDateTimeText(iso, '/') ?? '';
}

/** The China-time day a free window ends as "12/19": what a phone's narrow tile has room for. */
export function freeUntilDayText(iso: string): string {
  return freeUntilText(iso).slice(5, 10);
}
