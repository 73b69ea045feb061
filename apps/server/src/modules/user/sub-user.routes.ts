import { USER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import {
  createSubUser,
  listSubUsers,
  resetSubUserEmail,
  setSubUserEnabled,
  setSubUserPassword,
  updateSubUser,
} from './sub-user.service.js';

/** Sub-account management; main accounts only (spec §6). */
export async function subUserRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, USER_API.subUsers, async (request) => listSubUsers(deps, request.user, request.query));

  route(app, USER_API.createSubUser, async (request) => createSubUser(deps, request.user, request.body));

  route(app, USER_API.updateSubUser, async (request) =>
    updateSubUser(deps, request.user, request.params.id, request.body),
  );

  route(app, USER_API.setSubUserPassword, async (request) => {
    await setSubUserPassword(deps, request.user, request.params.id, request.body);
    return null;
  });

  route(app, USER_API.setSubUserEnabled, async (request) =>
    setSubUserEnabled(deps, request.user, request.params.id, request.body),
  );

  route(app, USER_API.resetEmailForSub, async (request) => resetSubUserEmail(deps, request.user, request.body));
}
