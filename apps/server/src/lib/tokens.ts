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

export class TokenService {
  /** Made once: handing jose the raw bytes makes it import a key on every call. */
  private readonly key: KeyObject;

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(secret);
  }

  async sign(audience: TokenAudience, claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tv })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The algorithm is pinned: `alg: none` and any other algorithm are refused. A token must carry
   * an expiry: one signed without `exp` would otherwise stay valid for ever.
   */
  async verify(audience: TokenAudience, token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { sub: payload.sub, tv: payload.tv } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
