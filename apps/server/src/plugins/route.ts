import {
  type AnyEndpoint,
  type EndpointAccess,
  type EndpointBodyOutput,
  type EndpointData,
  type EndpointParamsOutput,
  type EndpointQueryOutput,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { OperatorRow, UserRow } from '../db/rows.js';
import { ok } from './envelope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (see `route`); read by the API doc generator. */
    endpoint?: AnyEndpoint;
  }
}

/** What a guard leaves on the request, by the endpoint's access. */
type SignedIn<A extends EndpointAccess> = A extends 'user' | 'mainAccount'
  ? { user: UserRow }
  : A extends 'operator'
    ? { operator: OperatorRow }
    : unknown;

/** The request a handler receives: params, query and body as the endpoint's schemas output them. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParamsOutput<E>;
  Querystring: EndpointQueryOutput<E>;
  Body: EndpointBodyOutput<E>;
}> &
  SignedIn<E['access']>;

/**
 * Answers the endpoint's `data`, wrapped in the success envelope by `route`. A handler that has
 * to answer in another way (an already encoded body) sends it itself and returns the reply.
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointData<E> | FastifyReply>;

/** Route options besides what the endpoint says (rate limit, body limit); schema and guard come from it. */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'onRequest' | 'handler'>;

function guardOf(app: FastifyInstance, endpoint: AnyEndpoint) {
  switch (endpoint.access) {
    case 'public':
      return undefined;
    case 'optionalUser':
      return app.optionalUser;
    case 'user':
      return app.requireUser;
    case 'mainAccount':
      return app.requireMainAccount;
    case 'operator':
      return app.requireOperatorOf(endpoint.roles);
  }
}

/**
 * Registers the route of a contract endpoint: its method and path, its guard (an onRequest hook,
 * so an unauthorised caller is refused before the body is read), its params, query and body
 * schemas, and its response schema inside the envelope. The handler returns `data`.
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void;
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void;
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  optionsOrHandler: EndpointRouteOptions | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (!handler) throw new Error(`no handler for ${endpoint.method} ${endpoint.path}`);
  const guard = guardOf(app, endpoint);
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    ...(guard ? { onRequest: guard } : {}),
    config: { ...options.config, endpoint },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: zEnvelope(endpoint.response) },
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      // A handler that sent its answer returns the reply, which is a thenable: awaiting it waits
      // for the response to finish and yields undefined, so it is `sent` that tells.
      return reply.sent ? reply : ok(result);
    },
  });
}
