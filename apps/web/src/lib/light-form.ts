import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';

/** Anything with zod's safeParse: the contract's field schemas. */
export interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

type Values<K extends string> = Record<K, string>;
type Check<K extends string> = (value: string, values: Values<K>) => string | undefined;

export interface LightFormOptions<K extends string> {
  /** Prefixes the input ids (`${name}_${field}`, as antd's Form names them); one per mounted form. */
  name: string;
  /** Every field, in the order they are shown: the first invalid one takes the focus on submit. */
  initialValues: Values<K>;
  /**
   * The contract's schemas of the fields, so the form shows exactly the message the server would
   * answer with (spec §5). Loaded with import() at the first check: zod is not part of the page.
   */
  schemas?: () => Promise<Partial<Record<K, ParsableSchema>>>;
  /** The form's own checks (a confirmation equal to its original), run before the schema. */
  checks?: Partial<Record<K, Check<K>>>;
  /** Fields checked again when this one changes, once they have been checked. */
  dependents?: Partial<Record<K, K[]>>;
  onSubmit: (values: Values<K>) => Promise<void> | void;
}

/** What a TextField needs from the form to show and edit one field. */
export interface LightFieldProps {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

/**
 * A form of text fields without the component library. A field is checked when it loses focus
 * after an edit and on every change after that; submitting checks them all, focuses the first
 * invalid one, and sends the values only when none is. The server's field errors
 * (`data.fields`) go on the fields with `showServerErrors`.
 */
export function useLightForm<K extends string>(options: LightFormOptions<K>) {
  const { name: formName, initialValues, schemas, checks, dependents, onSubmit } = options;
  const names = Object.keys(initialValues) as K[];
  const [values, setValues] = useState<Values<K>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const latest = useRef(values);
  const checked = useRef(new Set<K>());
  const elements = useRef(new Map<K, HTMLInputElement | HTMLTextAreaElement>());
  const loaded = useRef<Promise<Partial<Record<K, ParsableSchema>>> | null>(null);
  const submitting = useRef(false);

  const loadSchemas = () => {
    if (!schemas) return Promise.resolve({} as Partial<Record<K, ParsableSchema>>);
    // offline, the server still checks what is sent: the form goes without its schemas
    loaded.current ??= schemas().catch(() => {
      loaded.current = null;
      return {};
    });
    return loaded.current;
  };

  const messageOf = async (name: K, all: Values<K>): Promise<string | undefined> => {
    const own = checks?.[name]?.(all[name], all);
    if (own) return own;
    const schema = (await loadSchemas())[name];
    if (!schema) return undefined;
    const result = schema.safeParse(all[name]);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? '格式不正确');
  };

  const validate = async (name: K) => {
    checked.current.add(name);
    const all = latest.current;
    const message = await messageOf(name, all);
    // a later edit has its own check under way
    if (latest.current[name] !== all[name]) return;
    setErrors((current) => ({ ...current, [name]: message }));
  };

  const focus = (name: K) => elements.current.get(name)?.focus();

  const field = (name: K): LightFieldProps => ({
    id: `${formName}_${name}`,
    name,
    value: values[name],
    error: errors[name],
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: (event) => {
      latest.current = { ...latest.current, [name]: event.target.value };
      setValues(latest.current);
      if (checked.current.has(name)) void validate(name);
      for (const other of dependents?.[name] ?? []) if (checked.current.has(other)) void validate(other);
    },
    onBlur: () => {
      if (latest.current[name] !== initialValues[name] || checked.current.has(name)) void validate(name);
    },
  });

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      const all = latest.current;
      const messages = await Promise.all(names.map((name) => messageOf(name, all)));
      for (const name of names) checked.current.add(name);
      setErrors(Object.fromEntries(names.map((name, i) => [name, messages[i]])) as Partial<Record<K, string>>);
      const firstInvalid = names.find((_, i) => messages[i]);
      if (firstInvalid) {
        focus(firstInvalid);
        return;
      }
      await onSubmit(all);
    } finally {
      submitting.current = false;
    }
  };

  /** Puts the server's field errors (`data.fields`) on the matching fields; true when it did. */
  const showServerErrors = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const known = error.fields.filter((f): f is typeof f & { path: K } => (names as string[]).includes(f.path));
    if (known.length === 0) return false;
    setErrors((current) => ({ ...current, ...Object.fromEntries(known.map((f) => [f.path, f.message])) }));
    const first = names.find((name) => known.some((f) => f.path === name));
    if (first) focus(first);
    return true;
  };

  return { values, errors, field, handleSubmit, showServerErrors };
}
