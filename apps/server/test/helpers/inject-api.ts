import {
  type AnyEndpoint,
  type EndpointData,
  type EndpointInput,
  type InputIsOptional,
  endpointUrl,
} from '@gemstock/contract';
import type { ApiResult, TestApp } from './test-app.js';

/** How a test sends a call besides the endpoint's own input. */
export interface InjectExtras {
  /** A buyer's or an operator's access token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** The client address (per-address rate limits and code caps). */
  remoteAddress?: string;
  headers?: Record<string, string>;
}

type InjectArgs<E extends AnyEndpoint> =
  InputIsOptional<E> extends true
    ? [input?: EndpointInput<E> & InjectExtras]
    : [input: EndpointInput<E> & InjectExtras];

/**
 * Calls a contract endpoint through `app.inject`: the path is filled from `params`, `query` and
 * `body` are typed by the endpoint's schemas and `data` by its response. Tests of bad input,
 * which must send what the types refuse, use `t.call` with `endpointUrl(endpoint, …)`.
 */
export function injectApi<E extends AnyEndpoint>(
  t: TestApp,
  endpoint: E,
  ...[input]: InjectArgs<E>
): Promise<ApiResult<EndpointData<E>>> {
  const { params, query, body, token, remoteAddress, headers } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
  } & InjectExtras;
  return t.call<EndpointData<E>>({
    method: endpoint.method,
    url: endpointUrl(endpoint, { params, query }),
    ...(body !== undefined ? { payload: body as object } : {}),
    ...(token ? { token } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(headers ? { headers } : {}),
  });
}
