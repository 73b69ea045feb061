import { type AnyEndpoint, endpointUrl, MATERIAL_API, USER_API } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { nextIp, registerBuyer, type Buyer } from '../helpers/accounts.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type ApiResult, type TestApp } from '../helpers/test-app.js';
import { contractEndpoints } from '../helpers/contract-endpoints.js';
import { tableContents } from '../helpers/tables.js';

/*
 * Every endpoint of the contract, sent what its schemas refuse — by its own caller (a buyer's main
 * account, an operator who is 管理员) so the request gets past the guard to the parsing and the
 * handler. Whatever the input, the answer is the envelope: never a 500, never a stack trace, and
 * a refusal says why in Chinese. Where every such call of an endpoint is refused, every table's
 * contents are as they were before them.
 */

const CHINESE = /[\u4e00-\u9fa5]/;

/** The field names of an object schema, through the wrappers zod puts around one (pipe, optional, default). */
function fieldsOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current._zod?.def;
    current = (def?.in ?? def?.innerType ?? def?.schema) as typeof current;
  }
  return [];
}

/** Values of every wrong kind: types, sizes and shapes a schema must refuse or take as they are. */
const WRONG_VALUES: unknown[] = [
  null,
  '',
  'x'.repeat(20_000),
  -1,
  1.5,
  1e308,
  true,
  [],
  [{}],
  {},
  { nested: { deeper: ['x'] } },
  '😀\u0000\u202e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
];

const WRONG_PATH_VALUES = ['nosuchsid0000000', '-1', '0', 'x'.repeat(300), '%00', '😀', '..%2F..%2Fetc', ' '];

const WRONG_QUERY_VALUES = ['', 'abc', '-1', '1.5', '1e309', 'x'.repeat(5_000), '😀', '[]', '{"a":1}'];

/** JSON bodies for an endpoint: not an object at all, a prototype's keys, and every field of one wrong kind. */
function wrongBodies(endpoint: AnyEndpoint): string[] {
  const bodies = ['[]', '"text"', '42', 'null', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'];
  const fields = fieldsOf(endpoint.body);
  for (const value of WRONG_VALUES) bodies.push(JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))));
  return bodies;
}

function wrongQueries(endpoint: AnyEndpoint): Record<string, string>[] {
  const fields = [...fieldsOf(endpoint.query), 'page', 'page_size', 'cursor', 'unknown_field'];
  return WRONG_QUERY_VALUES.map((value) => Object.fromEntries(fields.map((f) => [f, value])));
}

function pathWith(endpoint: AnyEndpoint, value: string): string {
  return endpoint.path.replace(/:[A-Za-z]+/g, value.includes('%') ? value : encodeURIComponent(value));
}

describe('every route, sent what it refuses', () => {
  let t: TestApp;
  let buyer: Buyer;
  let operator: TestOperator;
  const registered: { method: string; url: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push({ method, url: route.url });
        },
      },
    );
    buyer = await registerBuyer(t);
    operator = await createTestOperator(t, '探测运营');
  });
  afterAll(async () => t.close());

  /** The caller an endpoint's guard lets through; its token again if a call (a sign-out) ended it. */
  async function tokenFor(endpoint: AnyEndpoint): Promise<string | undefined> {
    if (endpoint.access === 'operator') return operator.token;
    if (endpoint.access === 'public') return undefined;
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    if (me.code !== 0) buyer = await registerBuyer(t);
    return buyer.token;
  }

  function expectAnswer(endpoint: AnyEndpoint, sent: string, res: ApiResult<unknown>) {
    const where = `${endpoint.method} ${endpoint.path} ← ${sent.slice(0, 160)}`;
    expect(res.status, `${where}: ${res.raw.slice(0, 300)}`).toBeLessThan(500);
    expect(res.raw, where).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
    if (res.status >= 400) {
      expect(typeof res.code === 'number' && res.code > 0, `${where}: ${res.raw.slice(0, 300)}`).toBe(true);
      expect(res.message, `${where}: ${res.raw.slice(0, 300)}`).toMatch(CHINESE);
    }
  }

  const endpoints = contractEndpoints();

  it('finds the contract’s endpoints (the sweep below is not vacuous)', () => {
    expect(endpoints.length).toBeGreaterThan(150);
    expect(endpoints.some((e) => e.access === 'operator')).toBe(true);
    expect(endpoints.some((e) => e.body !== undefined)).toBe(true);
  });

  it('answers a path parameter longer than any id with 404 in the envelope, as a sid nobody has', async () => {
    const url = endpointUrl(MATERIAL_API.detail, { params: { id: 'x'.repeat(300) } });
    const res = await t.call({ method: 'GET', url });
    expect([res.status, res.code, res.message]).toEqual([404, 1004, '请求的资源不存在']);
  });

  it('answers a path whose %-escapes do not decode with 400 in the envelope', async () => {
    const url = endpointUrl(MATERIAL_API.detail, { params: { id: 'ID' } }).replace(/ID$/, '%E0%A4%A');
    const res = await t.call({ method: 'GET', url });
    expect([res.status, res.code, res.message]).toEqual([400, 1001, '请求地址格式不正确']);
  });

  it('answers a page address that does not decode in the envelope where no web app is served', async () => {
    const res = await t.call({ method: 'GET', url: '/detail/%E0%A4%A' });
    expect([res.status, res.code, res.message]).toEqual([400, 1001, '请求地址格式不正确']);
  });

  it('answers every wrong path parameter, query and body with the envelope, never a 500, and a refusal changes nothing', async () => {
    let sent = 0;
    let unchangedChecked = 0;
    for (const endpoint of endpoints) {
      // Once an endpoint, before its snapshot: after a sign-out among its calls, the rest answer
      // 401, which is still an answer to check.
      const token = await tokenFor(endpoint);
      const before = await tableContents(t);
      let allRefused = true;
      const expectEnvelope = (sentWhat: string, res: ApiResult<unknown>) => {
        expectAnswer(endpoint, sentWhat, res);
        if (res.code === 0) allRefused = false;
      };
      const hasParams = endpoint.path.includes(':');
      const paths = hasParams ? WRONG_PATH_VALUES.map((v) => pathWith(endpoint, v)) : [endpoint.path];
      const validPath = pathWith(endpoint, 'nosuchsid0000000');
      for (const url of paths) {
        const res = await t.call({
          method: endpoint.method,
          url,
          token,
          remoteAddress: nextIp(),
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
        });
        expectEnvelope(url, res);
        sent += 1;
      }
      if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
        for (const query of wrongQueries(endpoint)) {
          const res = await t.call({ method: endpoint.method, url: validPath, query, token, remoteAddress: nextIp() });
          expectEnvelope(JSON.stringify(query), res);
          sent += 1;
        }
      } else {
        for (const payload of wrongBodies(endpoint)) {
          const res = await t.call({
            method: endpoint.method,
            url: validPath,
            token,
            remoteAddress: nextIp(),
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expectEnvelope(payload, res);
          sent += 1;
        }
      }
      if (allRefused) {
        expect(await tableContents(t), `${endpoint.method} ${endpoint.path}`).toEqual(before);
        unchangedChecked += 1;
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(unchangedChecked).toBeGreaterThan(100);
  }, 600_000);

  it('answers the hand-written routes (uploads, files, pages, gateways) sent junk without a 500', async () => {
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    const handWritten = registered.filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !declared.has(`${r.method} ${r.url}`) && !r.url.includes('*'),
    );
    expect(handWritten.length).toBeGreaterThan(10);
    const bodies: { headers: Record<string, string>; payload: string }[] = [
      { headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      { headers: { 'content-type': 'application/json' }, payload: '[null, 1e308, "😀"]' },
      { headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(10_000) },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\njunk\r\n--zz',
      },
      { headers: { 'content-type': 'application/xml' }, payload: '<xml><a>1</a>' },
    ];
    let sent = 0;
    for (const route of handWritten) {
      for (const value of WRONG_PATH_VALUES.slice(0, 5)) {
        const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(value));
        for (const token of [undefined, buyer.token, operator.token]) {
          const requests = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies;
          for (const body of requests) {
            const res = await t.call({
              method: route.method as 'GET',
              url,
              token,
              remoteAddress: nextIp(),
              ...(body ?? {}),
            });
            const where = `${route.method} ${route.url} ← ${url.slice(0, 120)} ${body?.payload.slice(0, 60) ?? ''}`;
            expect(res.status, `${where}: ${res.raw.slice(0, 300)}`).toBeLessThan(500);
            expect(res.raw, where).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
            sent += 1;
          }
        }
        if (!route.url.includes(':')) break;
      }
    }
    expect(sent).toBeGreaterThan(100);
  }, 600_000);
});
