import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';
import { MESSAGES } from '../src/messages.js';
import { isWellFormedText } from '../src/zod-text.js';
import type { z } from '../src/zod-locale.js';

/**
 * Ill-formed text (a lone surrogate: half of an emoji) is refused by every text field of every
 * endpoint, in the contract, so that no endpoint can take it in and fail on it later (a 500).
 */

interface Endpoint {
  method: string;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every endpoint the contract declares (the values of every `…_API` object). */
const ENDPOINTS: Endpoint[] = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('_API') && typeof value === 'object' && value !== null)
  .flatMap(([, api]) => Object.values(api as object).filter(isEndpoint));

/** A text field; `format` for zod's own formats (an ISO time), refused by their pattern instead. */
interface TextField {
  path: string;
  schema: z.ZodType;
  format: string | null;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The string schemas inside `schema`, with where they sit, through every wrapper zod has. */
function stringLeaves(schema: unknown, path: string, out: TextField[] = [], seen = new Set()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, at: string) => stringLeaves(child, at, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ path, schema: schema as z.ZodType, format: typeof def.format === 'string' ? def.format : null });
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, `${path}.${key}`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${path}|${i}`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      break;
    case 'pipe':
      walk(def.in, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), path);
      break;
    default:
      break;
  }
  return out;
}

const TEXT_FIELDS = ENDPOINTS.flatMap((endpoint) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    endpoint[part] ? stringLeaves(endpoint[part], `${endpoint.method} ${endpoint.path} ${part}`) : [],
  ),
);

/** Text with at least one lone surrogate somewhere in it. */
const illFormed = fc
  .tuple(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  )
  .map(([before, surrogate, after]) => `${before}${String.fromCharCode(surrogate)}${after}`)
  .filter((text) => !isWellFormedText(text));

describe('text fields refuse ill-formed Unicode', () => {
  it('finds the text fields of every endpoint', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(90);
    expect(TEXT_FIELDS.length).toBeGreaterThan(100);
    expect(TEXT_FIELDS.map((f) => f.path)).toContain('PATCH /api/admin/coupons/:sid body.name');
  });

  it('every text field of every endpoint refuses text holding a lone surrogate, with the Chinese message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEXT_FIELDS), illFormed, (field, text) => {
        const result = field.schema.safeParse(text);
        expect(result.success, `${field.path} took ${JSON.stringify(text)}`).toBe(false);
        if (!field.format) expect(result.error?.issues[0]?.message, field.path).toBe(MESSAGES.illFormedText);
      }),
      { numRuns: 2000 },
    );
  });

  it('each text field is checked, not one by chance', () => {
    for (const field of TEXT_FIELDS.filter((f) => !f.format)) {
      const result = field.schema.safeParse('\ud800');
      expect(result.error?.issues[0]?.message, field.path).toBe(MESSAGES.illFormedText);
    }
  });

  it('takes whole emoji and any well-formed text', () => {
    expect(isWellFormedText('满减🎁券')).toBe(true);
    expect(isWellFormedText('\ud83c\udf81')).toBe(true);
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => isWellFormedText(text)));
    expect(isWellFormedText('\ud83c')).toBe(false);
    expect(isWellFormedText('\udf81a')).toBe(false);
  });
});
