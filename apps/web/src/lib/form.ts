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
