import { MATERIAL_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { route } from '../../plugins/route.js';
import type { CatalogService } from './catalog.module.js';
import { likesRoutes } from './likes.routes.js';
import { originalDownloadRoutes } from './original-download.routes.js';
import { searcherKeyOf } from '../search/search-log.writer.js';

/** Buyer-side catalogue: search, detail, related, free materials, featured videos, likes, downloads. */
export async function catalogRoutes(
  app: FastifyInstance,
  { catalog, downloadUrls }: { catalog: CatalogService; downloadUrls: DownloadUrlSigner },
) {
  const { config } = app.deps;

  route(app, MATERIAL_API.search, async (request, reply) => {
    const searcher = searcherKeyOf(request.user?.sid ?? null, request.ip, config.jwtSecret);
    const result = await catalog.searchMaterials(request.query, request.user, searcher);
    // Already encoded, and checked against the same schema when the page was cached; a string
    // payload bypasses the serializer, which is the point.
    if (result.body !== null) return reply.type('application/json; charset=utf-8').send(result.body);
    return result.response;
  });

  route(app, MATERIAL_API.free, async (request) => catalog.listFree(request.query, request.user));

  route(app, MATERIAL_API.featuredVideo, async (request) => ({
    materials: await catalog.listFeaturedVideos(request.query, request.user),
  }));

  route(app, MATERIAL_API.detail, async (request) => catalog.getMaterial(request.params.id, request.user));

  route(app, MATERIAL_API.related, async (request) => ({
    materials: await catalog.listRelated(request.params.id, request.user),
  }));

  route(app, MATERIAL_API.freeDownload, async (request) => catalog.issueFreeDownload(request.params.id, request.user));

  await app.register(likesRoutes, { catalog });
  await app.register(originalDownloadRoutes, { downloadUrls });
}
