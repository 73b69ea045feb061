/**
 * The service-contact module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The customer-service contact and the site settings operators change.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { createServiceContactService } from './service-contact.module.js';
export { serviceContactRoutes } from './service-contact.routes.js';
export { findSiteSetting, saveSiteSetting } from './site-settings.repository.js';
