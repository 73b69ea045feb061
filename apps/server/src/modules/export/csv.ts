import { CHINA_OFFSET_MS, centsToYuanString } from '@gemstock/contract';

/** Excel reads a UTF-8 file as UTF-8 (not the system's GBK) only when it starts with this. */
export const UTF8_BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula (=, +, -, @, and the tab and return some read first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text starting like a formula gets an apostrophe first, so Excel shows it rather
 * than running it (CSV injection: a buyer's company named `=HYPERLINK(…)`); a cell holding a
 * comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ended with CRLF as RFC 4180 and Excel write it. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Cents as yuan with two decimals ("1234.50", "-12.00"), from the integer digits, never through a
 * float. Written as a number (never prefixed): a negative amount is money, not a formula.
 */
export function yuan(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents < 0 ? `-${centsToYuanString(-cents)}` : centsToYuanString(cents);
}

/** An instant as China time, `2026-03-01 10:30:00`, as operators read the console. */
export function chinaTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 19)}`;
}
