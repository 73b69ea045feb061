/**
 * The catalog module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Materials: the buyer's catalogue, the operators' uploads, review and edits, renditions, likes.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminMaterialRoutes } from './admin-material.routes.js';
export { createAdminMaterialService, createCatalogService } from './catalog.module.js';
export type { MaterialRow } from './catalog.repository.js';
export { catalogRoutes } from './catalog.routes.js';
export { findLikedSids } from './likes.repository.js';
export { toWireMaterial } from './material.mapper.js';
export type { PublicUrlOf, WireMaterialRow } from './material.mapper.js';
export { foldMaterialSales, moveMaterialSales, SALES_FOLD_INTERVAL_MS } from './material-sales.repository.js';
export { findMaterialsBySids, findMaterialsWithOwnedSpecs, pricedMaterialOf } from './materials.service.js';
export {
  countPendingMediaJobs,
  findOpenMediaJobKinds,
  queueMediaJobOnce,
  reportFailedMediaJob,
} from './media-job.repository.js';
export type { MediaJobRow } from './media-job.repository.js';
export { queueOutdatedRenditions, runNextMediaJob, runNextMediaJobOf } from './media-job.service.js';
export type { MediaJobDeps, MediaJobOutcome, MediaJobWork } from './media-job.service.js';
export { backfillSimilarLists, runSimilarBackfill, SIMILAR_BACKFILL_INTERVAL_MS } from './similar-lists.js';
export { PALETTE_BACKFILL_INTERVAL_MS, runPaletteBackfill } from './palette-backfill.js';
