import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import { receiveLocalUpload } from './local-upload.js';
import { assertUsableUpload, issueUploadCredentials } from './upload.service.js';

export type UploadDeps = Pick<AppDeps, 'config' | 'db' | 'storage' | 'uploadPolicies'>;

/** The buyer's direct uploads: credentials, the check, the embedded default's target. Built once, in services.ts. */
export function createUploadService(deps: UploadDeps) {
  return bindService(deps, { issueUploadCredentials, assertUsableUpload, receiveLocalUpload });
}

export type UploadService = ReturnType<typeof createUploadService>;
