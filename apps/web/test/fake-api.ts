import { vi } from 'vitest';

/** One request a page made to the stubbed API. */
export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => { status?: number; body: unknown } | undefined;

/**
 * Stubs fetch with `handler` and returns the list it records every call in; a call the handler
 * leaves unanswered gets the server's 404 envelope.
 */
export function serveApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: ApiCall = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { code: 1005, data: null, message: '接口不存在' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A success envelope carrying `data`, as a handler answers. */
export function ok(data: unknown) {
  return { body: { code: 0, data, message: 'ok' } };
}

/** What a page calls: a contract endpoint (`ADMIN_ORDER_API.list`) or its route (`ORDER_ROUTES.list`). */
export interface Called {
  readonly method: string;
  readonly path: string;
}

/** The path parameters of `call` when it is a call of `endpoint` (its method and path pattern), else null. */
export function paramsOf(call: ApiCall, endpoint: Called): Record<string, string> | null {
  if (call.method !== endpoint.method) return null;
  const names: string[] = [];
  const pattern = endpoint.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(call.url.pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

/** Whether `call` is a call of `endpoint`, with these path parameters when some are given. */
export function isCall(call: ApiCall, endpoint: Called, params: Readonly<Record<string, string>> = {}): boolean {
  const actual = paramsOf(call, endpoint);
  return actual !== null && Object.entries(params).every(([name, value]) => actual[name] === value);
}

/** The calls of `endpoint` among `calls`, in the order they were made. */
export function callsOf(
  calls: readonly ApiCall[],
  endpoint: Called,
  params: Readonly<Record<string, string>> = {},
): ApiCall[] {
  return calls.filter((call) => isCall(call, endpoint, params));
}
