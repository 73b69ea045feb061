import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { TokenAudience } from '../lib/tokens.js';
import { findOperatorBySid, type OperatorRow } from '../modules/operator/operator.repository.js';
import { findUserBySid, type UserRow } from '../modules/user/user.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in buyer, set by `requireUser`, `requireMainAccount` or `optionalUser`. */
    user: UserRow | null;
    operator: OperatorRow | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireMainAccount: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
    requireOperator: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  // A present but unreadable header is a broken token, not an anonymous visitor.
  if (!match?.[1]) throw new AppError(ErrorCode.TOKEN_INVALID);
  return match[1];
}

async function authPlugin(app: FastifyInstance) {
  const { tokens, db } = app.deps;

  async function verified(audience: TokenAudience, token: string) {
    const result = await tokens.verify(audience, token);
    if (!result.ok) throw new AppError(result.reason === 'expired' ? ErrorCode.TOKEN_EXPIRED : ErrorCode.TOKEN_INVALID);
    return result.claims;
  }

  async function loadUser(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw new AppError(ErrorCode.AUTH_REQUIRED);
      return;
    }
    const claims = await verified('buyer', token);
    const user = await findUserBySid(db, claims.sub);
    if (!user) throw new AppError(ErrorCode.TOKEN_INVALID);
    // Password changes and disabling bump the version, which revokes every older token.
    if (user.tokenVersion !== claims.tv || !user.enabled) throw new AppError(ErrorCode.TOKEN_EXPIRED);
    if (user.level === 1) {
      // A sub-account acts for its main account: it stops when the main account is disabled
      // or switches sub-accounts off, without touching each sub-account's token version.
      const parent = user.parentSid ? await findUserBySid(db, user.parentSid) : undefined;
      if (!parent?.enabled || !parent.subEnabled) throw new AppError(ErrorCode.TOKEN_EXPIRED);
    }
    request.user = user;
  }

  app.decorateRequest('user', null);
  app.decorateRequest('operator', null);

  app.decorate('optionalUser', (request: FastifyRequest) => loadUser(request, false));
  app.decorate('requireUser', (request: FastifyRequest) => loadUser(request, true));
  app.decorate('requireMainAccount', async (request: FastifyRequest) => {
    await loadUser(request, true);
    if (request.user?.level !== 0) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY);
  });
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(ErrorCode.AUTH_REQUIRED);
    const claims = await verified('operator', token);
    const operator = await findOperatorBySid(db, claims.sub);
    if (!operator) throw new AppError(ErrorCode.TOKEN_INVALID);
    if (operator.tokenVersion !== claims.tv || !operator.enabled) throw new AppError(ErrorCode.TOKEN_EXPIRED);
    request.operator = operator;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['envelope'] });
