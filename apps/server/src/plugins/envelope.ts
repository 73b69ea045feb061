import { ErrorCode, type ErrorSpec } from '@gemstock/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/app-error.js';

/** Success envelope: code 0 with the payload in `data`. */
export function ok<T>(data: T): { code: 0; data: T; message: string } {
  return { code: 0, data, message: 'ok' };
}

export function sendError(reply: FastifyReply, spec: ErrorSpec, message: string, fields?: FieldError[]) {
  return reply.status(spec.http).send({ code: spec.code, data: fields ? { fields } : null, message });
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

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error without a catalogue code');
      return sendError(reply, { ...ErrorCode.VALIDATION, http: error.statusCode }, ErrorCode.VALIDATION.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, ErrorCode.INTERNAL, ErrorCode.INTERNAL.message);
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
