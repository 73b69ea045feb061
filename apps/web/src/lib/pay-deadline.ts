import { chinaClockOf } from '@gemstock/contract';

/**
 * How a payment deadline the server computed (`order.expiresAt`) is worded. Shown in China time
 * whatever the browser's zone: the rule (working days, 24:00) is China's.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function chinaParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const clock = chinaClockOf(at);
  return {
    year: String(clock.year),
    month: String(clock.month),
    day: String(clock.day),
    hour: pad(clock.hour),
    minute: pad(clock.minute),
  };
}

/** "14:32" on the same China day as `now`, else "11月26日 14:32". */
export function deadlineClockText(iso: string, now: Date = new Date()): string {
  const at = chinaParts(new Date(iso));
  const today = chinaParts(now);
  const time = `${at.hour}:${at.minute}`;
  const sameDay = at.year === today.year && at.month === today.month && at.day === today.day;
  return sameDay ? time : `${at.month}月${at.day}日 ${time}`;
}

/** "请在 14:32 前完成支付，超时订单将自动取消" */
export function onlineDeadlineText(iso: string, now: Date = new Date()): string {
  return `请在 ${deadlineClockText(iso, now)} 前完成支付，超时订单将自动取消`;
}

/**
 * A transfer deadline is the end of a working day (00:00 China of the next day): worded as
 * "2026年10月13日 24:00" so the buyer reads the last day they can still transfer.
 */
export function transferDeadlineDateText(iso: string): string {
  const at = new Date(iso);
  const parts = chinaParts(at);
  if (parts.hour === '00' && parts.minute === '00') {
    const day = chinaParts(new Date(at.getTime() - 60_000));
    return `${day.year}年${day.month}月${day.day}日 24:00`;
  }
  return `${parts.year}年${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
}

/** "请于 2026年10月13日 24:00 前完成转账，逾期订单将自动取消" */
export function transferDeadlineText(iso: string): string {
  return `请于 ${transferDeadlineDateText(iso)} 前完成转账，逾期订单将自动取消`;
}

/** Milliseconds left → "29:41" or "1:02:03"; 0 once passed. */
export function remainingText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
