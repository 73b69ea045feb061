import {
  ADMIN_API_PREFIX,
  ErrorCode,
  mayCallWithRoles,
  type OperatorRole,
  roleNames,
  rolesAdmitted,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { TokenAudience } from '../lib/tokens.js';
import { findOperatorBySid } from '../modules/operator/index.js';
import type { OperatorRow } from '../db/rows.js';
import { findUserBySid } from '../modules/user/index.js';
import type { UserRow } from '../db/rows.js';

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
    /** A signed-in 管理员: the guard of an operator route that names no roles. */
    requireOperator: OperatorGuard;
    /**
     * A signed-in operator holding one of `roles` (管理员 always may); `route()` builds it from an
     * endpoint's roles, a route registered by hand names its own.
     */
    requireOperatorOf: (roles: readonly OperatorRole[] | undefined) => OperatorGuard;
    /** Every operator route and the roles it admits, as registered (tests and docs read it). */
    operatorRoutes: OperatorRouteInfo[];
  }
}

export type OperatorGuard = (request: FastifyRequest) => Promise<void>;

export interface OperatorRouteInfo {
  method: string;
  url: string;
  roles: readonly OperatorRole[];
}

/** Marks an operator guard with the roles it admits, so the route table can be checked. */
const ADMITTED = Symbol('operator roles admitted');

function admittedBy(hook: unknown): readonly OperatorRole[] | undefined {
  return typeof hook === 'function' ? (hook as { [ADMITTED]?: readonly OperatorRole[] })[ADMITTED] : undefined;
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
  /**
   * The operator's row is read on every request: disabling, a password reset or 退出 (which move
   * the token version on) end its sessions at once on every server, and a change of roles
   * applies to the next request.
   */
  async function loadOperator(request: FastifyRequest): Promise<OperatorRow> {
    const token = bearerToken(request);
    if (!token) throw new AppError(ErrorCode.AUTH_REQUIRED);
    const claims = await verified('operator', token);
    const operator = await findOperatorBySid(db, claims.sub);
    if (!operator) throw new AppError(ErrorCode.TOKEN_INVALID);
    if (operator.tokenVersion !== claims.tv || !operator.enabled) throw new AppError(ErrorCode.TOKEN_EXPIRED);
    request.operator = operator;
    return operator;
  }

  function requireOperatorOf(roles: readonly OperatorRole[] | undefined): OperatorGuard {
    const admitted = rolesAdmitted(roles);
    const refusal = `您的角色无权执行此操作，需要${roleNames(admitted)}角色`;
    const guard: OperatorGuard = async (request) => {
      const operator = await loadOperator(request);
      if (!mayCallWithRoles(operator.roles, admitted)) throw new AppError(ErrorCode.OPERATOR_ROLE_FORBIDDEN, refusal);
    };
    return Object.assign(guard, { [ADMITTED]: admitted });
  }

  app.decorate('requireOperatorOf', requireOperatorOf);
  app.decorate('requireOperator', requireOperatorOf(undefined));
  app.decorate('operatorRoutes', [] as OperatorRouteInfo[]);

  // Every route under /api/admin/ but the sign-in checks roles: one registered without a role
  // guard stops the server at start instead of opening to every operator.
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const admitted = ([] as unknown[])
      .concat(route.onRequest ?? [])
      .map(admittedBy)
      .find(Boolean);
    if (admitted) {
      for (const method of methods) app.operatorRoutes.push({ method, url: route.url, roles: admitted });
      return;
    }
    if (route.url.startsWith(ADMIN_API_PREFIX) && route.config?.endpoint?.access !== 'public') {
      throw new Error(`${methods.join(',')} ${route.url}: an operator route needs app.requireOperatorOf(roles)`);
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['envelope'] });
