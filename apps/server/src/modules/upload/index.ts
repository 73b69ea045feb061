/**
 * The upload module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The buyers' direct uploads: credentials, checks, the embedded target, the purge.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { s3BucketUrl } from './s3-post-policy.js';
export { createUploadService } from './upload.module.js';
export { uploadRoutes } from './upload.routes.js';
export { UPLOAD_PURGE_INTERVAL_MS, assertUsableUpload, markUploadsUsed, purgeUnusedUploads } from './upload.service.js';
