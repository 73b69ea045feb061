import { MATERIAL_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { CatalogService } from './catalog.module.js';

export async function likesRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  route(app, MATERIAL_API.like, async (request) => catalog.like(request.user, request.params.id));

  route(app, MATERIAL_API.unlike, async (request) => catalog.unlike(request.user, request.params.id));

  route(app, MATERIAL_API.userLikes, async (request) => catalog.listLiked(request.user, request.query));
}
