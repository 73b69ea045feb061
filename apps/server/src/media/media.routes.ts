import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../plugins/envelope.js';
import { isPublicKey, StorageNotFoundError, type ByteRange } from './storage.js';

/** Public keys name one version of a file (see keys.ts), so browsers and CDNs may keep it forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

type RangeResult = { kind: 'none' } | { kind: 'ok'; range: ByteRange } | { kind: 'unsatisfiable' };

/** One `bytes=` range (video players ask for those); several ranges are answered whole. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, from, to] = match;
  if (from === '' && to === '') return { kind: 'none' };
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return { kind: 'unsatisfiable' };
  return { kind: 'ok', range: { start, end } };
}

function notFound(reply: FastifyReply) {
  return sendError(reply, ErrorCode.NOT_FOUND, ErrorCode.NOT_FOUND.message);
}

/**
 * GET /media/<key inside public/>: serves the public area of storage and nothing else. A path
 * that is not a valid public key (`..`, encoded slashes, `private/…`) is simply not found.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const { storage } = app.deps;

  // HEAD is declared rather than derived from GET: the derived one would read the whole file.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      const rest = (request.params as { '*'?: string })['*'] ?? '';
      const key = `public/${rest}`;
      if (!isPublicKey(key)) return notFound(reply);
      const info = await storage.stat(key);
      if (!info) return notFound(reply);

      const etag = `"${info.bytes.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`;
      const headers = {
        'content-type': info.contentType,
        'cache-control': IMMUTABLE_CACHE,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
        etag,
        'last-modified': info.modifiedAt.toUTCString(),
      };
      if (request.headers['if-none-match'] === etag) return reply.code(304).headers(headers).send();

      const range = parseRange(request.headers.range, info.bytes);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).headers(headers).header('content-range', `bytes */${info.bytes}`).send();
      }
      const byteRange = range.kind === 'ok' ? range.range : undefined;
      let body;
      if (request.method !== 'HEAD') {
        try {
          body = await storage.getStream(key, byteRange);
        } catch (error) {
          // Deleted between stat and open.
          if (error instanceof StorageNotFoundError) return notFound(reply);
          throw error;
        }
      }
      reply.headers(headers).header('content-length', byteRange ? byteRange.end - byteRange.start + 1 : info.bytes);
      if (byteRange) reply.code(206).header('content-range', `bytes ${byteRange.start}-${byteRange.end}/${info.bytes}`);
      return reply.send(body);
    },
  });
}
