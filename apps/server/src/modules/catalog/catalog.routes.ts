import { MATERIAL_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { route } from '../../plugins/route.js';
import type { CatalogService } from './catalog.module.js';
import { likesRoutes } from './likes.routes.js';
import { originalDownloadRoutes, type PrepareFile } from './original-download.routes.js';

/** Buyer-side catalogue: detail, related, free materials, featured videos, likes, downloads (search is modules/search's). */
export async function catalogRoutes(
  app: FastifyInstance,
  {
    catalog,
    downloadUrls,
    prepareFile,
  }: { catalog: CatalogService; downloadUrls: DownloadUrlSigner; prepareFile: PrepareFile },
) {
  route(app, MATERIAL_API.free, async (request) => catalog.listFree(request.query, request.user));

  route(app, MATERIAL_API.featuredVideo, async (request) => ({
    materials: await catalog.listFeaturedVideos(request.query, request.user),
  }));

  route(app, MATERIAL_API.detail, async (request) => catalog.getMaterial(request.params.id, request.user));

  route(app, MATERIAL_API.related, async (request) => ({
    materials: await catalog.listRelated(request.params.id, request.user),
  }));

  route(app, MATERIAL_API.similar, async (request) => ({
    materials: await catalog.listSimilar(request.params.id, request.user),
  }));

  route(app, MATERIAL_API.freeDownload, async (request) =>
    catalog.issueFreeDownload(request.params.id, request.user, request.query.agreement_version),
  );

  await app.register(likesRoutes, { catalog });
  await app.register(originalDownloadRoutes, { downloadUrls, prepareFile });
}
