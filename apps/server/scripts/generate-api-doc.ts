// Writes docs/api.md from the routes the server really registers and the contract schemas they
// validate with, so the reference cannot drift from the code. A route registered from a contract
// endpoint (plugins/route.ts) carries it: its declared access is checked against what the server
// answers, and its name and summary are listed. Run: npm run docs:api
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RouteOptions } from 'fastify';
import * as contract from '@gemstock/contract';
import {
  type AnyEndpoint,
  type EndpointAccess,
  ErrorCode,
  type ErrorSpec,
  OPERATOR_ROLE_LABEL,
  OperatorRole,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase, openPglite, wrapPglite } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { LocalDiskStorage } from '../src/media/storage.js';
import { DevOutboxSender } from '../src/notify/dev-outbox.js';

type Json = Record<string, unknown>;

/** A JSON schema as a compact TypeScript-like type. */
function renderType(schema: Json | undefined, depth = 0): string {
  if (!schema) return 'unknown';
  const indent = '  '.repeat(depth);
  if (schema.anyOf || schema.oneOf) {
    const parts = ((schema.anyOf ?? schema.oneOf) as Json[]).map((s) => renderType(s, depth));
    return [...new Set(parts)].join(' | ');
  }
  if (schema.allOf) return (schema.allOf as Json[]).map((s) => renderType(s, depth)).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => renderType({ ...schema, type: t }, depth)).join(' | ');
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? 'string (ISO time)' : 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `${renderType(schema.items as Json, depth)}[]`;
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(props);
      if (keys.length === 0) {
        const extra = schema.additionalProperties as Json | undefined;
        return extra && typeof extra === 'object' ? `{ [key: string]: ${renderType(extra, depth)} }` : '{}';
      }
      const lines = keys.map((k) => `${indent}  ${k}${required.has(k) ? '' : '?'}: ${renderType(props[k], depth + 1)}`);
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

function toJson(schema: unknown, io: 'input' | 'output'): Json | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }) as Json;
  } catch {
    return undefined;
  }
}

interface Entry {
  method: string;
  url: string;
  access: string;
  /** `USER_API.me`: where the endpoint is declared, for a route registered from the contract. */
  declaredAs?: string;
  summary?: string;
  body?: string;
  query?: string;
  params?: string;
  response?: string;
}

/** What probing an endpoint of each declared access finds (see probeAccess). */
const PROBED_ACCESS: Record<EndpointAccess, string> = {
  public: 'anyone',
  optionalUser: 'anyone',
  user: 'signed-in buyer',
  mainAccount: 'main account (level 0)',
  operator: 'operator',
};

/** How the reference words a declared access. */
const ACCESS_TEXT: Record<EndpointAccess, string> = {
  public: 'anyone',
  optionalUser: 'anyone (a buyer token, when sent, is checked and personalises the answer)',
  user: 'signed-in buyer',
  mainAccount: 'main account (level 0)',
  operator: 'operator',
};

/** Every endpoint the contract declares, by object: `USER_API.me` for `USER_API.me`. */
function declaredEndpointNames(): Map<AnyEndpoint, string> {
  const names = new Map<AnyEndpoint, string>();
  for (const [groupName, group] of Object.entries(contract)) {
    if (!groupName.endsWith('_API') || typeof group !== 'object' || group === null) continue;
    for (const [key, endpoint] of Object.entries(group as Record<string, AnyEndpoint>)) {
      names.set(endpoint, `${groupName}.${key}`);
    }
  }
  return names;
}

const AREAS: [number, string][] = [
  [1000, 'General (1xxx)'],
  [2000, 'Accounts and sign-in (2xxx)'],
  [3000, 'Catalogue and media (3xxx)'],
  [4000, 'Orders, payments and wallet (4xxx)'],
  [5000, 'Other (5xxx+)'],
];

const POLICY_TEXT: Record<ErrorSpec['policy'], string> = {
  toast: 'toast',
  silent: 'silent',
  logout: 'silent, log out',
  login: 'silent, open login',
  company: 'open company dialog',
};

function renderErrorsDoc(): string {
  const specs = Object.entries(ErrorCode as Record<string, ErrorSpec>).sort((a, b) => a[1].code - b[1].code);
  const out = [
    '# Error codes',
    '',
    'Generated from `packages/contract/src/errors.ts` by `npm run docs:api`; do not edit by hand.',
    '',
    'Every error answers `{code, data, message}` with the HTTP status below; `message` is the',
    'Chinese text shown to the user (some errors put a more precise text, e.g. the failing',
    "field's rule, in `message`). `data` is `null`, or `{fields: [{path, message}]}` for",
    'validation errors. A 5xx never carries internals.',
    '',
    'How the web client treats a code (spec §8), applied once in `apps/web/src/lib/api-client.ts`:',
    '',
    '- **1000** — not signed in: no toast; the login dialog opens and the destination is remembered.',
    '- **2002** — the token is invalid (forged, wrong algorithm, malformed): no toast; the client logs out.',
    '- **2003** — the token expired or was revoked (password changed, account or parent disabled): no toast; the client logs out.',
    '- **1012** — the account has no company yet: the company dialog opens.',
    '- every other code — an error toast with `message`.',
    '',
  ];
  for (let i = 0; i < AREAS.length; i += 1) {
    const [from, title] = AREAS[i]!;
    const to = AREAS[i + 1]?.[0] ?? Number.POSITIVE_INFINITY;
    const rows = specs.filter(([, s]) => s.code >= from && s.code < to);
    if (rows.length === 0) continue;
    out.push(`## ${title}`, '', '| code | name | HTTP | message | client |', '|---|---|---|---|---|');
    for (const [name, s] of rows)
      out.push(`| ${s.code} | ${name} | ${s.http} | ${s.message} | ${POLICY_TEXT[s.policy]} |`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-apidoc-'));
  const database = wrapPglite(await openPglite());
  await migrateDatabase(database);
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    { webDist: '/nonexistent' },
  );
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    messages: new DevOutboxSender(database.db),
    storage: new LocalDiskStorage(join(dataDir, 'media')),
    logger: false,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();

  // Who may call a route is found by asking it: without a token, then with the token of a
  // sub-account (a buyer, but not a main account) whose main account is enabled.
  const parentSid = 'apidocparent0001';
  const buyerSid = 'apidocbuyer00001';
  await database.db.insert(users).values({ sid: parentSid, email: 'apidoc-main@example.com', passwordHash: 'x' });
  await database.db
    .insert(users)
    .values({ sid: buyerSid, username: 'apidoc', passwordHash: 'x', level: 1, parentSid: parentSid });
  const buyerToken = await app.deps.tokens.sign('buyer', { sub: buyerSid, tv: 0 });
  async function probeAccess(method: string, url: string): Promise<string> {
    // A probe may end the sub-account's sessions (POST /api/user/logout): its token stays valid.
    await database.db.update(users).set({ tokenVersion: 0 }).where(eq(users.sid, buyerSid));
    const path = url.replace(/:[A-Za-z]+/g, 'aaaaaaaaaaaaaaaa').replace(/\*$/, 'x');
    const send = async (token?: string) => {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      try {
        return (res.json() as { code?: number }).code;
      } catch {
        return undefined;
      }
    };
    if ((await send()) !== ErrorCode.AUTH_REQUIRED.code) return 'anyone';
    const withBuyer = await send(buyerToken);
    if (withBuyer === ErrorCode.TOKEN_INVALID.code) return 'operator';
    if (withBuyer === ErrorCode.MAIN_ACCOUNT_ONLY.code) return 'main account (level 0)';
    return 'signed-in buyer';
  }

  const names = declaredEndpointNames();
  // 管理员 may call every operator route; the others are listed when the route admits them.
  const rolesOf = new Map(
    app.operatorRoutes.map((r) => [
      `${r.method} ${r.url}`,
      [...new Set([...r.roles, OperatorRole.ADMIN])].map((role) => OPERATOR_ROLE_LABEL[role]).join('、'),
    ]),
  );
  const entries: Entry[] = [];
  for (const route of routes) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const response = (schema.response as Record<string, unknown> | undefined)?.['200'];
    const endpoint = route.config?.endpoint;
    for (const method of methods) {
      const probed = await probeAccess(method, route.url);
      const entry: Entry = { method, url: route.url, access: probed };
      // A hand-written operator route (an upload) names its roles in its guard.
      const handRoles = probed === 'operator' && !endpoint ? rolesOf.get(`${method} ${route.url}`) : undefined;
      if (handRoles) entry.access = `operator — roles ${handRoles}`;
      if (endpoint) {
        if (PROBED_ACCESS[endpoint.access] !== probed) {
          throw new Error(`${method} ${route.url} declares access "${endpoint.access}" but answers as "${probed}"`);
        }
        entry.access = ACCESS_TEXT[endpoint.access];
        if (endpoint.access === 'operator') {
          const admitted = rolesOf.get(`${method} ${route.url}`);
          if (!admitted) throw new Error(`${method} ${route.url}: an operator route without a role guard`);
          entry.access = `operator — roles ${admitted}`;
        }
        const name = names.get(endpoint);
        if (name) entry.declaredAs = name;
        if (endpoint.summary) entry.summary = endpoint.summary;
      }
      const body = toJson(schema.body, 'input');
      const query = toJson(schema.querystring, 'input');
      const params = toJson(schema.params, 'input');
      const res = toJson(response, 'output');
      if (body) entry.body = renderType(body);
      if (query) entry.query = renderType(query);
      if (params) entry.params = renderType(params);
      if (res) entry.response = renderType(res);
      entries.push(entry);
    }
  }
  entries.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));

  const out: string[] = [
    '# API reference',
    '',
    'Generated from the running server by `npm run docs:api`; do not edit by hand.',
    '',
    'Every response is `{code, data, message}`. `code` 0 is success and `data` holds the shape',
    'listed under *response → data*. Any other code is an error from the catalogue in',
    '[errors.md](errors.md), with the HTTP status given there and a Chinese `message`.',
    '',
    'Errors every call can answer: `1001` bad input (with `data.fields`), `1002` malformed JSON,',
    '`1008` unsupported content type, `1009` rate limited, `1500` internal. Calls that need a',
    'sign-in also answer `1000` (no token), `2002` (invalid token) and `2003` (expired or revoked',
    "token); main-account calls `2020`; operator calls `2002` for a buyer's token (the two kinds of",
    "token are apart) and `2050` when none of the operator's roles is one the call admits (listed",
    'under each call; 管理员 may call every one).',
    'Unknown paths under `/api` answer `1005` with HTTP 404; a path parameter longer than any id',
    'answers `1004` with HTTP 404, and a path whose %-escapes do not decode `1001` with HTTP 400.',
    'The errors specific to an area are listed in errors.md.',
    '',
    'Send the token as `Authorization: Bearer <access_token>`.',
    '',
    'The same API is described for tools as an OpenAPI 3.1 document at `GET /api/openapi.json`',
    "(generated from the same endpoint objects, with the error codes of each call's guard and the",
    'catalogue as a component), and drawn as a readable reference on the site at `/docs/api`',
    '(decision 0044).',
    '',
    'Most calls are declared once in the contract as endpoint objects (`packages/contract`, named',
    'under each call, e.g. `USER_API.me`); the server registers them and the web app calls them',
    'through those objects. Calls without a name (file uploads and downloads, pages, notifications',
    'from payment gateways, and the order and payment calls) are registered by hand.',
    '',
  ];
  for (const e of entries) {
    out.push(`## ${e.method} ${e.url}`, '');
    if (e.summary) out.push(e.summary, '');
    out.push(`Access: ${e.access}.`, '');
    if (e.declaredAs) out.push(`Contract: \`${e.declaredAs}\`.`, '');
    const block = (title: string, text: string | undefined) => {
      if (!text) return;
      out.push(`${title}:`, '', '```ts', text, '```', '');
    };
    block('Path parameters', e.params);
    block('Query', e.query);
    block('Body', e.body);
    const data = e.response?.match(/\n {2}data: ([\s\S]*)\n {2}message/)?.[1];
    block('Response → data', data ? data.replace(/^ {2}/gm, '') : e.response);
  }
  const target = resolve(import.meta.dirname, '../../../docs/api.md');
  writeFileSync(target, `${out.join('\n').trimEnd()}\n`);
  writeFileSync(resolve(import.meta.dirname, '../../../docs/errors.md'), renderErrorsDoc());
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`docs/api.md: ${entries.length} calls\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
