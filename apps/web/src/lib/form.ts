import type { FormInstance, FormRule as Rule } from 'antd';
import { isApiError } from '@/lib/api-client';

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

/** Formats an ISO time as "2025-01-31 14:05" in the browser's zone; '—' when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}
