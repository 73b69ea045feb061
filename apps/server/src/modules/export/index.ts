/**
 * The export module's door: CSV downloads of the console's lists, read through each list's own
 * service. Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminExportRoutes } from './admin-export.routes.js';
export { UTF8_BOM, csvLine } from './csv.js';
