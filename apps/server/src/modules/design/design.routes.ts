import { DESIGN_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { DesignService } from './design.module.js';

/** The buyer's side of custom design: requests, drafts and feedback, quotes, the delivery. */
export async function designRoutes(app: FastifyInstance, { design }: { design: DesignService }) {
  route(app, DESIGN_API.list, async (request) => design.listDemands(request.user, request.query));
  route(app, DESIGN_API.details, async (request) => design.demandDetails(request.user, request.params.id));
  route(app, DESIGN_API.comment, async (request) =>
    design.commentOnDraft(request.user, request.params.id, request.body),
  );
  route(app, DESIGN_API.feedback, async (request) =>
    design.sendFeedback(request.user, request.params.id, request.body.message),
  );
  route(app, DESIGN_API.accept, async (request) => design.acceptDraft(request.user, request.params.id));
  route(app, DESIGN_API.delivery, async (request) => design.deliveryLink(request.user, request.params.id));
  route(app, DESIGN_API.requestQuote, async (request) => design.requestQuote(request.user, request.body));
  route(app, DESIGN_API.withdraw, async (request) => design.withdrawQuote(request.user, request.params.id));
}
