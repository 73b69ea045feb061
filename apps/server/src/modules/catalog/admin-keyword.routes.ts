import { ADMIN_KEYWORD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { getKeywordLists, replaceKeywordList } from './admin-keyword.service.js';

/** Operator keyword lists: pinned hot keywords, the curated list and terms blocked from the hot list. */
export async function adminKeywordRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, ADMIN_KEYWORD_API.lists, async () => getKeywordLists(deps));

  for (const kind of ['pinned', 'curated', 'blocked'] as const) {
    route(app, ADMIN_KEYWORD_API[kind], async (request) =>
      replaceKeywordList(deps, request.operator, kind, request.body.keywords),
    );
  }
}
