import type { z } from 'zod';
import type { OperatorRole } from './operator-roles.js';

/**
 * An endpoint declared once, as data: method, path (with `:name` parameters), who may call it,
 * and the schemas of its path parameters, query, body and response `data`. The server registers
 * its route from it (`apps/server/src/plugins/route.ts`), the web app calls it through it
 * (`callApi` in `apps/web/src/lib/api-client.ts`) and the API tests inject it
 * (`apps/server/test/helpers/inject-api.ts`), so a path, a field or a response shape cannot
 * differ between the three. The response schema describes `data` only: every answer is wrapped
 * in the `{code, data, message}` envelope.
 *
 * File uploads (multipart), downloads and streams, redirects, HTML pages and answers outside the
 * envelope are not endpoints: they keep a path constant and a hand-written route.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server turns it into the matching guard (an onRequest hook).
 * - `public`: anyone, no account is loaded;
 * - `optionalUser`: anyone; a buyer's token, when sent, is checked and the account loaded;
 * - `user`: a signed-in buyer (main or sub-account);
 * - `mainAccount`: a signed-in main account (level 0);
 * - `operator`: a signed-in operator of the console.
 */
export const ENDPOINT_ACCESS = ['public', 'optionalUser', 'user', 'mainAccount', 'operator'] as const;
export type EndpointAccess = (typeof ENDPOINT_ACCESS)[number];

/** The `:name` parameters of a path pattern, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Values for a path's parameters: `{id: string}` for `/api/material/:id`. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

type Schema = z.ZodType;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  A extends EndpointAccess = EndpointAccess,
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> {
  readonly method: M;
  readonly path: P;
  readonly access: A;
  readonly params: TParams;
  readonly query: TQuery;
  readonly body: TBody;
  /** The `data` of a success envelope. */
  readonly response: TResponse;
  /** One line for the API reference (docs/api.md). */
  readonly summary: string | undefined;
  /**
   * An operator endpoint's roles besides 管理员, who may call every one (operator-roles.ts);
   * undefined means 管理员 alone. Only operator endpoints have roles.
   */
  readonly roles: readonly OperatorRole[] | undefined;
}

/** Any endpoint, whatever its types. */
export type AnyEndpoint = Endpoint<
  HttpMethod,
  string,
  EndpointAccess,
  Schema | undefined,
  Schema | undefined,
  Schema | undefined,
  Schema
>;

/** Declares an endpoint, keeping the literal method, path and access and the exact schemas. */
export function defineEndpoint<
  const M extends HttpMethod,
  const P extends `/${string}`,
  const A extends EndpointAccess,
  TResponse extends Schema,
  TParams extends Schema | undefined = undefined,
  TQuery extends Schema | undefined = undefined,
  TBody extends Schema | undefined = undefined,
>(definition: {
  method: M;
  path: P;
  access: A;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
  summary?: string;
  roles?: readonly OperatorRole[];
}): Endpoint<M, P, A, TParams, TQuery, TBody, TResponse> {
  if (definition.roles && definition.access !== 'operator') {
    throw new Error(`${definition.method} ${definition.path}: only operator endpoints have roles`);
  }
  return {
    method: definition.method,
    path: definition.path,
    access: definition.access,
    params: definition.params as TParams,
    query: definition.query as TQuery,
    body: definition.body as TBody,
    response: definition.response,
    summary: definition.summary,
    roles: definition.roles,
  };
}

type InputOf<S> = S extends { _zod: { input: infer I } } ? I : never;
type OutputOf<S> = S extends { _zod: { output: infer O } } ? O : never;

/** What a successful call answers in `data` (the response schema's output). */
export type EndpointData<E extends AnyEndpoint> = OutputOf<E['response']>;
/** The body the caller sends (the body schema's input, before defaults and transforms). */
export type EndpointBody<E extends AnyEndpoint> = InputOf<E['body']>;
/** The query the caller sends (the query schema's input). */
export type EndpointQuery<E extends AnyEndpoint> = InputOf<E['query']>;

/** Path parameters as the server sees them: the params schema's output, else the path's names as strings. */
export type EndpointParamsOutput<E extends AnyEndpoint> = E['params'] extends Schema
  ? OutputOf<E['params']>
  : PathParams<E['path']>;
export type EndpointQueryOutput<E extends AnyEndpoint> = E['query'] extends Schema ? OutputOf<E['query']> : unknown;
export type EndpointBodyOutput<E extends AnyEndpoint> = E['body'] extends Schema ? OutputOf<E['body']> : unknown;

type ParamsInput<E extends AnyEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type QueryInput<E extends AnyEndpoint> = E['query'] extends Schema
  ? object extends EndpointQuery<E>
    ? { query?: EndpointQuery<E> }
    : { query: EndpointQuery<E> }
  : { query?: undefined };
type BodyInput<E extends AnyEndpoint> = E['body'] extends Schema ? { body: EndpointBody<E> } : { body?: undefined };

/** What a caller passes to call an endpoint: the parameters its path names, its query and body. */
export type EndpointInput<E extends AnyEndpoint> = ParamsInput<E> & QueryInput<E> & BodyInput<E>;

/** Whether an endpoint can be called without any input (no path parameters, no required query or body). */
export type InputIsOptional<E extends AnyEndpoint> = object extends EndpointInput<E> ? true : false;

/** Fills a path pattern's `:name` parameters, URI-encoded: `/api/material/:id` → `/api/material/abc`. */
export function fillPath(path: string, params: Readonly<Record<string, string>> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * Appends a query to a path. Absent, null and empty values are left out; an array repeats the
 * key. Used by the web client and the API tests alike.
 */
export function withQuery(path: string, query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** The URL of one call of an endpoint (or of its route): its path filled with `params`, then `query`. */
export function endpointUrl(
  endpoint: Pick<AnyEndpoint, 'path'>,
  input: { params?: Readonly<Record<string, string>>; query?: unknown } = {},
): string {
  return withQuery(fillPath(endpoint.path, input.params), input.query as Record<string, unknown> | undefined);
}

/**
 * The URL of a path outside the endpoints (paths.ts: a file upload, a PDF): its `:name`
 * parameters, named and typed by the path, then `query`.
 * `pathUrl(ORDER_PATHS.certificate, { id, materialSid })` → `/api/order/…/certificate/…`.
 */
export function pathUrl<P extends string>(
  path: P,
  params: PathParams<P>,
  query?: Readonly<Record<string, unknown>>,
): string {
  return withQuery(fillPath(path, params), query);
}

/**
 * An endpoint without its schemas: its method, path and access, typed by its declaration, so a
 * caller types its input and answer from it as from the endpoint. The route table (routes.ts,
 * `USER_ROUTES.me` beside `USER_API.me`) holds one per endpoint and imports no schema, so a
 * client that only calls (the web app's first pages) need not load zod to do so.
 */
export interface EndpointRoute<E extends AnyEndpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly access: E['access'];
  /** An operator endpoint's roles besides 管理员 (absent: 管理员 alone), as declared. */
  readonly roles?: E['roles'];
  /** Carries the declaration's type; never set. */
  readonly declaration?: E;
}

/** The routes of a group of endpoints (`RoutesOf<typeof USER_API>`): same keys, same method, path, access and roles. */
export type RoutesOf<T extends Record<string, AnyEndpoint>> = { readonly [K in keyof T]: EndpointRoute<T[K]> };
