import { bindService } from '../../lib/bind-service.js';
import {
  describeForVerification,
  downloadMaterial,
  downloadOrder,
  type LicenceDeps,
  listPurchased,
  renderCertificate,
} from './licence.service.js';
import { downloadChannelCut, listChannelCuts, runDueReframes, runNextReframe } from './channel-cut.service.js';
import type { CropFraction } from '../../media/image-processor.js';
import { createSlots, MARK_CONCURRENCY } from './trace-delivery.js';
import { prepareTracedFile, traceCopy } from './trace.service.js';
import { runDueTracedVideos, runNextLicensedVideoJob } from './traced-video.service.js';

/** Purchased downloads, the purchased list and certificates; built once, in services.ts. */
export function createLicenceService(deps: Omit<LicenceDeps, 'certificates' | 'channelFrames' | 'markSlots'>) {
  return bindService(
    {
      ...deps,
      certificates: new Map<string, Buffer>(),
      channelFrames: new Map<string, Promise<CropFraction[]>>(),
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
      runNextReframe,
      runDueReframes,
      runNextLicensedVideoJob,
      runDueTracedVideos,
      prepareTracedFile,
      traceCopy,
    },
  );
}

export type LicenceService = ReturnType<typeof createLicenceService>;
