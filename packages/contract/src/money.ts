/**
 * Money is integer cents everywhere. This is the one place that turns cents into yuan.
 */

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A whole number with thousands separators ("10,000"), as zh-CN writes it. Built from the digits
 * rather than with Intl: the first Intl formatter a page creates loads locale data for tens of
 * milliseconds, on a phone's main thread, while the page is starting.
 */
export function groupThousands(value: number): string {
  const whole = Math.trunc(value);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(THOUSANDS, ',')}`;
}

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
  const digits = String(Math.abs(Math.round(cents))).padStart(3, '0');
  return `${sign}¥${digits.slice(0, -2).replace(THOUSANDS, ',')}.${digits.slice(-2)}`;
}

/** Whole yuan → cents, for constants and operator input given in yuan. */
export function yuanToCents(yuan: number): number {
  return Math.round(yuan * 100);
}

/**
 * Cents → a plain decimal yuan string with exactly two decimals ("12.34", "0.05"), as payment
 * gateways want amounts (Alipay's total_amount). Built from the integer digits, never through a
 * float, so no amount is ever off by a cent.
 */
export function centsToYuanString(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a non-negative cent amount: ${cents}`);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const YUAN_STRING = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/**
 * A decimal yuan string from a gateway ("12.34", "12.3", "12") → cents, or null when it is not
 * a plain non-negative amount with at most two decimals. Parsed from the digits, never a float.
 */
export function yuanStringToCents(value: string): number | null {
  const match = YUAN_STRING.exec(value);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
