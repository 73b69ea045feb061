import { ADMIN_KEYWORD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AdminKeywordService } from './search.module.js';

/** Operator keyword lists: pinned hot keywords, the curated list and terms blocked from the hot list. */
export async function adminKeywordRoutes(
  app: FastifyInstance,
  { adminKeywords }: { adminKeywords: AdminKeywordService },
) {
  route(app, ADMIN_KEYWORD_API.lists, async () => adminKeywords.getKeywordLists());

  for (const kind of ['pinned', 'curated', 'blocked'] as const) {
    route(app, ADMIN_KEYWORD_API[kind], async (request) =>
      adminKeywords.replaceKeywordList(request.operator, kind, request.body.keywords),
    );
  }
}
