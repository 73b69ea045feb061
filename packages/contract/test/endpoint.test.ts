import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';
import { ENDPOINT_ACCESS, endpointUrl, fillPath, withQuery } from '../src/endpoint.js';
import { MATERIAL_API } from '../src/api/material.js';
import { USER_API } from '../src/api/user.js';

describe('endpoint paths', () => {
  it('fills every parameter, URI-encoded', () => {
    expect(fillPath('/api/order/:id/certificate/:materialSid', { id: 'a b', materialSid: 'x/y' })).toBe(
      '/api/order/a%20b/certificate/x%2Fy',
    );
    expect(endpointUrl(USER_API.setSubUserEnabled, { params: { id: 'abc' } })).toBe('/api/user/sub_user/abc/enabled');
  });

  it('refuses a missing parameter rather than sending ":id"', () => {
    expect(() => fillPath('/api/material/:id', {})).toThrow(/id/);
  });

  it('leaves out absent and empty query values and repeats arrays', () => {
    expect(withQuery('/api/material', { keyword: '钻戒', page: 2, format: '', seed: undefined, sort: null })).toBe(
      '/api/material?keyword=%E9%92%BB%E6%88%92&page=2',
    );
    expect(withQuery('/x', { a: [1, 2] })).toBe('/x?a=1&a=2');
    expect(withQuery('/x?b=1', { a: 1 })).toBe('/x?b=1&a=1');
    expect(endpointUrl(MATERIAL_API.freeDownload, { params: { id: 'm1' }, query: { agree: '1' } })).toBe(
      '/api/material/m1/free_download?agree=1',
    );
  });
});

describe('declared endpoints', () => {
  const endpoints = Object.entries(contract)
    .filter(([name]) => name.endsWith('_API'))
    .flatMap(([group, value]) =>
      Object.entries(value as Record<string, contract.AnyEndpoint>).map(([key, e]) => ({ name: `${group}.${key}`, e })),
    );

  it('are many, each under /api with a known access', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    for (const { name, e } of endpoints) {
      expect(e.path, name).toMatch(/^\/api\//);
      expect(ENDPOINT_ACCESS, name).toContain(e.access);
    }
  });

  it('never declare one method and path twice', () => {
    const keys = endpoints.map(({ e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give a params schema exactly when the path has parameters, with the same names', () => {
    for (const { name, e } of endpoints) {
      const names = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const shape = (e.params as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(Object.keys(shape ?? {}).sort(), name).toEqual(names);
    }
  });

  it('take no body on GET', () => {
    for (const { name, e } of endpoints) if (e.method === 'GET') expect(e.body, name).toBeUndefined();
  });
});
