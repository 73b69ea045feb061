import { Validator } from '@seriousme/openapi-schema-validator';
import {
  API_DOC_PATHS,
  API_PREFIX,
  ErrorCode,
  ORDER_PATHS,
  USER_API,
  ADMIN_ORDER_API,
  ADMIN_INVOICE_API,
  ADMIN_EXPORT_PATHS,
  MATERIAL_API,
  DEV_API,
} from '@gemstock/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { buildOpenApiDocument } from '../../src/ops/openapi/openapi-document.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary?: string;
  tags: string[];
  security?: Json[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response | { $ref: string }>;
  'x-roles'?: string[];
}
interface Response {
  content?: Record<string, { schema: Json }>;
  description: string;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Response>; securitySchemes: Json };
}

/** `/api/order/:id` → `/api/order/{id}` (the document's form of a path). */
const documentPath = (url: string) => url.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, '{$1}');

/** `GET /api/…` for every route under /api the app registered (HEAD is GET's shadow). */
function apiRoutesOf(routes: readonly RouteOptions[]): string[] {
  const found = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith(`${API_PREFIX}/`)) continue;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') found.add(`${method} ${documentPath(route.url)}`);
    }
  }
  return [...found].sort();
}

function operationsOf(doc: Document): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** An operation's answer for a status, its shared answer when it refers to one. */
let answerOf: (op: Operation, status: string) => Response;

const missingFrom = (doc: Document, routes: readonly string[]) => routes.filter((r) => !operationsOf(doc).includes(r));

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: Document;

  beforeAll(async () => {
    t = await buildTestApp({}, { onRoute: (route) => routes.push(route) });
    const res = await t.app.inject({ method: 'GET', url: API_DOC_PATHS.openapi });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    answerOf = (op, status) => {
      const answer = op.responses[status]!;
      return '$ref' in answer ? doc.components.responses[answer.$ref.split('/').pop()!]! : answer;
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('is public JSON that validates as OpenAPI 3.1', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_DOC_PATHS.openapi });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('points every $ref at a component that exists', () => {
    const refs = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (k === '$ref' && typeof v === 'string') refs.add(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, , kind, name] = ref.split('/');
      expect(ref, ref).toMatch(/^#\/components\/(schemas|responses)\//);
      expect(doc.components[kind as 'schemas' | 'responses'][name!], ref).toBeDefined();
    }
  });

  it('describes every route registered under /api, and no route the app does not have', () => {
    const registered = apiRoutesOf(routes);
    expect(registered.length).toBeGreaterThan(150);
    expect(missingFrom(doc, registered)).toEqual([]);
    expect(operationsOf(doc).filter((op) => !registered.includes(op))).toEqual([]);
  });

  it('reports a registered route the document lacks (the check above is not vacuous)', () => {
    const extra = [...apiRoutesOf(routes), 'POST /api/order/{id}/not_described'];
    expect(missingFrom(doc, extra)).toEqual(['POST /api/order/{id}/not_described']);
  });

  it('lists the dev outbox only where the server serves it', async () => {
    const served = routes.some((r) => r.url === DEV_API.outbox.path);
    expect(Boolean(doc.paths[DEV_API.outbox.path])).toBe(served);
    expect(buildOpenApiDocument({ devOutbox: false }).paths[DEV_API.outbox.path]).toBeUndefined();
  });

  it('answers a strong ETag, the same each time, and 304 when it is sent back', async () => {
    const first = await t.app.inject({ method: 'GET', url: API_DOC_PATHS.openapi });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url: API_DOC_PATHS.openapi });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const cached = await t.app.inject({
      method: 'GET',
      url: API_DOC_PATHS.openapi,
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: API_DOC_PATHS.openapi,
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("describes an endpoint from its contract object: summary, tag, parameters, body and the envelope's data", () => {
    const op = doc.paths[documentPath(USER_API.updateSubUser.path)]!.put!;
    expect(op.operationId).toBe('USER_API.updateSubUser');
    expect(op.summary).toBe(USER_API.updateSubUser.summary);
    expect(op.tags[0]).toContain('账号与登录');
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(op.requestBody!.content['application/json']).toBeDefined();
    const ok = answerOf(op, '200').content!['application/json']!.schema as {
      properties: { code: Json; data: Json; message: Json };
    };
    expect(ok.properties.code).toEqual({ type: 'integer', const: 0 });
    expect(ok.properties.data).toMatchObject({ type: 'object' });
  });

  it('names who may call: a bearer token by access level, with the errors of the guard', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      buyerToken: { type: 'http', scheme: 'bearer' },
      operatorToken: { type: 'http', scheme: 'bearer' },
    });
    const codesAt = (op: Operation, status: string) =>
      (
        (answerOf(op, status).content!['application/json']!.schema.allOf as Json[])[1] as {
          properties: { code: { enum: number[] } };
        }
      ).properties.code.enum;

    const mainOnly = doc.paths[documentPath(USER_API.updateSubUser.path)]!.put!;
    expect(mainOnly.security).toEqual([{ buyerToken: [] }]);
    expect(codesAt(mainOnly, '401')).toEqual([
      ErrorCode.AUTH_REQUIRED.code,
      ErrorCode.TOKEN_INVALID.code,
      ErrorCode.TOKEN_EXPIRED.code,
    ]);
    expect(codesAt(mainOnly, '403')).toEqual([ErrorCode.MAIN_ACCOUNT_ONLY.code]);
    expect(codesAt(mainOnly, '400')).toEqual([ErrorCode.VALIDATION.code, ErrorCode.MALFORMED_BODY.code]);

    const search = doc.paths[documentPath(MATERIAL_API.search.path)]!.get!;
    expect(search.security).toContainEqual({});
    expect(search.responses['403']).toBeUndefined();

    const confirm = doc.paths[documentPath(ADMIN_ORDER_API.confirmTransfer.path)]!.post!;
    expect(confirm.security).toEqual([{ operatorToken: [] }]);
    expect(confirm['x-roles']).toEqual(['管理员', '财务']);
    expect(codesAt(confirm, '403')).toEqual([ErrorCode.OPERATOR_ROLE_FORBIDDEN.code]);

    const invoices = doc.paths[documentPath(ADMIN_INVOICE_API.list.path)]!.get!;
    expect(invoices.parameters!.every((p) => p.in === 'query')).toBe(true);
  });

  it('carries the error catalogue as a component the error answers name', () => {
    const catalogue = doc.components.schemas.ErrorCode as { oneOf: { const: number; description: string }[] };
    expect(catalogue.oneOf).toContainEqual(
      expect.objectContaining({
        const: ErrorCode.AUTH_REQUIRED.code,
        description: expect.stringContaining('请先登录'),
      }),
    );
    expect(catalogue.oneOf.length).toBe(Object.keys(ErrorCode).length);
    const envelope = doc.components.schemas.ErrorEnvelope as { properties: { code: Json } };
    expect(envelope.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
  });

  it('describes the paths outside the endpoint objects by their content types', () => {
    const certificate = doc.paths[documentPath(ORDER_PATHS.certificate)]!.get!;
    expect(Object.keys(answerOf(certificate, '200').content!)).toEqual(['application/pdf']);
    expect(certificate.security).toEqual([{ buyerToken: [] }]);
    const csv = doc.paths[ADMIN_EXPORT_PATHS.orders]!.get!;
    expect(Object.keys(answerOf(csv, '200').content!)[0]).toMatch(/^text\/csv/);
    expect(csv.parameters!.map((p) => p.name)).not.toContain('cursor');
  });
});
