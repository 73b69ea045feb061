import { CHINA_OFFSET_MS, chinaClockOf } from '@gemstock/contract';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The console's date pickers read and write China's wall clock, whatever the operator's browser
 * zone: a free period or a coupon's validity is shown to buyers in China time (decision 0011),
 * so "until 12-24 23:59" must mean that in China. antd's pickers work on a dayjs in the
 * browser's zone; these two convert at the form's edges.
 */

/** An instant as a dayjs whose reading is China's wall clock at that instant: for a picker. */
export function chinaWallDayjs(at: Date | string): Dayjs {
  const c = chinaClockOf(new Date(at));
  return dayjs(new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
}

/** A picked wall-clock reading taken as China's: the instant to send, as ISO. */
export function chinaInstantOf(picked: Dayjs): string {
  const utc = Date.UTC(
    picked.year(),
    picked.month(),
    picked.date(),
    picked.hour(),
    picked.minute(),
    picked.second(),
    picked.millisecond(),
  );
  return new Date(utc - CHINA_OFFSET_MS).toISOString();
}
