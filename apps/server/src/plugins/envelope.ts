import { ErrorCode, type ErrorSpec } from '@gemstock/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, type FieldError } from '../lib/app-error.js';

/** Success envelope: code 0 with the payload in `data`. */
export function ok<T>(data: T): { code: 0; data: T; message: string } {
  return { code: 0, data, message: 'ok' };
}

export function sendError(reply: FastifyReply, spec: ErrorSpec, message: string, fields?: FieldError[]) {
  return reply
    .status(spec.http)
    .send({ code: spec.code, data: fields ? { fields } : null, message, requestId: reply.request.id });
}

const CONTEXT_LABEL: Record<string, string> = {
  body: '请求内容',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Maps framework errors (parsing, limits) to catalogue codes by Fastify's error codes. */
function specForFastifyError(error: FastifyError): ErrorSpec | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return ErrorCode.MALFORMED_BODY;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return ErrorCode.PAYLOAD_TOO_LARGE;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    default:
      break;
  }
  if (error.statusCode === 429) return ErrorCode.RATE_LIMITED;
  if (error.statusCode === 413) return ErrorCode.PAYLOAD_TOO_LARGE;
  if (error.statusCode === 415) return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
  if (error.statusCode === 400 && error instanceof SyntaxError) return ErrorCode.MALFORMED_BODY;
  return undefined;
}

/** SQLSTATE 22021 / 22P05: text the database encoding cannot hold, found anywhere in the cause chain. */
function hasUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A coded 5xx (an outside service failed) is still ours to look into; 4xx are the client's.
      if (error.spec.http >= 500) {
        request.log.error({ err: error.cause ?? error, errorCode: error.spec.code }, error.message);
      }
      return sendError(reply, error.spec, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? ErrorCode.VALIDATION.message,
      }));
      const first = fields[0];
      const context = CONTEXT_LABEL[String(error.validationContext)] ?? '请求';
      const message = first
        ? first.path
          ? first.message
          : `${context}：${first.message}`
        : ErrorCode.VALIDATION.message;
      return sendError(reply, ErrorCode.VALIDATION, message, fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendError(reply, ErrorCode.INTERNAL, ErrorCode.INTERNAL.message);
    }
    const spec = specForFastifyError(error);
    if (spec) return sendError(reply, spec, spec.message);
    if (hasUnstorableText(error)) {
      // Text PostgreSQL cannot store (a NUL in a query string, say) is bad input, not our fault.
      request.log.warn({ err: error }, 'unstorable text in input');
      return sendError(reply, ErrorCode.VALIDATION, '请求内容包含无效字符');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error without a catalogue code');
      return sendError(reply, { ...ErrorCode.VALIDATION, http: error.statusCode }, ErrorCode.VALIDATION.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(
        reply.header('retry-after', '5'),
        ErrorCode.DATABASE_UNAVAILABLE,
        ErrorCode.DATABASE_UNAVAILABLE.message,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, ErrorCode.INTERNAL, ErrorCode.INTERNAL.message);
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
