import { describe, expect, it } from 'vitest';
import { freeUntilDayText, freeUntilText } from '@/lib/free-period';

describe('freeUntilText', () => {
  it('writes the end of a free window in China time as year/month/day hour:minute, whatever the zone', () => {
    expect(freeUntilText('2026-12-08T22:05:00Z')).toBe('2026/12/09 06:05');
  });

  it('writes China midnight as 00, not 24', () => {
    expect(freeUntilText('2026-12-31T16:00:00Z')).toBe('2027/01/01 00:00');
  });

  it('is empty for a time it cannot read', () => {
    expect(freeUntilText('not a time')).toBe('');
  });

  it('writes the China-time day alone for a narrow tile', () => {
    expect(freeUntilDayText('2026-12-08T22:05:00Z')).toBe('12/09');
    expect(freeUntilDayText('not a time')).toBe('');
  });
});
