/**
 * The privacy module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Personal-information requests under PIPL: a copy, a correction, the deletion of
 * the account (decision 0043).
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminPrivacyRoutes } from './admin-privacy.routes.js';
export { createPrivacyService } from './privacy.module.js';
export { privacyRoutes } from './privacy.routes.js';
