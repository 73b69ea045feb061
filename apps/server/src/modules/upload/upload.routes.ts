import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, UPLOAD_API, UPLOAD_LIMITS, UPLOAD_PATHS } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../plugins/route.js';
import type { LocalUploadPart } from './local-upload.js';
import type { UploadService } from './upload.module.js';

/**
 * Credentials and uploads are limited per client address: a buyer uploads a few files per
 * order, a script asking for thousands of keys is refused.
 */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const CHECK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** The largest file any purpose takes. */
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

/** The multipart parser's own errors, in the catalogue's words. */
function multipartError(error: unknown): AppError | null {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(ErrorCode.UPLOAD_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new AppError(ErrorCode.UPLOAD_TOO_MANY_FILES);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError(ErrorCode.UPLOAD_POLICY_INVALID, '上传表单的字段不正确');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 方式上传文件');
    default:
      return null;
  }
}

export async function uploadRoutes(app: FastifyInstance, { uploads }: { uploads: UploadService }) {
  await app.register(fastifyMultipart, {
    limits: {
      // One byte over the largest cap: the policy's own cap is applied while the file streams in.
      fileSize: LARGEST_UPLOAD + 1,
      files: 1,
      fields: 8,
      parts: 9,
      fieldSize: 4096,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });

  route(app, UPLOAD_API.token, { config: { rateLimit: UPLOAD_RATE_LIMIT } }, async (request) =>
    uploads.issueUploadCredentials(request.user, request.query.purpose, request.query.content_type),
  );

  route(app, UPLOAD_API.check, { config: { rateLimit: CHECK_RATE_LIMIT } }, async (request) => {
    const facts = await uploads.assertUsableUpload(request.user, request.body.key, request.body.purpose);
    return {
      key: facts.key,
      width: facts.width,
      height: facts.height,
      bytes: facts.bytes,
      content_type: facts.contentType,
    };
  });

  // The embedded default's upload target (multipart, answers 204 like S3): no session, the
  // signed policy in the form says what it accepts.
  app.post(UPLOAD_PATHS.local, { config: { rateLimit: UPLOAD_RATE_LIMIT } }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 方式上传文件');
    }
    try {
      const parts = (async function* () {
        for await (const part of request.parts()) {
          yield part.type === 'field'
            ? ({ type: 'field', name: part.fieldname, value: String(part.value) } satisfies LocalUploadPart)
            : ({
                type: 'file',
                name: part.fieldname,
                mimetype: part.mimetype,
                file: part.file,
              } satisfies LocalUploadPart);
        }
      })();
      await uploads.receiveLocalUpload(parts);
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    return reply.code(204).send();
  });
}
