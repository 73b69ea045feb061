import {
  ADMIN_DESIGN_API,
  ADMIN_DESIGN_FILE_PATH,
  DESIGN_FILE_MAX_BYTES,
  DESIGN_FILE_TYPES,
  ErrorCode,
  ZAdminDemandDetails,
  ZDesignFileUploadQuery,
  ZSidParams,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { route } from '../../plugins/route.js';
import type { AdminDesignService } from './design.module.js';

/**
 * The operators' demand board. Drafts and finals are uploaded as the request body itself (the
 * file's own Content-Type), so no multipart parser is needed and the console shows progress.
 */
export async function adminDesignRoutes(
  instance: FastifyInstance,
  { adminDesign: design }: { adminDesign: AdminDesignService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(
    [...DESIGN_FILE_TYPES],
    { parseAs: 'buffer', bodyLimit: DESIGN_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route(app, ADMIN_DESIGN_API.list, async (request) => design.listDemandBoard(request.query));
  route(app, ADMIN_DESIGN_API.details, async (request) => design.adminDemandDetails(request.params.id));
  route(app, ADMIN_DESIGN_API.designers, async () => design.designers());
  route(app, ADMIN_DESIGN_API.assign, async (request) =>
    design.assignDesigner(request.operator, request.params.id, request.body.designer),
  );
  route(app, ADMIN_DESIGN_API.answer, async (request) =>
    design.answerFeedback(request.operator, request.params.id, request.body.reply),
  );
  route(app, ADMIN_DESIGN_API.price, async (request) =>
    design.priceQuote(request.operator, request.params.id, request.body),
  );
  route(app, ADMIN_DESIGN_API.cancel, async (request) =>
    design.cancelDemand(request.operator, request.params.id, request.body.reason),
  );
  app.put(
    ADMIN_DESIGN_FILE_PATH,
    {
      onRequest: app.requireOperatorOf(['service']),
      bodyLimit: DESIGN_FILE_MAX_BYTES,
      schema: {
        params: ZSidParams,
        querystring: ZDesignFileUploadQuery,
        response: { 200: zEnvelope(ZAdminDemandDetails) },
      },
      // A file of another type (a PDF, a GIF) is refused before its body is read; the operator
      // reads what this upload takes, not the generic "unsupported content type". Anything else
      // goes on to the app's error handler as it is.
      errorHandler: (error) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          throw new AppError(ErrorCode.DESIGN_FILE_TYPE);
        }
        throw error;
      },
    },
    async (request) => {
      // The guard ran first: an operator is signed in.
      if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(
        await design.uploadDesignFile(request.operator, request.params.id, {
          kind: request.query.kind,
          name: request.query.name,
          body,
        }),
      );
    },
  );
}
