import {
  MATERIAL_PATHS,
  ZLikeResponse,
  ZMaterialIdParams,
  ZPagedMaterialsResponse,
  ZPageQuery,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import type { CatalogService } from './catalog.service.js';
import { LikesService } from './likes.service.js';

export async function likesRoutes(instance: FastifyInstance, options: { catalog: CatalogService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const likes = new LikesService(app.deps.db, options.catalog);
  const likeSchema = { params: ZMaterialIdParams, response: { 200: zEnvelope(ZLikeResponse) } };

  app.post(MATERIAL_PATHS.like, { onRequest: app.requireUser, schema: likeSchema }, async (request) =>
    ok(await likes.like(signedInUser(request), request.params.id)),
  );

  app.delete(MATERIAL_PATHS.like, { onRequest: app.requireUser, schema: likeSchema }, async (request) =>
    ok(await likes.unlike(signedInUser(request), request.params.id)),
  );

  app.get(
    MATERIAL_PATHS.userLikes,
    {
      onRequest: app.requireUser,
      schema: { querystring: ZPageQuery, response: { 200: zEnvelope(ZPagedMaterialsResponse) } },
    },
    async (request) => ok(await likes.listLiked(signedInUser(request), request.query)),
  );
}
