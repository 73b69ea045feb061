import { z as zod } from 'zod';
import type { $ZodStringParams } from 'zod/v4/core';
import { MESSAGES } from './messages.js';

/**
 * zod, with one change: every `z.string()` of the contract refuses ill-formed text — a lone
 * surrogate ("\ud800", half of an emoji cut in two) is no character: it cannot be stored, printed
 * on an invoice or certificate, or sent on in a mail, and a database or driver meets it with an
 * error. Being refused here, every text field of every endpoint answers 400 with a Chinese
 * message, with no field left out and no per-field rule to forget (test/text-fields.test.ts walks
 * every endpoint's schemas). zod-locale.ts hands this module out as `z`.
 */
export * from 'zod';

/** Whether `value` is well-formed UTF-16: every surrogate is one half of a pair. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** zod's `string`, refusing ill-formed text before any other rule of the field (`abort`). */
export function string(params?: string | $ZodStringParams): zod.ZodString {
  return zod.string(params).refine(isWellFormedText, { error: MESSAGES.illFormedText, abort: true });
}
