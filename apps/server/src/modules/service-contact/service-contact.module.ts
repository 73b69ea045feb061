import { bindService } from '../../lib/bind-service.js';
import { clear, contact, type ServiceContactDeps, setting, upload } from './service-contact.service.js';

/** The customer-service contact and the operators' QR setting; built once, in services.ts. */
export function createServiceContactService(deps: ServiceContactDeps) {
  return bindService(deps, { contact, setting, upload, clear });
}

export type ServiceContactService = ReturnType<typeof createServiceContactService>;
