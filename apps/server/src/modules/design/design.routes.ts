import { DESIGN_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { createDownloadUrlSigner } from '../../lib/download-url.js';
import { route } from '../../plugins/route.js';
import type { OrderService } from '../order/order.service.js';
import {
  acceptDraft,
  commentOnDraft,
  deliveryLink,
  demandDetails,
  type DesignDeps,
  listDemands,
  requestQuote,
  sendFeedback,
  withdrawQuote,
} from './design.service.js';

/** The buyer's side of custom design: requests, drafts and feedback, quotes, the delivery. */
export async function designRoutes(app: FastifyInstance, options: { orders: OrderService }) {
  const deps: DesignDeps = {
    ...app.deps,
    // The same signer (key derived from JWT_SECRET) the original-download route verifies.
    signer: createDownloadUrlSigner(app.deps.config.jwtSecret),
    orders: options.orders,
    log: app.log,
  };
  route(app, DESIGN_API.list, async (request) => listDemands(deps, request.user, request.query));
  route(app, DESIGN_API.details, async (request) => demandDetails(deps, request.user, request.params.id));
  route(app, DESIGN_API.comment, async (request) =>
    commentOnDraft(deps, request.user, request.params.id, request.body),
  );
  route(app, DESIGN_API.feedback, async (request) =>
    sendFeedback(deps, request.user, request.params.id, request.body.message),
  );
  route(app, DESIGN_API.accept, async (request) => acceptDraft(deps, request.user, request.params.id));
  route(app, DESIGN_API.delivery, async (request) => deliveryLink(deps, request.user, request.params.id));
  route(app, DESIGN_API.requestQuote, async (request) => requestQuote(deps, request.user, request.body));
  route(app, DESIGN_API.withdraw, async (request) => withdrawQuote(deps, request.user, request.params.id));
}
