import { MATERIAL_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { CatalogService } from './catalog.service.js';
import { LikesService } from './likes.service.js';

export async function likesRoutes(app: FastifyInstance, options: { catalog: CatalogService }) {
  const likes = new LikesService(app.deps.db, options.catalog);

  route(app, MATERIAL_API.like, async (request) => likes.like(request.user, request.params.id));

  route(app, MATERIAL_API.unlike, async (request) => likes.unlike(request.user, request.params.id));

  route(app, MATERIAL_API.userLikes, async (request) => likes.listLiked(request.user, request.query));
}
