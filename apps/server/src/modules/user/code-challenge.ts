import { ErrorCode } from '@gemstock/contract';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { markChallengeUsed } from './verification-code.repository.js';

/**
 * The self-hosted proof-of-work check (ALTCHA) asked for when many codes come from one client
 * address, e.g. a company office behind one NAT: instead of refusing the 21st colleague, the
 * browser spends a moment of CPU. Challenges are signed with a key derived from JWT_SECRET, so
 * any server verifies any other's; each solved challenge is recorded until it expires, so it
 * opens exactly one request on one server.
 */

/** A challenge must be solved and used within this time. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const ALGORITHM = 'SHA-256';

export type CodeChallengeDeps = Pick<AppDeps, 'db' | 'config'>;

function secretsOf(secret: Uint8Array) {
  const derive = (label: string) => createHmac('sha256', secret).update(`gemstock/altcha/${label}/v1`).digest('hex');
  return { hmacSignatureSecret: derive('signature'), hmacKeySignatureSecret: derive('key-signature') };
}

/** A fresh challenge in the widget's format (GET /api/user/code_challenge). */
export async function createCodeChallenge(deps: Pick<AppDeps, 'config'>): Promise<Challenge> {
  const work = deps.config.codeChallengeWork;
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    // Deterministic mode: the answer is a counter the browser must find by trying each value.
    counter: randomInt(work, Math.ceil(work / 2)),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    ...secretsOf(deps.config.jwtSecret),
  });
}

interface ClientPayload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(payload: string): ClientPayload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as Partial<ClientPayload>;
    if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge (the widget's base64 payload) and uses it up. Wrong, forged, expired
 * or already used: CHALLENGE_INVALID.
 */
export async function redeemCodeChallenge(deps: CodeChallengeDeps, payload: string): Promise<void> {
  const parsed = parsePayload(payload);
  if (!parsed) throw new AppError(ErrorCode.CHALLENGE_INVALID);
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      ...secretsOf(deps.config.jwtSecret),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  const expiresAt = parsed.challenge.parameters.expiresAt;
  if (!verified || !parsed.challenge.signature || !expiresAt) throw new AppError(ErrorCode.CHALLENGE_INVALID);
  const fresh = await markChallengeUsed(deps.db, parsed.challenge.signature, new Date(expiresAt * 1000));
  if (!fresh) throw new AppError(ErrorCode.CHALLENGE_INVALID);
}
