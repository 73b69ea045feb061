import { bindService } from '../../lib/bind-service.js';
import {
  describeForVerification,
  downloadMaterial,
  downloadOrder,
  type LicenceDeps,
  listPurchased,
  renderCertificate,
} from './licence.service.js';
import { downloadChannelCut, listChannelCuts, videoCutsSettled } from './channel-cut.service.js';
import type { CropFraction } from '../../media/image-processor.js';
import { VideoCutQueue } from './video-cut-queue.js';
import { createSlots, MARK_CONCURRENCY } from './trace-delivery.js';
import { prepareTracedOriginal, traceCopy } from './trace.service.js';

/** Reframes a server holds queued at most (one runs at a time): more are refused with 4424. */
const VIDEO_CUTS_QUEUED = 8;

/** Purchased downloads, the purchased list and certificates; built once, in services.ts. */
export function createLicenceService(
  deps: Omit<LicenceDeps, 'certificates' | 'channelFrames' | 'videoCuts' | 'markSlots'>,
) {
  return bindService(
    {
      ...deps,
      certificates: new Map<string, Buffer>(),
      channelFrames: new Map<string, Promise<CropFraction[]>>(),
      videoCuts: new VideoCutQueue(VIDEO_CUTS_QUEUED),
      markSlots: createSlots(MARK_CONCURRENCY),
    },
    {
      downloadMaterial,
      downloadOrder,
      listPurchased,
      renderCertificate,
      describeForVerification,
      listChannelCuts,
      downloadChannelCut,
      videoCutsSettled,
      prepareTracedOriginal,
      traceCopy,
    },
  );
}

export type LicenceService = ReturnType<typeof createLicenceService>;
