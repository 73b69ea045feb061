/**
 * The operator module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Operators: sign-in, roles, accounts.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminAuthRoutes } from './admin-auth.routes.js';
export { adminOperatorRoutes } from './admin-operator.routes.js';
export { createOperatorService } from './operator.module.js';
export { findOperatorBySid } from './operator.repository.js';
export { anyOperatorExists, createOperator } from './operator.service.js';
