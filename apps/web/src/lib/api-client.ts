import {
  type AnyEndpoint,
  type EndpointData,
  type EndpointInput,
  type EndpointRoute,
  type InputIsOptional,
  CLIENT_ERROR,
  LOGOUT_CODES,
  SILENT_CODES,
  SUCCESS_CODE,
  fillPath,
  withQuery,
} from '@gemstock/contract';
import { currentAppPath, navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { USER_SCOPE, queryClient } from '@/lib/query-client';
import { dialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

/**
 * The one HTTP client of the web app. It sends the bearer token, unwraps the `{code, data,
 * message}` envelope and applies the error policy of spec §8 exactly once:
 *
 * - 1000 (not logged in): no toast; the login dialog opens and remembers the current page.
 * - 2002 / 2003 (token invalid or expired): no toast; log out (token, user, cart) and go home.
 * - 1012 (company required): the company dialog opens.
 * - anything else: an error toast with the server's message.
 *
 * Callers still receive the ApiError (to stop a flow or show field errors on a form).
 * There is deliberately no request time-out (spec §7).
 */

export interface FieldError {
  path: string;
  message: string;
}

/** How the client reacted; the names are the ones spec §8 uses. */
export type ApiErrorReason = 'no-auth' | 'no-company' | 'logged-out' | 'network' | 'rejected';

/** Code used when there is no envelope at all: network failure, proxy error page. */
export const NETWORK_ERROR_CODE = -1;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }

  get reason(): ApiErrorReason {
    if (this.code === CLIENT_ERROR.AUTH_REQUIRED) return 'no-auth';
    if (LOGOUT_CODES.has(this.code)) return 'logged-out';
    if (this.code === CLIENT_ERROR.COMPANY_REQUIRED) return 'no-company';
    if (this.code === NETWORK_ERROR_CODE) return 'network';
    return 'rejected';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Skip the error policy (no toast, no dialog, no logout) and only throw. For the initial user
   * load, where spec §8 says a failure is only logged, and for pages showing errors inline.
   */
  quiet?: boolean;
  /**
   * The bearer token to send instead of the buyer session's: the operator console keeps its own
   * (features/admin). `null` sends none. Leave it out for the buyer session, as before.
   */
  token?: string | null;
  /**
   * 'blob' answers a successful non-JSON response (a certificate PDF) with its Blob; an error
   * still arrives as an envelope and is handled as usual. Set by `fetchBlob`.
   */
  responseType?: 'json' | 'blob';
}

/** Removes the signed-in user's state and returns home (spec §4 logout). */
export function signOut(options: { navigateHome?: boolean } = {}): void {
  useSession.getState().clear();
  queryClient.removeQueries({ queryKey: [USER_SCOPE] });
  if (options.navigateHome ?? true) navigateTo('/');
}

/** Spec §8, applied to every failed request unless it is `quiet`. */
export function applyErrorPolicy(error: ApiError): void {
  switch (error.reason) {
    case 'no-auth':
      dialogs.openLogin({ kind: 'navigate', to: currentAppPath() });
      return;
    case 'logged-out':
      signOut();
      return;
    case 'no-company':
      dialogs.openCompany();
      return;
    default:
      if (!SILENT_CODES.has(error.code)) notify.error(error.message);
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  return withQuery(path, query);
}

interface ParsedEnvelope {
  code: number;
  data: unknown;
  message: string;
}

function asEnvelope(body: unknown): ParsedEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, data, message } = body as Record<string, unknown>;
  if (typeof code !== 'number') return null;
  return { code, data, message: typeof message === 'string' ? message : '' };
}

function fieldsOf(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldError =>
      typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.message === 'string',
  );
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token !== undefined ? options.token : useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(path, options.query);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试', 0);
  }

  if (options.responseType === 'blob' && response.ok && !response.headers.get('content-type')?.includes('json')) {
    return (await response.blob()) as T;
  }
  return parseApiResponse<T>(response.status, response.ok, await response.text());
}

/**
 * Unwraps one response body: the `data` of a success envelope, else an ApiError with the
 * envelope's code and message (or a network-style error when there is no envelope). Shared with
 * callers that cannot use fetch, e.g. an upload through XMLHttpRequest for its progress events.
 */
export function parseApiResponse<T>(status: number, ok: boolean, text: string): T {
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const envelope = asEnvelope(parsed);
  if (!envelope) {
    if (ok && !text) return undefined as T;
    throw new ApiError(
      NETWORK_ERROR_CODE,
      ok ? '服务器返回了无法识别的内容' : `服务暂时不可用（HTTP ${status}），请稍后再试`,
      status,
    );
  }
  if (envelope.code === SUCCESS_CODE && ok) return envelope.data as T;
  throw new ApiError(envelope.code, envelope.message || '请求失败，请稍后再试', status, fieldsOf(envelope.data));
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, options);
  } catch (error) {
    if (error instanceof ApiError && !options.quiet) applyErrorPolicy(error);
    throw error;
  }
}

/**
 * Fetches a file the server answers outside the envelope, e.g. the certificate PDF, as a Blob:
 * `fetchBlob(pathUrl(ORDER_PATHS.certificate, { id, materialSid }))`. It needs the bearer token,
 * so it is fetched rather than linked; an error still arrives as an envelope and goes through
 * the error policy.
 */
export function fetchBlob(url: string, options: CallOptions = {}): Promise<Blob> {
  return apiRequest<Blob>('GET', url, { ...options, responseType: 'blob' });
}

/** Options of one endpoint call: everything but what the endpoint itself says (path, query, body). */
export type CallOptions = Omit<RequestOptions, 'query' | 'body' | 'responseType'>;

/** The arguments after the endpoint: its input (optional when it needs none), then the options. */
export type CallArgs<E extends AnyEndpoint> =
  InputIsOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Method, URL path and request options of one call of a contract endpoint. */
export function endpointRequest<E extends AnyEndpoint>(
  endpoint: E | EndpointRoute<E>,
  input: EndpointInput<E> | undefined,
  options: CallOptions = {},
): { method: string; path: string; options: RequestOptions } {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return {
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    options: { ...options, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) },
  };
}

/**
 * Calls a contract endpoint (packages/contract: `WALLET_API.list`, or its route `WALLET_ROUTES.list`):
 * the path is filled from `params`, `query` and `body` are typed by its schemas, and the answer
 * is its `data`. Errors go through the same policy as every other call.
 */
export function callApi<E extends AnyEndpoint>(
  endpoint: E | EndpointRoute<E>,
  ...[input, options]: CallArgs<E>
): Promise<EndpointData<E>> {
  const request = endpointRequest(endpoint, input, options);
  return apiRequest<EndpointData<E>>(request.method, request.path, request.options);
}
