import { createHmac } from 'node:crypto';
import { sameBytes } from './constant-time.js';

/**
 * The embedded default's stand-in for an S3 presigned POST: the form carries the policy (what
 * may be uploaded, where, until when) and its HMAC, so the upload route needs no session and no
 * database to know what to accept. The HMAC key is derived from the JWT secret with its own
 * purpose label (as lib/download-url.ts does), so no other signature of the server can be replayed
 * as an upload policy; production already refuses to start without JWT_SECRET (config.ts).
 */

export interface LocalUploadPolicy {
  /** The only key the file may be stored under. */
  key: string;
  /** Content types the form's Content-Type (and the file's bytes) may have. */
  contentTypes: string[];
  maxBytes: number;
  /** Unix seconds after which the policy is refused. */
  exp: number;
}

/** Form field names, the same as S3's where S3 has one. */
export const LOCAL_POLICY_FIELDS = {
  key: 'key',
  contentType: 'Content-Type',
  policy: 'policy',
  signature: 'x-gemstock-signature',
} as const;

const PURPOSE = 'gemstock:upload-policy:v1';

export type LocalPolicyCheck = { ok: true; policy: LocalUploadPolicy } | { ok: false; reason: 'invalid' | 'expired' };

export interface LocalPolicySigner {
  /** The form fields for a policy (the file goes last, as `file`). */
  sign(policy: LocalUploadPolicy, pinnedContentType?: string): Record<string, string>;
  /** Checks the signature first (so an edited expiry reads as tampering), then the expiry. */
  verify(encodedPolicy: string, signature: string): LocalPolicyCheck;
}

function isPolicy(value: unknown): value is LocalUploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    Array.isArray(v.contentTypes) &&
    v.contentTypes.every((t) => typeof t === 'string') &&
    Number.isSafeInteger(v.maxBytes) &&
    Number.isSafeInteger(v.exp)
  );
}

export function createLocalPolicySigner(secret: Uint8Array, now: () => number = Date.now): LocalPolicySigner {
  const hmacKey = createHmac('sha256', secret).update(PURPOSE).digest();
  const signatureOf = (encoded: string) => createHmac('sha256', hmacKey).update(encoded).digest('base64url');

  return {
    sign(policy, pinnedContentType) {
      const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64url');
      return {
        [LOCAL_POLICY_FIELDS.key]: policy.key,
        ...(pinnedContentType ? { [LOCAL_POLICY_FIELDS.contentType]: pinnedContentType } : {}),
        [LOCAL_POLICY_FIELDS.policy]: encoded,
        [LOCAL_POLICY_FIELDS.signature]: signatureOf(encoded),
      };
    },
    verify(encoded, signature) {
      if (!sameBytes(Buffer.from(signature), Buffer.from(signatureOf(encoded))))
        return { ok: false, reason: 'invalid' };
      let policy: unknown;
      try {
        policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (!isPolicy(policy)) return { ok: false, reason: 'invalid' };
      if (policy.exp * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, policy };
    },
  };
}
