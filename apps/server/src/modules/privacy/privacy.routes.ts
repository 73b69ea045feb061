import { PRIVACY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { PrivacyService } from './privacy.module.js';

/** A user's personal-information requests (账号设置 › 个人信息). */
export async function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  route(app, PRIVACY_API.list, async (request) => privacy.listOwnRequests(request.user));
  route(app, PRIVACY_API.deletionCheck, async (request) => privacy.checkDeletion(request.user));
  route(app, PRIVACY_API.create, async (request) => privacy.createRequest(request.user, request.body));
  route(app, PRIVACY_API.archive, async (request) => privacy.ownArchiveLink(request.user, request.params.id));
}
