import { bindService } from '../../lib/bind-service.js';
import {
  describeForVerification,
  downloadMaterial,
  downloadOrder,
  type LicenceDeps,
  listPurchased,
  renderCertificate,
} from './licence.service.js';

/** Purchased downloads, the purchased list and certificates; built once, in services.ts. */
export function createLicenceService(deps: Omit<LicenceDeps, 'certificates'>) {
  return bindService(
    { ...deps, certificates: new Map<string, Buffer>() },
    { downloadMaterial, downloadOrder, listPurchased, renderCertificate, describeForVerification },
  );
}

export type LicenceService = ReturnType<typeof createLicenceService>;
