import { chinaClockOf } from '@gemstock/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO time of the free window as "2026/12/19 06:45" in China time, as the server draws it;
 * '' when unreadable.
 */
export function freeUntilText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const at = chinaClockOf(date);
  return `${at.year}/${pad(at.month)}/${pad(at.day)} ${pad(at.hour)}:${pad(at.minute)}`;
}

/** The China-time day a free window ends as "12/19": what a phone's narrow tile has room for. */
export function freeUntilDayText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const at = chinaClockOf(date);
  return `${pad(at.month)}/${pad(at.day)}`;
}
