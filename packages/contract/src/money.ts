/**
 * Money is integer cents everywhere. This is the one place that turns cents into yuan.
 */

const yuanFormatter = new Intl.NumberFormat('zh-CN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Cents → yuan as a number rounded to 2 decimals (for display only, never for arithmetic). */
export function centsToYuan(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → "¥1,234.00"; negative amounts as "-¥12.00". */
export function formatYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}¥${yuanFormatter.format(Math.abs(Math.round(cents)) / 100)}`;
}

/** Whole yuan → cents, for constants and operator input given in yuan. */
export function yuanToCents(yuan: number): number {
  return Math.round(yuan * 100);
}
