import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RESPONSE_BROTLI_QUALITY } from './html.js';

/*
 * Bodies the server compresses itself: pages made outside a route (which @fastify/compress, a hook
 * on routes, never sees) and bodies sent alike to many clients, compressed once instead of per
 * request.
 */

export type BodyEncoding = 'br' | 'gzip';

/** Smaller bodies go out as they are, as @fastify/compress's threshold (app.ts) leaves them. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli when the client accepts it, else gzip, else null (as it is). An encoding the client lists
 * with q=0 is one it refuses (RFC 9110 §12.5.3).
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): BodyEncoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name === 'x-gzip' ? 'gzip' : name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function encodeBody(text: string, encoding: BodyEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: RESPONSE_BROTLI_QUALITY } })
    : gzipSync(text);
}

/**
 * A body many clients are sent: each encoding is made the first time a client asks for it and
 * kept. The text itself is not kept (whoever holds the body usually holds its parts already): it
 * is made when asked for, and the text made to measure the body's length serves the encoding or
 * the plain answer that follows it in the same request.
 */
export class SharedBody {
  private readonly encoded = new Map<BodyEncoding, Buffer>();
  private bytes: number | undefined;
  /** The text made for byteLength, until the next call takes it. */
  private measured: string | undefined;

  constructor(private readonly make: () => string) {}

  text(): string {
    const text = this.measured ?? this.make();
    this.measured = undefined;
    return text;
  }

  byteLength(): number {
    if (this.bytes === undefined) {
      this.measured = this.make();
      this.bytes = Buffer.byteLength(this.measured);
    }
    return this.bytes;
  }

  encodedAs(encoding: BodyEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = encodeBody(this.text(), encoding);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * Sends `body` as the client accepts it, with the Vary header caches need. A SharedBody goes out
 * encoded as it was the first time; a string is encoded for this request.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  body: SharedBody | string,
) {
  const vary = reply.getHeader('vary');
  reply.type(contentType).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength();
  const encoding = bytes >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(typeof body === 'string' ? body : body.text());
  const encoded = typeof body === 'string' ? encodeBody(body, encoding) : body.encodedAs(encoding);
  return reply.header('content-encoding', encoding).send(encoded);
}
