/**
 * The audit module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The audit log of operator writes: recording an action in the caller's transaction, and the operators' view.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminAuditRoutes } from './admin-audit.routes.js';
export { recordOperatorAction, recordOperatorActions } from './audit-log.repository.js';
export { createAuditService } from './audit.module.js';
