/**
 * The dev module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The development outbox (registered only when it is on).
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { devRoutes } from './dev.routes.js';
