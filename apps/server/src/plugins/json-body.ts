import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const NUL_MESSAGE = '请求内容包含无效字符';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * The API reads JSON only. A text/plain body is refused (415) instead of reaching a schema as a
 * bare string, and NUL characters are refused (400) here, once, because PostgreSQL cannot store
 * them in text and would otherwise fail deep inside a write with a 500.
 * Fastify's own JSON parser (with its prototype-poisoning guards) still does the parsing.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error, parsed) => {
      if (error) return done(error, undefined);
      if (containsNul(parsed)) return done(new AppError(ErrorCode.VALIDATION, NUL_MESSAGE), undefined);
      return done(null, parsed);
    });
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
