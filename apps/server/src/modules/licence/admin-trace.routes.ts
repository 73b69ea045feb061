import {
  ADMIN_TRACE_ACCESS,
  ADMIN_TRACE_PATH,
  ErrorCode,
  TRACE_COPY_MAX_BYTES,
  TRACE_COPY_TYPES,
  ZTraceQuery,
  ZTraceResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import type { LicenceService } from './licence.module.js';

/**
 * 溯源 (docs/decisions/0049). The copy is the request body itself (its own Content-Type, like a
 * design file), so the console shows the upload's progress and no multipart parser is needed.
 */
export async function adminTraceRoutes(instance: FastifyInstance, { licences }: { licences: LicenceService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(
    [...TRACE_COPY_TYPES],
    { parseAs: 'buffer', bodyLimit: TRACE_COPY_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    ADMIN_TRACE_PATH,
    {
      onRequest: app.requireOperatorOf(ADMIN_TRACE_ACCESS.roles),
      bodyLimit: TRACE_COPY_MAX_BYTES,
      schema: { querystring: ZTraceQuery, response: { 200: zEnvelope(ZTraceResponse) } },
      // Another type (a PDF, a GIF) is refused before its body is read, and a body over the cap
      // while it streams in: in the words of this upload, not the generic 1008 / 1007.
      errorHandler: (error) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_EMPTY_TYPE') {
          throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
        }
        if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(ErrorCode.TRACE_COPY_TOO_LARGE);
        throw error;
      },
    },
    async (request) => {
      // The guard ran first: an operator is signed in.
      if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      return ok(await licences.traceCopy(request.operator, { body, contentType }, request.query.material));
    },
  );
}
