/**
 * The board module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. A company's boards (收藏夹), shared by its accounts, and their share links.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { createBoardService } from './board.module.js';
export { boardRoutes } from './board.routes.js';
