import { chinaClockOf } from '@gemstock/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats an ISO time as "2025-01-31 14:05" in China time, whatever the browser's zone: the
 * marketplace's days and deadlines are China's, and a page the server drew must read the same
 * once the browser takes it over. '—' when absent or unreadable.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const at = chinaClockOf(d);
  return `${at.year}-${pad(at.month)}-${pad(at.day)} ${pad(at.hour)}:${pad(at.minute)}`;
}
