import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent equals the one we expect (a signature, a code's hash), in time
 * that does not depend on where they first differ. A different length is simply unequal: it
 * tells nothing about the secret's bytes.
 */
export function sameBytes(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}
