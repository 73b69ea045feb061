import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import { getOverview } from './admin-overview.service.js';

/** The console's to-do; built once, in services.ts. */
export function createOverviewService(deps: Pick<AppDeps, 'db'>) {
  return bindService(deps, { getOverview });
}

export type OverviewService = ReturnType<typeof createOverviewService>;
