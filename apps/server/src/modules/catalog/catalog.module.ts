import { bindService } from '../../lib/bind-service.js';
import {
  createUploadedMaterial,
  fileTooLargeError,
  getMaterial as getAdminMaterial,
  listMaterials,
  reprocessMaterial,
  stageIncomingFile,
  updateMaterial,
  uploadConfig,
  type AdminMaterialDeps,
} from './admin-material.service.js';

import {
  type CatalogDeps,
  getMaterial,
  issueFreeDownload,
  listFeaturedVideos,
  listFree,
  listRelated,
  listSimilar,
  markForBuyer,
  materialsBySeq,
  presentHeld,
  toWire,
} from './catalog.service.js';
import { like, listLiked, unlike } from './likes.service.js';
import { getBulkJob, runBulkJobs, startBulkEdit } from './material-bulk.service.js';
import { listForSale, rejectMaterials, reviewQueue } from './material-review.service.js';
import {
  cancelUploadFile,
  createUploadBatch,
  getUploadBatch,
  listUploadBatches,
  recordBatchFileFailure,
  startBatchFileUpload,
} from './upload-batch.service.js';

/**
 * The buyer's catalogue (detail, related, free materials, featured videos, likes) and the
 * materials a search page shows; built once, in services.ts.
 */
export function createCatalogService(deps: CatalogDeps) {
  return bindService(deps, {
    listFree,
    listFeaturedVideos,
    getMaterial,
    listRelated,
    listSimilar,
    issueFreeDownload,
    toWire,
    materialsBySeq,
    presentHeld,
    markForBuyer,
    like,
    unlike,
    listLiked,
  });
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The operators' side of materials: uploads and their batches, review, the list, edits and reprocessing. */
export function createAdminMaterialService(deps: AdminMaterialDeps) {
  return bindService(deps, {
    uploadConfig,
    stageIncomingFile,
    fileTooLargeError,
    createUploadedMaterial,
    listMaterials,
    getMaterial: getAdminMaterial,
    updateMaterial,
    reprocessMaterial,
    startBulkEdit,
    getBulkJob,
    runBulkJobs,
    reviewQueue,
    listForSale,
    rejectMaterials,
    createUploadBatch,
    listUploadBatches,
    getUploadBatch,
    cancelUploadFile,
    startBatchFileUpload,
    recordBatchFileFailure,
  });
}

export type AdminMaterialService = ReturnType<typeof createAdminMaterialService>;
