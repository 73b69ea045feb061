import { COMMON_API, MATERIAL_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { sendEncoded } from '../../lib/response-encoding.js';
import { route } from '../../plugins/route.js';
import { searcherKeyOf } from './search-log.writer.js';
import type { SearchService } from './search.module.js';

/** Material search and the keywords it suggests: the curated list and the hot list. */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  const { config } = app.deps;

  route(app, MATERIAL_API.search, async (request, reply) => {
    const searcher = searcherKeyOf(request.user?.sid ?? null, request.ip, config.jwtSecret);
    const result = await search.searchMaterials(request.query, request.user, searcher);
    // Already encoded when the page was cached, its materials checked against the same schema when
    // read from the database or made by the same mapper from the index's rows (material-search.ts),
    // and a visitor's answer compressed once for every visitor (SharedBody): it bypasses the
    // serializer and the per-request compression, which is the point.
    if (result.body !== null) return sendEncoded(request, reply, 'application/json; charset=utf-8', result.body);
    return result.response;
  });

  route(app, MATERIAL_API.facets, async (request) => search.searchFacets(request.query));

  route(app, COMMON_API.keywords, async () => search.curatedKeywords());

  route(app, COMMON_API.hotKeywords, async () => search.hotKeywords());
}
