import { errors, jwtVerify, SignJWT } from 'jose';
import { createSecretKey, type KeyObject } from 'node:crypto';

export type TokenAudience = 'buyer' | 'operator';

export interface TokenClaims {
  sub: string;
  /** Token version of the account when issued; a bump revokes older tokens. */
  tv: number;
}

const ISSUER = 'gemstock';
const ALGORITHM = 'HS256';

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** How many verified tokens a process remembers (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /** Made once: handing jose the raw bytes makes it import a key on every call. */
  private readonly key: KeyObject;
  /**
   * Tokens whose signature and claims were checked, by audience and token, until their expiry:
   * checking an HMAC through WebCrypto was a twentieth of a busy server's CPU, for the same
   * answer on every request of a session. What the token says is fixed by its signature, so
   * remembering it changes no answer; whether the account still accepts it (its token version,
   * a disabled account) is asked of the database on every request, as before.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
    /** The time tokens are signed and checked at (a test's clock; the system's otherwise). */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createSecretKey(secret);
  }

  async sign(audience: TokenAudience, claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tv })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(this.now())
      .setExpirationTime(new Date(this.now().getTime() + this.ttlSeconds * 1000))
      .sign(this.key);
  }

  /**
   * The algorithm is pinned: `alg: none` and any other algorithm are refused. A token must carry
   * an expiry: one signed without `exp` would otherwise stay valid for ever.
   */
  async verify(audience: TokenAudience, token: string): Promise<VerifyResult> {
    const cacheKey = `${audience} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known) {
      if (this.now().getTime() < known.expiresAtMs) return { ok: true, claims: known.claims };
      this.verified.delete(cacheKey);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: this.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return { ok: false, reason: 'invalid' };
      const claims = { sub: payload.sub, tv: payload.tv };
      // the oldest entry makes room (a Map iterates in insertion order)
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(cacheKey, { claims, expiresAtMs: payload.exp! * 1000 });
      return { ok: true, claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
