import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';
import type { AnyEndpoint } from '../src/endpoint.js';
import { ROUTES_DIR, renderRoutes } from '../scripts/generate-routes.js';

const exported = contract as unknown as Record<string, Record<string, unknown>>;
const groups = Object.keys(contract).filter((name) => name.endsWith('_API'));

describe('the route table', () => {
  it('has one entry per endpoint object, with its method, path, access and roles', () => {
    expect(groups.length).toBeGreaterThan(20);
    for (const group of groups) {
      const routesName = group.replace(/_API$/, '_ROUTES');
      const routes = exported[routesName];
      expect(routes, `${routesName} is missing: run npm run contract:routes`).toBeDefined();
      const endpoints = exported[group] as Record<string, AnyEndpoint>;
      expect(Object.keys(routes!).sort(), routesName).toEqual(Object.keys(endpoints).sort());
      for (const [key, endpoint] of Object.entries(endpoints)) {
        expect(routes![key], `${routesName}.${key}`).toEqual({
          method: endpoint.method,
          path: endpoint.path,
          access: endpoint.access,
          ...(endpoint.roles ? { roles: endpoint.roles } : {}),
        });
      }
    }
  });

  it('has no group the endpoint objects lack', () => {
    const tables = Object.keys(contract).filter((name) => name.endsWith('_ROUTES'));
    expect(tables.sort()).toEqual(groups.map((group) => group.replace(/_API$/, '_ROUTES')).sort());
  });

  it('is what the generator writes, file for file (npm run contract:routes)', async () => {
    const expected = await renderRoutes();
    expect(readdirSync(ROUTES_DIR).sort()).toEqual([...expected.keys()].map((f) => basename(f)).sort());
    for (const [file, text] of expected) expect(readFileSync(file, 'utf8'), file).toBe(text);
  });

  it('imports nothing at run time, so a page that calls through it loads no schema', () => {
    for (const file of readdirSync(ROUTES_DIR)) {
      const imports = readFileSync(join(ROUTES_DIR, file), 'utf8')
        .split('\n')
        .filter((line) => /^import\b/.test(line));
      for (const line of imports) expect(line, file).toMatch(/^import type \{/);
    }
  });
});

describe('the paths outside the endpoints', () => {
  it('live in a module that imports nothing', () => {
    const text = readFileSync(new URL('../src/paths.ts', import.meta.url), 'utf8');
    expect(text).not.toMatch(/^import\b/m);
  });
});
