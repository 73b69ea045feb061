import { ADMIN_CONTENT_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { ContentService } from './content.module.js';

/** 内容管理: drafts, publishing, rolling back, the history; and the consents a dispute asks for. */
export async function adminContentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  route(app, ADMIN_CONTENT_API.documents, async () => content.listDocuments());
  route(app, ADMIN_CONTENT_API.versions, async (request) => content.listVersions(request.params.key, request.query));
  route(app, ADMIN_CONTENT_API.version, async (request) =>
    content.getVersion(request.params.key, request.params.version),
  );
  route(app, ADMIN_CONTENT_API.saveDraft, async (request) =>
    content.saveDraft(request.operator, request.params.key, request.body),
  );
  route(app, ADMIN_CONTENT_API.publish, async (request) =>
    content.publishDraft(request.operator, request.params.key, request.body),
  );
  route(app, ADMIN_CONTENT_API.rollback, async (request) =>
    content.rollbackTo(request.operator, request.params.key, request.body),
  );
  route(app, ADMIN_CONTENT_API.preview, async (request) => content.previewContent(request.body));
  route(app, ADMIN_CONTENT_API.consents, async (request) => content.listConsents(request.query));
}
