/**
 * The common module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The API's liveness, the site configuration every page reads, and data retention.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { commonRoutes } from './common.routes.js';
export { RETENTION_INTERVAL_MS, enforceRetention } from './retention.js';
