import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import { listAudit } from './admin-audit.service.js';

/** The operators' audit log; built once, in services.ts. */
export function createAuditService(deps: Pick<AppDeps, 'db'>) {
  return bindService(deps, { listAudit });
}

export type AuditService = ReturnType<typeof createAuditService>;
