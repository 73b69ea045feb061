import { USER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { SubUserService } from './user.module.js';

/** Sub-account management; main accounts only (spec §6). */
export async function subUserRoutes(app: FastifyInstance, { subUsers }: { subUsers: SubUserService }) {
  route(app, USER_API.subUsers, async (request) => subUsers.listSubUsers(request.user, request.query));

  route(app, USER_API.createSubUser, async (request) => subUsers.createSubUser(request.user, request.body));

  route(app, USER_API.updateSubUser, async (request) =>
    subUsers.updateSubUser(request.user, request.params.id, request.body),
  );

  route(app, USER_API.setSubUserPassword, async (request) => {
    await subUsers.setSubUserPassword(request.user, request.params.id, request.body);
    return null;
  });

  route(app, USER_API.setSubUserEnabled, async (request) =>
    subUsers.setSubUserEnabled(request.user, request.params.id, request.body),
  );

  route(app, USER_API.resetEmailForSub, async (request) => subUsers.resetSubUserEmail(request.user, request.body));
}
