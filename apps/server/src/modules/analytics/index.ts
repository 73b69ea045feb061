/**
 * The analytics module's door: page views (beacon), the server's detail-view and cart events,
 * the daily rollups and the console's 数据看板 (docs/decisions/0041). Anything not exported here
 * is the module's own (eslint: cross-module imports go through here).
 */
export { adminDashboardRoutes } from './admin-dashboard.routes.js';
export { createAnalyticsService, type AnalyticsService } from './analytics.module.js';
export { insertAnalyticsEvents, type AnalyticsEventRow } from './analytics.repository.js';
export { analyticsRoutes } from './analytics.routes.js';
export { ANALYTICS_ROLLUP_INTERVAL_MS } from './analytics.service.js';
