import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** A caller's X-Request-Id is kept when it is a plain token (no spaces, quotes or newlines). */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's (or proxy's) X-Request-Id when valid, else a random UUID: unique across servers. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** Query parameters whose values are secrets or personal data: signatures, tokens, codes, addresses. */
const SECRET_PARAM = /sig|token|code|secret|pass|key|credential|auth|mobile|phone|email|ticket/i;

/** The URL with the values of secret-looking query parameters replaced (signed links stay unusable). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** Drizzle's "Failed query: … params: …" carries every bound value: keep the SQL, drop the values. */
function scrubParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, '\nparams: [REDACTED]');
}

/**
 * PostgreSQL quotes the offending value in data errors (class 22: `invalid input syntax for type
 * integer: "…"`): that value is a parameter too.
 */
function scrubQuotedValues(text: string | undefined): string | undefined {
  return text?.replace(/: "(?:[^"\\]|\\.)*"/g, ': "[REDACTED]"');
}

interface SerializedError {
  type: string;
  message: string | undefined;
  stack: string | undefined;
  /** The error's code (SQLSTATE, errno, FST_…); not `code`, which is redacted as a verification code. */
  errorCode?: unknown;
  statusCode?: unknown;
  cause?: SerializedError | unknown;
}

/** Errors for the log: type, message, stack, code and cause, never the query parameters. */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  const isDataError = typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code);
  const scrub = (text: string | undefined) => (isDataError ? scrubQuotedValues(scrubParams(text)) : scrubParams(text));
  // Only these fields: a driver error's `detail`, `where` or `parameters` may repeat the values.
  const out: SerializedError = { type: e.name, message: scrub(e.message), stack: scrub(e.stack) };
  if (e.code !== undefined) out.errorCode = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Field names redacted wherever they appear (up to three levels deep) in a log line. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'code',
  'verifyCode',
  'secret',
  'signature',
  'sign',
  'sig',
  'apiV3Key',
  'privateKey',
  'accessKeySecret',
  'mobile',
  'email',
  'phone',
  'idCard',
  'bankAccount',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Logger settings: JSON lines in production, pino-pretty in development (LOG_PRETTY), every
 * request's lines carrying its requestId, secrets and personal fields redacted, request URLs
 * without the values of signed or secret query parameters.
 */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  if (stream) return { ...loggerOptions({ ...config, logPretty: false }), stream };
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
      err: serializeError as never,
    },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
