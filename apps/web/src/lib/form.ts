import { MESSAGES } from '@gemstock/contract';
import type { FormInstance, FormRule as Rule } from 'antd';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from './date-time';

/** Anything with zod's safeParse: the contract's field schemas. */
interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd rule that validates with a contract schema, so the form shows exactly the message the
 * server would answer with (spec §5 messages live in the contract's MESSAGES).
 */
export function schemaRule(schema: ParsableSchema, options: { optional?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // an optional field left blank is sent as null and not validated
      if (options.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
    },
  };
}

/**
 * A text of at most `max` characters (UTF-16 units, as the server counts): a longer one stays in
 * the field and is refused with the limit named, never cut short as the native maxLength would
 * (decision 0050). The field shows antd's counter beside it: `count={{ show: true, max }}`.
 */
export function limitRule(max: number, label = '', message?: string): Rule {
  return { validator: async (_rule, value: unknown) => checkLength(value, max, label, message) };
}

/**
 * The same check for a field outside a Form (a controlled input): the message, or undefined.
 * `label` goes before the contract's 不能超过 N 个字符; `message`, the server's own words, replaces it.
 */
export function tooLongMessage(value: string, max: number, label = '', message?: string): string | undefined {
  if (value.length <= max) return undefined;
  return message ?? `${label}${MESSAGES.tooLong(max)}`;
}

function checkLength(value: unknown, max: number, label: string, message: string | undefined): void {
  const refusal = typeof value === 'string' ? tooLongMessage(value, max, label, message) : undefined;
  if (refusal) throw new Error(refusal);
}

/** Puts the server's field errors (`data.fields`) on the matching form fields. */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error) || error.fields.length === 0) return;
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const fields = error.fields.filter((f) => known.has(f.path)).map((f) => ({ name: f.path, errors: [f.message] }));
  if (fields.length > 0) form.setFields(fields);
}

// the lists that load no antd take it from ./date-time, without this module's form helpers
export { formatDateTime };

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}
