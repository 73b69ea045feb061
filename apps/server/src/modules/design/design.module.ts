import { bindService } from '../../lib/bind-service.js';
import {
  adminDemandDetails,
  answerFeedback,
  assignDesigner,
  cancelDemand,
  designers,
  listDemandBoard,
  priceQuote,
  uploadDesignFile,
} from './admin-design.service.js';
import type { DesignDeps } from './design-common.js';
import {
  acceptDraft,
  commentOnDraft,
  deliveryLink,
  demandDetails,
  listDemands,
  requestQuote,
  sendFeedback,
  withdrawQuote,
} from './design.service.js';

/** The buyer's side of custom design: requests, drafts and feedback, quotes, the delivery. */
export function createDesignService(deps: DesignDeps) {
  return bindService(deps, {
    listDemands,
    demandDetails,
    commentOnDraft,
    sendFeedback,
    acceptDraft,
    deliveryLink,
    requestQuote,
    withdrawQuote,
  });
}

export type DesignService = ReturnType<typeof createDesignService>;

/** The operators' demand board: assigning, answering, quoting, cancelling, uploading drafts and finals. */
export function createAdminDesignService(deps: DesignDeps) {
  return bindService(deps, {
    listDemandBoard,
    adminDemandDetails,
    designers,
    assignDesigner,
    answerFeedback,
    priceQuote,
    cancelDemand,
    uploadDesignFile,
  });
}

export type AdminDesignService = ReturnType<typeof createAdminDesignService>;
