/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error.
 * Drizzle wraps driver errors in DrizzleQueryError, so the chain of causes is searched; the
 * shape is the same for node-postgres and PGlite.
 */
export function uniqueViolationConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/** Socket errors of a database that is down, unreachable or gone away mid-query. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** What node-postgres says when a connection or an answer does not come in time. */
const TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'connection timeout',
];

/**
 * Whether an error means the database is unavailable (down, stalled, out of connections, or a
 * statement cancelled by statement_timeout) rather than a bug: such requests answer with a
 * coded 503 (1600) instead of a 500. SQLSTATE classes 08 (connection exception) and 57
 * (operator intervention: 57014 statement timeout, 57P01 shutdown) and 53300 (too many
 * connections) count.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (/^(08|57)/.test(code) || code === '53300' || UNREACHABLE_ERRNOS.has(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (TIMEOUT_MESSAGES.some((text) => message.includes(text))) return true;
    current = candidate.cause;
  }
  return false;
}
