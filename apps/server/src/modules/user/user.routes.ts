import { USER_API, USER_PATHS } from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/route.js';
import { subUserRoutes } from './sub-user.routes.js';
import type { SubUserService, UserService } from './user.module.js';

/**
 * Per client address, in memory on each server (the database caps on codes and the per-account
 * sign-in lock are the shared, durable limits). Password guessing is the reason for the login
 * limit. Code sending is only guarded against bursts here: past an hourly number per client
 * address the server asks for a proof-of-work answer (code-challenge.ts), so a whole office
 * behind one address can still sign up. Each code allows only five tries, so the code-checking
 * calls are limited loosely, against floods; registering counts per address registered.
 */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  sendCode: { max: 60, timeWindow: '1 minute' },
  checkCode: { max: 20, timeWindow: '1 minute' },
} as const;

/** Registration is limited per client address and registered address (the body is parsed by then). */
const REGISTER_RATE_LIMIT = {
  ...RATE_LIMITS.checkCode,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => {
    const body = request.body as { email?: unknown; mobile?: unknown } | undefined;
    return `${request.ip}|${String(body?.email ?? body?.mobile ?? '')}`;
  },
} as const;

export async function userRoutes(
  app: FastifyInstance,
  { users, subUsers }: { users: UserService; subUsers: SubUserService },
) {
  route(app, USER_API.sendEmailCode, { config: { rateLimit: RATE_LIMITS.sendCode } }, async (request) =>
    users.requestCode(request.body, request.ip),
  );

  route(app, USER_API.sendMobileCode, { config: { rateLimit: RATE_LIMITS.sendCode } }, async (request) =>
    users.requestCode(request.body, request.ip),
  );

  app.get(USER_PATHS.codeChallenge, { config: { rateLimit: RATE_LIMITS.sendCode } }, async (_request, reply) =>
    // The ALTCHA widget reads the challenge as it is, not inside the envelope.
    reply.header('cache-control', 'no-store').send(await users.createCodeChallenge()),
  );

  route(app, USER_API.register, { config: { rateLimit: REGISTER_RATE_LIMIT } }, async (request) => ({
    access_token: await users.register(request.body),
  }));

  route(app, USER_API.login, { config: { rateLimit: RATE_LIMITS.login } }, async (request) => ({
    access_token: await users.login(request.body, request.log),
  }));

  route(app, USER_API.logout, async (request) => {
    await users.logout(request.user);
    return null;
  });

  route(app, USER_API.forgetPassword, { config: { rateLimit: RATE_LIMITS.checkCode } }, async (request) => {
    await users.forgetPassword(request.body);
    return null;
  });

  route(app, USER_API.me, async (request) => users.getCurrentUser(request.user));

  route(app, USER_API.company, async (request) => users.updateCompany(request.user, request.body));

  const contactRoutes = [
    [USER_API.bindEmail, 'bind'],
    [USER_API.resetEmail, 'reset'],
    [USER_API.bindMobile, 'bind'],
    [USER_API.resetMobile, 'reset'],
  ] as const;
  for (const [endpoint, mode] of contactRoutes) {
    route(app, endpoint, { config: { rateLimit: RATE_LIMITS.checkCode } }, async (request) =>
      users.changeContact(request.user, mode, request.body),
    );
  }

  route(
    app,
    USER_API.resetPassword,
    // Someone holding a stolen token could otherwise guess the current password here.
    { config: { rateLimit: RATE_LIMITS.login } },
    async (request) => {
      await users.resetPassword(request.user, request.body);
      return null;
    },
  );

  await app.register(subUserRoutes, { subUsers });
}
