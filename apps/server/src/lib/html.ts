/** Text made safe inside HTML: element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Brotli quality of responses compressed per request (JSON through @fastify/compress, the first
 * pages made per request): close to gzip's speed with a smaller result; quality 11 (the default,
 * used for the pre-compressed build) costs milliseconds per call.
 */
export const RESPONSE_BROTLI_QUALITY = 4;
