import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToYuan, formatYuan, groupThousands, isCents, yuanToCents } from '../src/money.js';

describe('money', () => {
  it('formats cents as yuan with the yen sign and thousands separators', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(29_800)).toBe('¥298.00');
    expect(formatYuan(123_456_789)).toBe('¥1,234,567.89');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(-1_200)).toBe('-¥12.00');
  });

  it('writes every amount as zh-CN number formatting does, without a float on the way', () => {
    const zhCN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (cents) => {
        const expected = `${cents < 0 ? '-' : ''}¥${zhCN.format(Math.abs(cents) / 100)}`;
        return formatYuan(cents) === expected;
      }),
    );
  });

  it('groups whole numbers by thousands', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(10_000)).toBe('10,000');
    expect(groupThousands(1_234_567)).toBe('1,234,567');
    expect(groupThousands(-4_500)).toBe('-4,500');
  });

  it('divides by 100 and keeps two decimals', () => {
    expect(centsToYuan(69_900)).toBe(699);
    expect(centsToYuan(1)).toBe(0.01);
  });

  it('round-trips whole cents through yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => yuanToCents(centsToYuan(cents)) === cents),
    );
  });

  it('recognises integer cents only', () => {
    expect(isCents(100)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents('100')).toBe(false);
  });
});
