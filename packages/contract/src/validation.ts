import { z } from './zod-locale.js';
import { CODE_LENGTH, MAX_LENGTH, MOBILE_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

export { MESSAGES };

export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The spec's rule is exactly 11 characters; we also require digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;

export function isValidMobile(value: string): boolean {
  return value.length === MOBILE_LENGTH && MOBILE_PATTERN.test(value);
}

export function isValidCode(value: string): boolean {
  return value.length === CODE_LENGTH && /^\d+$/.test(value);
}

export function balanceTooLowMessage(balanceText: string): string {
  return `当前余额${balanceText}，余额不足，请使用其他方式支付`;
}

/* zod field schemas used by request schemas; the messages are the same ones the forms show. */
export const zEmail = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(MAX_LENGTH.email, { error: MESSAGES.tooLong(MAX_LENGTH.email) })
  .regex(EMAIL_PATTERN, { error: MESSAGES.email })
  .transform((v) => v.toLowerCase());
export const zMobile = z.string({ error: MESSAGES.mobile }).trim().regex(MOBILE_PATTERN, { error: MESSAGES.mobile });
export const zPassword = z
  .string({ error: MESSAGES.password })
  .min(1, { error: MESSAGES.password })
  .max(MAX_LENGTH.password, { error: MESSAGES.tooLong(MAX_LENGTH.password) });
/** A password being set (register, reset, sub-account) must also meet the length rule. */
export const zNewPassword = z
  .string({ error: MESSAGES.newPassword })
  .min(1, { error: MESSAGES.newPassword })
  .min(MAX_LENGTH.passwordMin, { error: MESSAGES.passwordLength })
  .max(MAX_LENGTH.password, { error: MESSAGES.passwordLength });
export const zUsername = z
  .string({ error: MESSAGES.username })
  .trim()
  .min(1, { error: MESSAGES.username })
  .max(MAX_LENGTH.username, { error: MESSAGES.tooLong(MAX_LENGTH.username) })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: '用户名只能包含字母、数字、下划线、点和短横线' });
export const zCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: `验证码为 ${CODE_LENGTH} 位数字` });
/**
 * What a VAT invoice, and the licence certificate, can print in a name: Chinese characters,
 * letters and digits (half- or full-width), spaces and the punctuation company names use.
 * Emoji and other symbols are outside what the tax system prints, so a name holding one is
 * refused when it is typed rather than printed wrong on an invoice later.
 */
const INVOICE_PRINTABLE =
  /^[\p{Script=Han}A-Za-z0-9Ａ-Ｚａ-ｚ０-９ \u3000()（）·・.．,，、&＆'‘’"“”\-－—_/《》【】［］[\]]*$/u;

export function isInvoicePrintable(value: string): boolean {
  return INVOICE_PRINTABLE.test(value);
}

export const zCompanyName = z
  .string({ error: MESSAGES.company })
  .trim()
  .min(2, { error: MESSAGES.company })
  .max(MAX_LENGTH.company, { error: MESSAGES.companyTooLong })
  .refine(isInvoicePrintable, { error: MESSAGES.companyCharacters });
/** The 31 symbols of a unified social credit code (GB 32100-2015): no I, O, S, V or Z. */
const CREDIT_CODE_SYMBOLS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of each of the first 17 symbols: 3^i mod 31. */
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/**
 * A unified social credit code (统一社会信用代码) whose 18th symbol is the GB 32100-2015 check
 * digit of the first 17: 31 − (Σ value × weight mod 31), with 31 written as 0.
 */
export function isValidCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_SYMBOLS.indexOf(code[i]!);
    if (value < 0) return false;
    sum += value * CREDIT_CODE_WEIGHTS[i]!;
  }
  return code[17] === CREDIT_CODE_SYMBOLS[(31 - (sum % 31)) % 31];
}

/**
 * A company's taxpayer number: the 18-symbol unified social credit code, checked by its check
 * digit, or one of the older numbers tax offices still accept — 15 symbols (region + organisation
 * code) and 17 or 20 (identity-card based, for individual businesses). Decision 0013.
 */
export function isValidTaxpayerNumber(value: string): boolean {
  if (value.length === 18) return isValidCreditCode(value);
  return (value.length === 15 || value.length === 17 || value.length === 20) && /^[0-9A-Z]+$/.test(value);
}

export const zCompanyLicense = z
  .string({ error: MESSAGES.license })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().refine(isValidTaxpayerNumber, { error: (issue) => taxpayerNumberMessage(issue.input as string) }));

/**
 * Why a taxpayer number is refused: empty, a credit code whose check digit does not match (the
 * usual typo, worth saying so), or a length or symbol no taxpayer number has.
 */
export function taxpayerNumberMessage(value: string): string {
  if (value === '') return MESSAGES.license;
  if (value.length === 18 && [...value].every((c) => CREDIT_CODE_SYMBOLS.includes(c)))
    return MESSAGES.licenseCheckDigit;
  return MESSAGES.licenseFormat;
}
export const zCompanyAddress = z
  .string({ error: MESSAGES.address })
  .trim()
  .min(2, { error: MESSAGES.address })
  .max(MAX_LENGTH.address, { error: MESSAGES.tooLong(MAX_LENGTH.address) });
/**
 * An idempotency key the console makes once per confirmation (a random id): the same request
 * sent again, by a double click, a retry after a lost answer or a second tab, does its work once.
 */
export const zRequestKey = (message: string) =>
  z.string({ error: message }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: message });

export const zSid = z.string({ error: '编号格式不正确' }).regex(/^[a-z0-9]{8,32}$/, { error: '编号格式不正确' });
