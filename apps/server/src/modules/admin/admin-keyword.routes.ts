import {
  ADMIN_MATERIAL_PATHS,
  ErrorCode,
  ZAdminKeywordsResponse,
  ZKeywordListRequest,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { getKeywordLists, replaceKeywordList } from './admin-keyword.service.js';

function signedInOperator(request: FastifyRequest) {
  if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
  return request.operator;
}

/** Operator keyword lists: pinned hot keywords, the curated list and terms blocked from the hot list. */
export async function adminKeywordRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.addHook('onRequest', app.requireOperator);

  app.get(
    ADMIN_MATERIAL_PATHS.keywords,
    { schema: { response: { 200: zEnvelope(ZAdminKeywordsResponse) } } },
    async () => ok(await getKeywordLists(deps)),
  );

  for (const [path, kind] of [
    [ADMIN_MATERIAL_PATHS.pinnedKeywords, 'pinned'],
    [ADMIN_MATERIAL_PATHS.curatedKeywords, 'curated'],
    [ADMIN_MATERIAL_PATHS.blockedKeywords, 'blocked'],
  ] as const) {
    app.put(
      path,
      { schema: { body: ZKeywordListRequest, response: { 200: zEnvelope(ZAdminKeywordsResponse) } } },
      async (request) => ok(await replaceKeywordList(deps, signedInOperator(request), kind, request.body.keywords)),
    );
  }
}
