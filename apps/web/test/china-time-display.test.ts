import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/date-time';
import { freeUntilText } from '@/lib/free-period';
import { deadlineClockText } from '@/lib/pay-deadline';

/*
 * The server draws the first pages in its own zone and the browser takes them over in the
 * buyer's: a time that read differently in the two would not match the drawing (and the
 * marketplace's days are China's anyway). Node reads TZ afresh on each change.
 */
describe('times shown to a buyer read the same in every zone, in China time', () => {
  const zoneBefore = process.env.TZ;
  afterAll(() => {
    process.env.TZ = zoneBefore;
  });

  it.each(['UTC', 'Asia/Shanghai', 'America/Los_Angeles', 'Asia/Kolkata'])('with the clock in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatDateTime('2026-03-01T16:30:00Z')).toBe('2026-03-02 00:30');
    expect(freeUntilText('2026-03-01T16:30:00Z')).toBe('2026/03/02 00:30');
    expect(deadlineClockText('2026-03-01T16:30:00Z', new Date('2026-03-01T16:00:00Z'))).toBe('00:30');
    expect(deadlineClockText('2026-03-01T16:30:00Z', new Date('2026-03-01T15:00:00Z'))).toBe('3月2日 00:30');
  });
});
