import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToYuanString, yuanStringToCents } from '../src/money.js';

describe('gateway yuan strings', () => {
  it('writes cents as a plain two-decimal yuan string', () => {
    expect(centsToYuanString(1234)).toBe('12.34');
    expect(centsToYuanString(5)).toBe('0.05');
    expect(centsToYuanString(0)).toBe('0.00');
    expect(centsToYuanString(69_900)).toBe('699.00');
    expect(centsToYuanString(123_456_789)).toBe('1234567.89');
  });

  it('refuses negative and fractional cents', () => {
    expect(() => centsToYuanString(-1)).toThrow(RangeError);
    expect(() => centsToYuanString(1.5)).toThrow(RangeError);
  });

  it('reads gateway amounts back to cents', () => {
    expect(yuanStringToCents('12.34')).toBe(1234);
    expect(yuanStringToCents('12.3')).toBe(1230);
    expect(yuanStringToCents('12')).toBe(1200);
    expect(yuanStringToCents('0.01')).toBe(1);
  });

  it('rejects anything that is not a plain amount', () => {
    for (const bad of ['', '-1.00', '1.234', '01.00', '1,000.00', ' 1.00', '1e3', '1.', '.5', 'NaN', '0x10']) {
      expect(yuanStringToCents(bad), bad).toBeNull();
    }
  });

  it('round-trips every cent amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), (cents) => {
        return yuanStringToCents(centsToYuanString(cents)) === cents;
      }),
    );
  });
});
