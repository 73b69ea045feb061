import {
  USER_PATHS,
  ZCreateSubUserRequest,
  ZEmptyResponse,
  ZResetEmailForSubRequest,
  ZSidParams,
  ZSubUserEnabledRequest,
  ZSubUserPasswordRequest,
  ZSubUserResponse,
  ZSubUsersResponse,
  ZUpdateSubUserRequest,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import {
  createSubUser,
  listSubUsers,
  resetSubUserEmail,
  setSubUserEnabled,
  setSubUserPassword,
  updateSubUser,
} from './sub-user.service.js';
import { signedInUser } from './request-user.js';

/** Sub-account management; main accounts only (spec §6). */
export async function subUserRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const subUserResponse = { 200: zEnvelope(ZSubUserResponse) };
  const onRequest = app.requireMainAccount;

  app.get(
    USER_PATHS.subUsers,
    { onRequest, schema: { response: { 200: zEnvelope(ZSubUsersResponse) } } },
    async (request) => ok(await listSubUsers(deps, signedInUser(request))),
  );

  app.post(
    USER_PATHS.subUsers,
    { onRequest, schema: { body: ZCreateSubUserRequest, response: subUserResponse } },
    async (request) => ok(await createSubUser(deps, signedInUser(request), request.body)),
  );

  app.put(
    USER_PATHS.subUser(':id'),
    { onRequest, schema: { params: ZSidParams, body: ZUpdateSubUserRequest, response: subUserResponse } },
    async (request) => ok(await updateSubUser(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.put(
    USER_PATHS.subUserPassword(':id'),
    {
      onRequest,
      schema: { params: ZSidParams, body: ZSubUserPasswordRequest, response: { 200: zEnvelope(ZEmptyResponse) } },
    },
    async (request) => {
      await setSubUserPassword(deps, signedInUser(request), request.params.id, request.body);
      return ok(null);
    },
  );

  app.put(
    USER_PATHS.subUserEnabled(':id'),
    { onRequest, schema: { params: ZSidParams, body: ZSubUserEnabledRequest, response: subUserResponse } },
    async (request) => ok(await setSubUserEnabled(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    USER_PATHS.resetEmailForSub,
    { onRequest, schema: { body: ZResetEmailForSubRequest, response: subUserResponse } },
    async (request) => ok(await resetSubUserEmail(deps, signedInUser(request), request.body)),
  );
}
