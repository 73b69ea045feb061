/**
 * The content module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Content the operators edit (内容管理: the FAQ, /xiaohongshu, the agreements) and
 * the consents that name the version of an agreement a user accepted (docs/decisions/0042).
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminContentRoutes } from './admin-content.routes.js';
export { createContentService, type ContentService } from './content.module.js';
export { contentRoutes } from './content.routes.js';
export { recordConsents, type AgreedDocument } from './content.service.js';
