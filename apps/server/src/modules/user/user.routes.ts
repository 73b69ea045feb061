import {
  USER_PATHS,
  ZChangeEmailRequest,
  ZChangeMobileRequest,
  ZCompanyRequest,
  ZEmptyResponse,
  ZForgetPasswordRequest,
  ZLoginRequest,
  ZMeResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendCodeResponse,
  ZSendEmailCodeRequest,
  ZSendMobileCodeRequest,
  ZTokenResponse,
  ZUserResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { createCodeChallenge } from './code-challenge.js';
import { signedInUser } from './request-user.js';
import { subUserRoutes } from './sub-user.routes.js';
import {
  changeContact,
  forgetPassword,
  getCurrentUser,
  login,
  logout,
  register,
  requestCode,
  resetPassword,
  updateCompany,
} from './user.service.js';

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

export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const emptyResponse = { 200: zEnvelope(ZEmptyResponse) };
  const userResponse = { 200: zEnvelope(ZUserResponse) };

  app.post(
    USER_PATHS.sendEmailCode,
    {
      config: { rateLimit: RATE_LIMITS.sendCode },
      schema: { body: ZSendEmailCodeRequest, response: { 200: zEnvelope(ZSendCodeResponse) } },
    },
    async (request) => ok(await requestCode(deps, request.body, request.ip)),
  );

  app.post(
    USER_PATHS.sendMobileCode,
    {
      config: { rateLimit: RATE_LIMITS.sendCode },
      schema: { body: ZSendMobileCodeRequest, response: { 200: zEnvelope(ZSendCodeResponse) } },
    },
    async (request) => ok(await requestCode(deps, request.body, request.ip)),
  );

  app.get(USER_PATHS.codeChallenge, { config: { rateLimit: RATE_LIMITS.sendCode } }, async (_request, reply) =>
    // The ALTCHA widget reads the challenge as it is, not inside the envelope.
    reply.header('cache-control', 'no-store').send(await createCodeChallenge(deps)),
  );

  app.post(
    USER_PATHS.register,
    {
      config: { rateLimit: REGISTER_RATE_LIMIT },
      schema: { body: ZRegisterRequest, response: { 200: zEnvelope(ZTokenResponse) } },
    },
    async (request) => ok({ access_token: await register(deps, request.body) }),
  );

  app.post(
    USER_PATHS.login,
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: { body: ZLoginRequest, response: { 200: zEnvelope(ZTokenResponse) } },
    },
    async (request) => ok({ access_token: await login({ ...deps, log: request.log }, request.body) }),
  );

  app.post(USER_PATHS.logout, { onRequest: app.requireUser, schema: { response: emptyResponse } }, async (request) => {
    await logout(deps, signedInUser(request));
    return ok(null);
  });

  app.post(
    USER_PATHS.forgetPassword,
    { config: { rateLimit: RATE_LIMITS.checkCode }, schema: { body: ZForgetPasswordRequest, response: emptyResponse } },
    async (request) => {
      await forgetPassword(deps, request.body);
      return ok(null);
    },
  );

  app.get(
    USER_PATHS.me,
    { onRequest: app.requireUser, schema: { response: { 200: zEnvelope(ZMeResponse) } } },
    async (request) => ok(await getCurrentUser(deps, signedInUser(request))),
  );

  app.post(
    USER_PATHS.company,
    { onRequest: app.requireMainAccount, schema: { body: ZCompanyRequest, response: userResponse } },
    async (request) => ok(await updateCompany(deps, signedInUser(request), request.body)),
  );

  const contactRoutes = [
    { path: USER_PATHS.bindEmail, mode: 'bind', body: ZChangeEmailRequest },
    { path: USER_PATHS.resetEmail, mode: 'reset', body: ZChangeEmailRequest },
    { path: USER_PATHS.bindMobile, mode: 'bind', body: ZChangeMobileRequest },
    { path: USER_PATHS.resetMobile, mode: 'reset', body: ZChangeMobileRequest },
  ] as const;
  for (const route of contactRoutes) {
    app.post(
      route.path,
      {
        onRequest: app.requireMainAccount,
        config: { rateLimit: RATE_LIMITS.checkCode },
        schema: { body: route.body, response: userResponse },
      },
      async (request) => ok(await changeContact(deps, signedInUser(request), route.mode, request.body)),
    );
  }

  app.post(
    USER_PATHS.resetPassword,
    {
      onRequest: app.requireUser,
      // Someone holding a stolen token could otherwise guess the current password here.
      config: { rateLimit: RATE_LIMITS.login },
      schema: { body: ZResetPasswordRequest, response: emptyResponse },
    },
    async (request) => {
      await resetPassword(deps, signedInUser(request), request.body);
      return ok(null);
    },
  );

  await app.register(subUserRoutes);
}
