/**
 * The search module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Material search, its caches and log, and the keywords it suggests (curated, hot).
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminKeywordRoutes } from './admin-keyword.routes.js';
export { HOT_KEYWORD_REFRESH_MS } from './hot-keywords.js';
export { normalizeSearchText, queryTokensFor, searchTokensFor } from './search-tokens.js';
export { createAdminKeywordService, createSearchService } from './search.module.js';
export { searchRoutes } from './search.routes.js';
