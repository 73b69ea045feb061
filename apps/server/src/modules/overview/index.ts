/**
 * The overview module's door: the console's to-do, counted from the other modules' tables by
 * the indexes that serve their queues (decision 0032). Anything not exported here is the
 * module's own (eslint: cross-module imports go through here).
 */
export { adminOverviewRoutes } from './admin-overview.routes.js';
export { createOverviewService } from './overview.module.js';
