import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest } from './s3-signer.js';
import {
  assertValidStorageKey,
  type ByteRange,
  contentTypeForKey,
  InvalidStorageKeyError,
  isPublicKey,
  type Storage,
  type StorageLocation,
  type StoredObject,
  StorageNotFoundError,
} from './storage.js';

/**
 * Storage on any S3-compatible object store (AWS S3, Aliyun OSS through its S3 API, MinIO),
 * spoken directly over HTTP with SigV4 (s3-signer.ts) and the global fetch: no SDK.
 *
 * - Addressing: virtual-hosted (`https://bucket.endpoint/key`, what AWS and OSS expect) or
 *   path-style (`https://endpoint/bucket/key`, MinIO) with `forcePathStyle`.
 * - Keys are the same `public/…` and `private/…` keys as on local disk. The bucket itself stays
 *   private; to serve public objects straight from the store or a CDN, allow anonymous reads of
 *   `public/*` only and set `publicBaseUrl`. Without it, public objects are proxied by the
 *   app's own `/media/…` route, so originals are never reachable either way.
 * - put() is whole or nothing, as S3 PUT is. A stream of unknown length is spooled to a
 *   temporary file first, so its length and SHA-256 are known and signed.
 */

export interface S3StorageOptions {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
  /** Base URL of public objects (CDN or bucket); null: served by the app under /media. */
  publicBaseUrl?: string | null | undefined;
  /** Where streams are spooled before upload; defaults to the OS temp dir. */
  spoolDir?: string;
  /** Time limit of one request (not of reading a downloaded body). */
  requestTimeoutMs?: number;
  /** For tests: a fixed clock. */
  now?: () => Date;
  /** For tests: the HTTP client (defaults to the global fetch). */
  fetch?: typeof fetch;
}

export class S3StorageError extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

/** Public files are content-addressed (keys.ts): a CDN may keep them forever. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An upload of a few hundred MB over a slow link: minutes, not seconds. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

function errorCodeOf(body: string): string | null {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? null;
}

export class S3Storage implements Storage {
  private readonly endpoint: URL;
  private readonly publicBaseUrl: string;
  private readonly options: S3StorageOptions;

  constructor(options: S3StorageOptions) {
    this.options = options;
    this.endpoint = new URL(options.endpoint);
    if (this.endpoint.protocol !== 'https:' && this.endpoint.protocol !== 'http:') {
      throw new Error(`S3 endpoint must be http(s): ${options.endpoint}`);
    }
    this.publicBaseUrl = (options.publicBaseUrl ?? '/media').replace(/\/$/, '');
  }

  location(): StorageLocation {
    const { protocol, host } = this.endpoint;
    return { driver: 's3', identity: `${protocol}//${host}/${this.options.bucket}` };
  }

  /** Scheme + host (+ port) and the unencoded path of a key, in the configured addressing style. */
  private target(key: string): { origin: string; host: string; path: string } {
    const { protocol, host } = this.endpoint;
    if (this.options.forcePathStyle) {
      return { origin: `${protocol}//${host}`, host, path: `/${this.options.bucket}/${key}` };
    }
    const virtualHost = `${this.options.bucket}.${host}`;
    return { origin: `${protocol}//${virtualHost}`, host: virtualHost, path: `/${key}` };
  }

  private async send(
    method: string,
    key: string,
    init: { headers?: Record<string, string>; payloadHash?: string; body?: Buffer | Readable; timeoutMs?: number } = {},
  ): Promise<Response> {
    assertValidStorageKey(key);
    const { origin, host, path } = this.target(key);
    const signed = signRequest(
      {
        method,
        host,
        path,
        headers: init.headers ?? {},
        payloadHash: init.payloadHash ?? EMPTY_PAYLOAD_SHA256,
        region: this.options.region,
        now: this.options.now?.() ?? new Date(),
      },
      { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? this.options.requestTimeoutMs ?? 60_000);
    try {
      const body =
        init.body === undefined ? undefined : Buffer.isBuffer(init.body) ? init.body : Readable.toWeb(init.body);
      return await (this.options.fetch ?? fetch)(
        `${origin}${signed.encodedPath}${signed.encodedQuery ? `?${signed.encodedQuery}` : ''}`,
        {
          method,
          headers: signed.headers,
          body: body as RequestInit['body'],
          signal: controller.signal,
          ...(body && !Buffer.isBuffer(body) ? { duplex: 'half' } : {}),
        } as RequestInit,
      );
    } finally {
      // Only the request and the wait for the response head are limited; reading a long
      // download afterwards may take its time.
      clearTimeout(timer);
    }
  }

  private async fail(method: string, key: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = errorCodeOf(text);
    throw new S3StorageError(response.status, code, `S3 ${method} ${key}: ${response.status} ${code ?? ''}`.trim());
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject> {
    assertValidStorageKey(key);
    const expected = contentTypeForKey(key);
    if (expected !== 'application/octet-stream' && expected !== contentType.split(';')[0]!.trim().toLowerCase()) {
      throw new Error(`content type ${contentType} does not match the extension of ${key}`);
    }
    const headers: Record<string, string> = { 'content-type': contentType };
    if (isPublicKey(key)) headers['cache-control'] = PUBLIC_CACHE_CONTROL;

    if (Buffer.isBuffer(body)) {
      headers['content-length'] = String(body.length);
      const response = await this.send('PUT', key, {
        headers,
        payloadHash: sha256Hex(body),
        body,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      if (!response.ok) await this.fail('PUT', key, response);
      await response.body?.cancel();
      return { key, bytes: body.length, contentType, modifiedAt: new Date() };
    }

    const spoolDir = this.options.spoolDir ?? join(tmpdir(), 'gemstock-s3-spool');
    await mkdir(spoolDir, { recursive: true });
    const spool = join(spoolDir, `${randomUUID()}.part`);
    let upload: ReadStream | undefined;
    try {
      const hash = createHash('sha256');
      let bytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(body, measure, createWriteStream(spool, { mode: 0o600 }));
      headers['content-length'] = String(bytes);
      upload = createReadStream(spool);
      const response = await this.send('PUT', key, {
        headers,
        payloadHash: hash.digest('hex'),
        body: upload,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      if (!response.ok) await this.fail('PUT', key, response);
      await response.body?.cancel();
      return { key, bytes, contentType, modifiedAt: new Date() };
    } finally {
      // A request that failed before reading the whole spool file leaves it open: close it, so
      // the removed file's disk space is given back now rather than at exit.
      upload?.destroy();
      body.destroy();
      await rm(spool, { force: true });
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const headers: Record<string, string> = {};
    if (range) headers.range = `bytes=${range.start}-${range.end}`;
    const response = await this.send('GET', key, { headers });
    if (response.status === 404) {
      await response.body?.cancel();
      throw new StorageNotFoundError(key);
    }
    if (!response.ok || !response.body) await this.fail('GET', key, response);
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async stat(key: string): Promise<StoredObject | null> {
    const response = await this.send('HEAD', key);
    await response.body?.cancel();
    if (response.status === 404) return null;
    if (!response.ok) throw new S3StorageError(response.status, null, `S3 HEAD ${key}: ${response.status}`);
    const modified = response.headers.get('last-modified');
    return {
      key,
      bytes: Number(response.headers.get('content-length') ?? 0),
      contentType: contentTypeForKey(key),
      modifiedAt: modified ? new Date(modified) : new Date(0),
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await this.fail('DELETE', key, response);
    await response.body?.cancel();
  }

  publicUrl(key: string): string {
    if (!isPublicKey(key)) throw new InvalidStorageKeyError(key);
    // With a CDN or public bucket the key is used as is; the app's own route drops the area.
    if (this.options.publicBaseUrl) return `${this.publicBaseUrl}/${key}`;
    return `${this.publicBaseUrl}/${key.slice('public/'.length)}`;
  }
}
