import { describe, expect, it } from 'vitest';
import { freeUntilText } from '@/lib/free-period';

describe('freeUntilText', () => {
  it('writes the end of a free window in local time as year/month/day hour:minute', () => {
    const local = new Date(2026, 11, 9, 6, 5);
    expect(freeUntilText(local.toISOString())).toBe('2026/12/09 06:05');
  });

  it('writes midnight as 00, not 24', () => {
    expect(freeUntilText(new Date(2027, 0, 1, 0, 0).toISOString())).toBe('2027/01/01 00:00');
  });

  it('is empty for a time it cannot read', () => {
    expect(freeUntilText('not a time')).toBe('');
  });
});
