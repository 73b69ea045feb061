import { createHash } from 'node:crypto';
import { API_DOC_PATHS } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi/openapi-document.js';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 description of the API (decision 0044), public. It
 * is written once per process, on the first request (the contract does not change while the
 * process runs), and answered with a strong ETag: a client that sends it back gets a 304.
 */
export async function openApiRoutes(app: FastifyInstance, options: { devOutbox: boolean }) {
  let cached: { body: string; etag: string } | undefined;
  const documentOnce = () => {
    if (!cached) {
      const body = JSON.stringify(buildOpenApiDocument({ devOutbox: options.devOutbox }));
      cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  };

  app.get(API_DOC_PATHS.openapi, async (request, reply) => {
    const { body, etag } = documentOnce();
    reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
    const sent = request.headers['if-none-match'];
    if (sent && sent.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
