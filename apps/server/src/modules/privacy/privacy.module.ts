import { bindService } from '../../lib/bind-service.js';
import {
  adminArchiveLink,
  completeCorrection,
  eraseAccount,
  listPrivacyQueue,
  previewDeletion,
  produceCopy,
  purgeExpiredArchives,
  refuseRequest,
} from './admin-privacy.service.js';
import { checkDeletion, createRequest, listOwnRequests, ownArchiveLink, type PrivacyDeps } from './privacy.service.js';

/** Personal-information requests (PIPL): the user's side and the operators' queue; built once, in services.ts. */
export function createPrivacyService(deps: PrivacyDeps) {
  return bindService(deps, {
    listOwnRequests,
    checkDeletion,
    createRequest,
    ownArchiveLink,
    listPrivacyQueue,
    previewDeletion,
    completeCorrection,
    produceCopy,
    eraseAccount,
    refuseRequest,
    adminArchiveLink,
    purgeExpiredArchives,
  });
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
