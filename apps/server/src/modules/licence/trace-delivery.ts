import { MaterialFormat } from '@gemstock/contract';
import { tracedOriginalKey } from '../../media/keys.js';
import { traceKeyOf, traceNumberOf } from '../../media/trace-mark.js';
import type { MaterialRow } from '../catalog/index.js';
import type { LicenceRow } from './licence.repository.js';

/**
 * What a licence's download of a picture is served from and the number its mark carries
 * (docs/decisions/0049): what the download and the certificate need of the trace, without the
 * reading of copies (trace.service.ts).
 */

/** Marking decodes and re-encodes a whole original: at most this many at once per process. */
export const MARK_CONCURRENCY = 2;

/** A counting gate: `run` waits for a free slot. One per process, made with the licence service. */
export function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
export type Slots = ReturnType<typeof createSlots>;

export function isTraceable(material: MaterialRow): boolean {
  return material.format !== MaterialFormat.VIDEO;
}

/** The storage key a licence's download of its material is served from: the marked copy for a picture. */
export function deliveredKeyOf(material: MaterialRow, licence: LicenceRow): string {
  return isTraceable(material)
    ? tracedOriginalKey(material.sid, licence.sid, material.originalKey)
    : material.originalKey;
}

/** The trace number a licence's copies carry, printed on its certificate. */
export function traceNumberOfLicence(deps: { traceSecret: Uint8Array }, licenceSid: string): string {
  return traceNumberOf(traceKeyOf(deps.traceSecret, licenceSid));
}
