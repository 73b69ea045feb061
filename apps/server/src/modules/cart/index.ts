/**
 * The cart module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The signed-in account's cart.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { createCartService } from './cart.module.js';
export { cartRoutes } from './cart.routes.js';
