import { chinaClockOf } from '@gemstock/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO time as "2025-01-31 14:05" in China time (`/` between the date's parts when asked),
 * whatever the browser's zone: the marketplace's days and deadlines are China's, and a page the
 * server drew must read the same once the browser takes it over. Null when unreadable.
 */
export function chinaDateTimeText(iso: string, dateSeparator: '-' | '/' = '-'): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const at = chinaClockOf(date);
  const day = [at.year, pad(at.month), pad(at.day)].join(dateSeparator);
  return `${day} ${pad(at.hour)}:${pad(at.minute)}`;
}

/** "2025-01-31 14:05" in China time; '—' when absent or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  return (iso && chinaDateTimeText(iso)) || '—';
}
