import { ADMIN_PRIVACY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { PrivacyService } from './privacy.module.js';

/** The operators' queue of personal-information requests (隐私请求). */
export async function adminPrivacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  route(app, ADMIN_PRIVACY_API.list, async (request) => privacy.listPrivacyQueue(request.query));
  route(app, ADMIN_PRIVACY_API.deletionPreview, async (request) => privacy.previewDeletion(request.params.id));
  route(app, ADMIN_PRIVACY_API.correct, async (request) =>
    privacy.completeCorrection(request.operator, request.params.id, request.body.note),
  );
  route(app, ADMIN_PRIVACY_API.produce, async (request) => privacy.produceCopy(request.operator, request.params.id));
  route(app, ADMIN_PRIVACY_API.erase, async (request) => privacy.eraseAccount(request.operator, request.params.id));
  route(app, ADMIN_PRIVACY_API.refuse, async (request) =>
    privacy.refuseRequest(request.operator, request.params.id, request.body.reason),
  );
  route(app, ADMIN_PRIVACY_API.archive, async (request) => privacy.adminArchiveLink(request.params.id));
}
