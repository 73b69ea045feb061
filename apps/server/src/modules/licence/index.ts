/**
 * The licence module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Licences bought with orders: ownership (已购), downloads, certificates, upgrades and revocation.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { licencesEndedByRefund, revokeOrderLicences } from './licence-revocation.js';
export { createLicenceService } from './licence.module.js';
export { findLicenceByOrderMaterial } from './licence.repository.js';
export type { LicenceRow } from './licence.repository.js';
export { licenceRoutes } from './licence.routes.js';
export { adminTraceRoutes } from './admin-trace.routes.js';
export { CUT_HASH_BACKFILL_INTERVAL_MS, runCutHashBackfill } from './trace-backfill.js';
export { findUpgradableLicence, grantOrderLicences, supersedeUpgradedLicence } from './licence.service.js';
export { assertLicencesNotOwned, findCustomDesignCredit, refuseOwnedLicences, withOwnership } from './ownership.js';
