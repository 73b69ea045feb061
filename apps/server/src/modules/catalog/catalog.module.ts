import type { AppDeps } from '../../app-deps.js';
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
import { getKeywordLists, replaceKeywordList } from './admin-keyword.service.js';
import {
  type CatalogDeps,
  createPageCache,
  forgetSearches,
  getMaterial,
  issueFreeDownload,
  listFeaturedVideos,
  listFree,
  listRelated,
  searchMaterials,
  toWire,
} from './catalog.service.js';
import { like, listLiked, unlike } from './likes.service.js';
import { listForSale, rejectMaterials, reviewQueue } from './material-review.service.js';
import {
  cancelUploadFile,
  createUploadBatch,
  getUploadBatch,
  listUploadBatches,
  recordBatchFileFailure,
  startBatchFileUpload,
} from './upload-batch.service.js';

/** The buyer's catalogue (search, detail, free materials, likes); built once, in services.ts. */
export function createCatalogService(deps: Omit<CatalogDeps, 'pages'>) {
  return bindService(
    { ...deps, pages: createPageCache(deps.onCacheLookup) },
    {
      searchMaterials,
      listFree,
      listFeaturedVideos,
      getMaterial,
      listRelated,
      issueFreeDownload,
      toWire,
      forgetSearches,
      like,
      unlike,
      listLiked,
    },
  );
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

/** The operators' keyword lists (pinned, curated, blocked). */
export function createAdminKeywordService(deps: Pick<AppDeps, 'db'>) {
  return bindService(deps, { getKeywordLists, replaceKeywordList });
}

export type AdminKeywordService = ReturnType<typeof createAdminKeywordService>;
