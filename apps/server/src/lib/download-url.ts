import { MATERIAL_PATHS } from '@gemstock/contract';
import { createHmac } from 'node:crypto';
import { sameBytes } from './constant-time.js';

/**
 * Short-lived signed links to private storage objects (originals). Whoever decides that a buyer
 * may download a file (a free download now, a purchase in checkout) signs the key; the
 * `/api/media/original` route only checks the signature and the expiry, so it needs no session
 * and no database. The link works any number of times until it expires (a browser or download
 * manager may retry or resume), which is why it is kept short.
 *
 * The HMAC key is derived from the JWT secret with a purpose label, so a token signature can never
 * be replayed as a link signature or the other way round, and every API server (sharing
 * JWT_SECRET) accepts every link.
 */

export const DEFAULT_DOWNLOAD_TTL_SECONDS = 300;

export interface SignedDownloadUrl {
  url: string;
  expiresAt: Date;
}

export type DownloadUrlCheck = { ok: true; key: string } | { ok: false; reason: 'invalid' | 'expired' };

export interface DownloadUrlSigner {
  signDownloadUrl(key: string, ttlSeconds?: number): SignedDownloadUrl;
  verifyDownloadUrl(query: { key: string; exp: number; sig: string }): DownloadUrlCheck;
}

const PURPOSE = 'gemstock:download-url:v1';

export function createDownloadUrlSigner(secret: Uint8Array, now: () => number = Date.now): DownloadUrlSigner {
  const hmacKey = createHmac('sha256', secret).update(PURPOSE).digest();
  const signatureOf = (key: string, exp: number) =>
    createHmac('sha256', hmacKey).update(`${key}\n${exp}`).digest('base64url');

  return {
    signDownloadUrl(key, ttlSeconds = DEFAULT_DOWNLOAD_TTL_SECONDS) {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const params = new URLSearchParams({ key, exp: String(exp), sig: signatureOf(key, exp) });
      return { url: `${MATERIAL_PATHS.original}?${params.toString()}`, expiresAt: new Date(exp * 1000) };
    },
    verifyDownloadUrl({ key, exp, sig }) {
      const expected = Buffer.from(signatureOf(key, exp));
      const given = Buffer.from(sig);
      // The signature is checked before the expiry, so an edited `exp` reads as tampering.
      if (!sameBytes(given, expected)) return { ok: false, reason: 'invalid' };
      if (exp * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, key };
    },
  };
}
