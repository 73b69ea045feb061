import {
  MATERIAL_PATHS,
  ZDownloadUrlResponse,
  ZFreeDownloadQuery,
  ZMaterialDetailResponse,
  ZMaterialIdParams,
  ZMaterialsResponse,
  ZPagedMaterialsResponse,
  ZPageQuery,
  ZSearchMaterialsQuery,
  ZSearchMaterialsResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDownloadUrlSigner } from '../../lib/download-url.js';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import { CatalogService, publicUrlOfStorage } from './catalog.service.js';
import { likesRoutes } from './likes.routes.js';
import { originalDownloadRoutes } from './original-download.routes.js';
import { searcherKeyOf } from '../search/search-log.writer.js';
import { createSearch } from '../search/search.service.js';

/** Buyer-side catalogue: search, detail, related, free materials, featured videos, likes, downloads. */
export async function catalogRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage } = app.deps;
  const signer = createDownloadUrlSigner(config.jwtSecret);
  const { search, vocabulary, searchLog } = createSearch(db, (error) =>
    app.log.error({ err: error }, 'search log write failed'),
  );
  app.addHook('onClose', async () => searchLog.flush());
  const catalog = new CatalogService({
    db,
    search,
    vocabulary,
    searchLog,
    signer,
    publicUrlOf: publicUrlOfStorage(storage),
  });
  app.deps.events.on('catalog.changed', () => catalog.forgetSearches());

  app.get(
    MATERIAL_PATHS.search,
    {
      onRequest: app.optionalUser,
      schema: { querystring: ZSearchMaterialsQuery, response: { 200: zEnvelope(ZSearchMaterialsResponse) } },
    },
    async (request, reply) => {
      const searcher = searcherKeyOf(request.user?.sid ?? null, request.ip, config.jwtSecret);
      const result = await catalog.searchMaterials(request.query, request.user, searcher);
      // Already encoded, and checked against the same schema when the page was cached; a string
      // payload bypasses the serializer, which is the point (the typed reply only knows objects).
      if (result.body !== null) return reply.type('application/json; charset=utf-8').send(result.body as never);
      return ok(result.response);
    },
  );

  app.get(
    MATERIAL_PATHS.free,
    {
      onRequest: app.optionalUser,
      schema: { querystring: ZPageQuery, response: { 200: zEnvelope(ZPagedMaterialsResponse) } },
    },
    async (request) => ok(await catalog.listFree(request.query, request.user)),
  );

  app.get(
    MATERIAL_PATHS.featuredVideo,
    {
      onRequest: app.optionalUser,
      schema: { querystring: ZPageQuery, response: { 200: zEnvelope(ZMaterialsResponse) } },
    },
    async (request) => ok({ materials: await catalog.listFeaturedVideos(request.query, request.user) }),
  );

  app.get(
    MATERIAL_PATHS.detail,
    {
      onRequest: app.optionalUser,
      schema: { params: ZMaterialIdParams, response: { 200: zEnvelope(ZMaterialDetailResponse) } },
    },
    async (request) => ok(await catalog.getMaterial(request.params.id, request.user)),
  );

  app.get(
    MATERIAL_PATHS.related,
    {
      onRequest: app.optionalUser,
      schema: { params: ZMaterialIdParams, response: { 200: zEnvelope(ZMaterialsResponse) } },
    },
    async (request) => ok({ materials: await catalog.listRelated(request.params.id, request.user) }),
  );

  app.get(
    MATERIAL_PATHS.freeDownload,
    {
      onRequest: app.requireUser,
      schema: {
        params: ZMaterialIdParams,
        querystring: ZFreeDownloadQuery,
        response: { 200: zEnvelope(ZDownloadUrlResponse) },
      },
    },
    async (request) => ok(await catalog.issueFreeDownload(request.params.id, signedInUser(request))),
  );

  await app.register(likesRoutes, { catalog });
  await app.register(originalDownloadRoutes, { signer });
}
