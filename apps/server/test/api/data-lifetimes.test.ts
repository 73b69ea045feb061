import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableNames } from '../helpers/tables.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * Every table says how long its rows live (docs/operations.md, "Data lifetimes"): kept, bounded
 * by what it describes, or removed by a named pass. A table added without a lifetime fails here,
 * before a year of data finds it.
 */

const OPERATIONS = resolve(import.meta.dirname, '../../../../docs/operations.md');

function lifetimesSection(): string {
  const text = readFileSync(OPERATIONS, 'utf8');
  const start = text.indexOf('\n## Data lifetimes');
  expect(start).toBeGreaterThan(0);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('data lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('names every table of the schema with its lifetime in docs/operations.md', async () => {
    const tables = await tableNames(t);
    expect(tables.length).toBeGreaterThan(40);
    const section = lifetimesSection();
    expect(tables.filter((table) => !section.includes(`\`${table}\``))).toEqual([]);
  });
});
