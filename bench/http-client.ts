import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** What a bench reads of an answer: its status and its JSON body. */
export interface BenchResponse {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}

/** Kept-alive connections, as a browser keeps them: a loop of requests reuses its socket. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/**
 * One HTTP request from a bench's load loop, on node:http instead of the global fetch: fetch
 * (undici's spec-complete Response, headers and streams) cost the checkout bench's client about
 * half a core at 400 requests a second, taken from the server and PostgreSQL on a 2-core machine.
 * It asks for compressed answers as a browser does (the server's compression stays measured) and
 * decodes them.
 */
export function benchRequest(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<BenchResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'accept-encoding': 'br, gzip, deflate', ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
        resolve({ status, ok: status >= 200 && status < 300, json: async () => JSON.parse(text) as unknown });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
