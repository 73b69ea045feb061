import { describe, expect, it } from 'vitest';
import { chinaClockOf, chinaDateOf } from '../src/china-time.js';

describe('China time', () => {
  it('reads an instant on a clock in China: UTC+8, no daylight saving', () => {
    expect(chinaClockOf(new Date('2026-12-31T16:00:00Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
    // the middle of a northern summer reads eight hours on too
    expect(chinaClockOf(new Date('2026-07-01T03:04:05Z'))).toMatchObject({ month: 7, day: 1, hour: 11, minute: 4 });
  });

  it('dates an instant by the China calendar day', () => {
    expect(chinaDateOf(new Date('2026-02-27T15:59:59Z'))).toBe('2026-02-27');
    expect(chinaDateOf(new Date('2026-02-27T16:00:00Z'))).toBe('2026-02-28');
  });
});
