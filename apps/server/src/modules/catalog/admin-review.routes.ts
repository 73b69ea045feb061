import { ADMIN_REVIEW_API, ADMIN_UPLOAD_BATCH_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AdminMaterialService } from './catalog.module.js';

/**
 * Review before sale and the upload batches (decision 0030). Registered by adminMaterialRoutes,
 * beside the upload whose files the batches follow.
 */
export function registerAdminReviewRoutes(app: FastifyInstance, materials: AdminMaterialService): void {
  route(app, ADMIN_REVIEW_API.queue, async (request) => materials.reviewQueue(request.query));

  route(app, ADMIN_REVIEW_API.list, async (request) => materials.listForSale(request.operator, request.body.sids));

  route(app, ADMIN_REVIEW_API.reject, async (request) =>
    materials.rejectMaterials(request.operator, request.body.sids, request.body.reason),
  );

  route(app, ADMIN_UPLOAD_BATCH_API.create, async (request) => ({
    batch: await materials.createUploadBatch(request.operator, request.body),
  }));

  route(app, ADMIN_UPLOAD_BATCH_API.list, async (request) => materials.listUploadBatches(request.query));

  route(app, ADMIN_UPLOAD_BATCH_API.detail, async (request) => ({
    batch: await materials.getUploadBatch(request.params.id),
  }));

  route(app, ADMIN_UPLOAD_BATCH_API.cancelFile, async (request) => ({
    file: await materials.cancelUploadFile(request.params.id, request.params.fileId),
  }));
}
