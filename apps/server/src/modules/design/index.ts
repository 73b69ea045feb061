/**
 * The design module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Custom design: demands beside their orders, drafts, feedback, quotes and the delivery.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminDesignRoutes } from './admin-design.routes.js';
export { findDeliveredDesign } from './delivered-design.js';
export { carryDemandWithOrder } from './demand-order-sync.js';
export { demandsBySids, insertAdvancedDemand } from './demand-records.js';
export type { DemandRow } from './demand-records.js';
export { createAdminDesignService, createDesignService } from './design.module.js';
export { designRoutes } from './design.routes.js';
export { presentDemand } from './design.view.js';
