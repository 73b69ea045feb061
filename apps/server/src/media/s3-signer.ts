import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible stores (AWS S3, Aliyun OSS's S3 API, MinIO),
 * header-based, written on node:crypto alone. Checked against the worked examples of the S3
 * documentation ("Signature Calculations for the Authorization Header"), see
 * test/unit/s3-signer.test.ts.
 */

export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigV4Request {
  method: string;
  /** Host header value as sent (with the port when it is not the scheme's default). */
  host: string;
  /** The object path, NOT encoded (e.g. `/bucket/test$file.text`); it is encoded here. */
  path: string;
  /** Query parameters, not encoded; a parameter without value is ''. */
  query?: Record<string, string>;
  /** Other headers to sign and send (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED_PAYLOAD. */
  payloadHash: string;
  region: string;
  service?: string;
  now: Date;
}

export interface SignedRequest {
  /** Headers to send: the caller's plus x-amz-date, x-amz-content-sha256 and authorization (lower case). */
  headers: Record<string, string>;
  /** Encoded path and query, exactly as signed: use them to build the URL. */
  encodedPath: string;
  encodedQuery: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/**
 * RFC 3986 encoding as SigV4 wants it: every byte except A–Z a–z 0–9 - . _ ~ is %XX (upper
 * case); '/' is kept when `keepSlash` (object paths) and encoded otherwise (query values).
 */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query string sorted by encoded name (then value), each part encoded, `name=` for empty values. */
export function canonicalQueryString(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** 20130524T000000Z */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export function signRequest(request: SigV4Request, credentials: SigV4Credentials): SignedRequest {
  const service = request.service ?? 's3';
  const timestamp = amzDate(request.now);
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${request.region}/${service}/aws4_request`;

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = request.payloadHash;
  // Host is signed but not returned: fetch derives it from the URL, which carries the same value.
  const signed: Record<string, string> = { ...headers, host: request.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');

  const encodedPath = uriEncode(request.path.startsWith('/') ? request.path : `/${request.path}`, true);
  const encodedQuery = canonicalQueryString(request.query);
  const canonicalRequest = [
    request.method.toUpperCase(),
    encodedPath,
    encodedQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, date, request.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers, encodedPath, encodedQuery, canonicalRequest, stringToSign, signature };
}
