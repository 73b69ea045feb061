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
