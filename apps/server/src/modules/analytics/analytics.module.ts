import { bindService } from '../../lib/bind-service.js';
import {
  acceptBeacon,
  type AnalyticsDeps,
  flushEvents,
  getDashboard,
  recordServerEvent,
  rollupAnalytics,
} from './analytics.service.js';

/** Page views, server-side events, the daily rollup and the 数据看板; built once, in services.ts. */
export function createAnalyticsService(deps: AnalyticsDeps) {
  return bindService(deps, {
    acceptBeacon,
    recordServerEvent,
    flushEvents,
    rollupAnalytics,
    getDashboard,
  });
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
