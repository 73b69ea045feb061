import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage, S3StorageError } from '../../src/media/s3-storage.js';
import { signRequest } from '../../src/media/s3-signer.js';
import { InvalidStorageKeyError, StorageNotFoundError } from '../../src/media/storage.js';

/**
 * A stand-in for an S3-compatible store on 127.0.0.1: it keeps objects in memory and checks
 * every request the way S3 does — the signature recomputed from what actually arrived (method,
 * path, the signed headers), the payload hash against the body received, Content-Length set.
 */
const ACCESS = 'GEMSTOCKTESTKEY';
const SECRET = 'gemstock-test-secret-not-a-real-one';
const REGION = 'cn-shenzhen';

interface Received {
  method: string;
  host: string;
  path: string;
  headers: IncomingMessage['headers'];
  bodyBytes: number;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function verifySignature(req: IncomingMessage, host: string): string | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'malformed authorization';
  const [, access, , region, signedHeaders, signature] = match;
  if (access !== ACCESS || region !== REGION) return 'wrong credential scope';
  const names = signedHeaders!.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!names.includes(required)) return `${required} not signed`;
  }
  const headers: Record<string, string> = {};
  for (const name of names) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
  const stamp = headers['x-amz-date']!;
  const url = new URL(req.url ?? '/', 'http://stub');
  const expected = signRequest(
    {
      method: req.method ?? 'GET',
      host,
      path: decodeURIComponent(url.pathname),
      headers: Object.fromEntries(
        Object.entries(headers).filter(([n]) => !['x-amz-date', 'x-amz-content-sha256'].includes(n)),
      ),
      payloadHash: headers['x-amz-content-sha256']!,
      region: REGION,
      now: new Date(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
      ),
    },
    { accessKeyId: ACCESS, secretAccessKey: SECRET },
  );
  if (expected.encodedPath !== url.pathname) return `path not canonically encoded: ${url.pathname}`;
  return expected.signature === signature ? null : 'SignatureDoesNotMatch';
}

function errorXml(code: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>stub</Message></Error>`;
}

describe('S3Storage against a local S3 stand-in', () => {
  let server: Server;
  let port: number;
  const objects = new Map<string, { body: Buffer; type: string; cacheControl: string | undefined; at: Date }>();
  const received: Received[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const host = String(req.headers['x-test-original-host'] ?? req.headers.host);
        const body = await readBody(req);
        const url = new URL(req.url ?? '/', 'http://stub');
        received.push({
          method: req.method ?? '',
          host,
          path: url.pathname,
          headers: req.headers,
          bodyBytes: body.length,
        });
        const problem = verifySignature(req, host);
        if (problem) {
          res.writeHead(403, { 'content-type': 'application/xml' }).end(errorXml('SignatureDoesNotMatch'));
          return;
        }
        const key = decodeURIComponent(url.pathname);
        if (req.method === 'PUT') {
          if (req.headers['content-length'] === undefined) {
            res.writeHead(411).end(errorXml('MissingContentLength'));
            return;
          }
          const hash = createHash('sha256').update(body).digest('hex');
          if (hash !== req.headers['x-amz-content-sha256']) {
            res.writeHead(400).end(errorXml('XAmzContentSHA256Mismatch'));
            return;
          }
          objects.set(key, {
            body,
            type: String(req.headers['content-type']),
            cacheControl: req.headers['cache-control'],
            at: new Date(),
          });
          res.writeHead(200, { etag: '"x"' }).end();
          return;
        }
        const object = objects.get(key);
        if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
          return;
        }
        if (!object) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(req.method === 'HEAD' ? undefined : errorXml('NoSuchKey'));
          return;
        }
        const headers = {
          'content-type': object.type,
          'last-modified': object.at.toUTCString(),
        };
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const part = object.body.subarray(Number(range[1]), Number(range[2]) + 1);
          res.writeHead(206, { ...headers, 'content-length': part.length }).end(part);
          return;
        }
        res.writeHead(200, { ...headers, 'content-length': object.body.length });
        res.end(req.method === 'HEAD' ? undefined : object.body);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  async function readAll(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function pathStyle(extra: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) {
    return new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: REGION,
      bucket: 'gemstock-media',
      accessKeyId: ACCESS,
      secretAccessKey: SECRET,
      forcePathStyle: true,
      ...extra,
    });
  }

  it('puts, stats, reads (whole and a range) and deletes an object, path-style', async () => {
    const storage = pathStyle();
    const key = 'public/materials/abc123/thumb-0123456789abcdef.webp';
    const data = Buffer.from('RIFF....WEBPVP8 fake but fine for storage');
    const stored = await storage.put(key, data, 'image/webp');
    expect(stored).toMatchObject({ key, bytes: data.length, contentType: 'image/webp' });
    const put = received.at(-1)!;
    expect(put).toMatchObject({
      method: 'PUT',
      host: `127.0.0.1:${port}`,
      path: `/gemstock-media/${key}`,
      bodyBytes: data.length,
    });
    expect(put.headers['content-length']).toBe(String(data.length));
    // Public files are content-addressed: the store (and a CDN in front) may cache them forever.
    expect(objects.get(`/gemstock-media/${key}`)?.cacheControl).toBe('public, max-age=31536000, immutable');

    expect(await storage.stat(key)).toMatchObject({ key, bytes: data.length, contentType: 'image/webp' });
    expect((await readAll(await storage.getStream(key))).equals(data)).toBe(true);
    expect((await readAll(await storage.getStream(key, { start: 0, end: 3 }))).toString()).toBe('RIFF');
    expect(received.at(-1)?.headers.range).toBe('bytes=0-3');

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.getStream(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key); // deleting a missing object is fine
  });

  it('streams a Readable of unknown length with its real length and SHA-256 signed', async () => {
    const storage = pathStyle();
    const key = 'private/materials/abc123/original-0123456789abcdef.mp4';
    const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(50_000, 2), Buffer.from('end')];
    await storage.put(key, Readable.from(chunks), 'video/mp4');
    const put = received.at(-1)!;
    expect(put.bodyBytes).toBe(120_003);
    expect(put.headers['content-length']).toBe('120003');
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));
    expect(objects.get(`/gemstock-media/${key}`)?.cacheControl).toBeUndefined();
  });

  it('addresses the bucket as a virtual host (AWS, Aliyun OSS) unless path-style is forced', async () => {
    const seen: string[] = [];
    const storage = new S3Storage({
      endpoint: 'https://oss-cn-shenzhen.aliyuncs.com',
      region: REGION,
      bucket: 'gemstock-media',
      accessKeyId: ACCESS,
      secretAccessKey: SECRET,
      // The stand-in cannot answer for *.aliyuncs.com: send it there, telling it the host signed.
      fetch: (input, init) => {
        const url = new URL(String(input));
        seen.push(url.toString());
        const headers = { ...(init?.headers as Record<string, string>), 'x-test-original-host': url.host };
        return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { ...init, headers });
      },
    });
    const key = 'public/materials/v1/cover-0123456789abcdef.webp';
    await storage.put(key, Buffer.from('cover'), 'image/webp');
    expect(seen).toEqual([`https://gemstock-media.oss-cn-shenzhen.aliyuncs.com/${key}`]);
    expect(received.at(-1)).toMatchObject({ host: 'gemstock-media.oss-cn-shenzhen.aliyuncs.com', path: `/${key}` });
    expect(objects.has(`/${key}`)).toBe(true);
  });

  it('surfaces the store refusing a request (a wrong secret) as an error, never as success', async () => {
    const storage = pathStyle({ secretAccessKey: 'wrong-secret' });
    const error = await storage
      .put('public/materials/abc/thumb-0123456789abcdef.webp', Buffer.from('x'), 'image/webp')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 403, s3Code: 'SignatureDoesNotMatch' });
    await expect(storage.stat('public/materials/abc/thumb-0123456789abcdef.webp')).rejects.toBeInstanceOf(
      S3StorageError,
    );
  });

  it('validates keys before any request and gives public URLs for public keys only', async () => {
    const storage = pathStyle();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.getStream('private/../public/x.jpg')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(received).toHaveLength(0);
    // Without a public base URL, public files are served by the app's own /media route.
    expect(storage.publicUrl('public/materials/a/thumb-1.webp')).toBe('/media/materials/a/thumb-1.webp');
    const cdn = pathStyle({ publicBaseUrl: 'https://cdn.example.cn/' });
    expect(cdn.publicUrl('public/materials/a/thumb-1.webp')).toBe(
      'https://cdn.example.cn/public/materials/a/thumb-1.webp',
    );
    expect(() => cdn.publicUrl('private/materials/a/original-1.jpg')).toThrow(InvalidStorageKeyError);
  });
});
