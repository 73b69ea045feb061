import { DesignFileKind } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { findDemandOfOrder, listDesignFiles } from './design.repository.js';

export interface DeliveredDesign {
  demandSid: string;
  deliveredAt: Date | null;
  /** The downsized clean picture of the final file; null for a video. */
  previewKey: string | null;
  fileName: string;
}

/**
 * The design delivered for a custom order, for the exclusive certificate: it licenses this
 * design, not the stock material it started from. Undefined while nothing is delivered.
 */
export async function findDeliveredDesign(db: DbOrTx, orderSid: string): Promise<DeliveredDesign | undefined> {
  const demand = await findDemandOfOrder(db, orderSid);
  if (!demand?.resultKey) return undefined;
  const final = (await listDesignFiles(db, demand.sid)).find((f) => f.kind === DesignFileKind.FINAL);
  if (!final) return undefined;
  return {
    demandSid: demand.sid,
    deliveredAt: demand.deliveredAt,
    previewKey: final.previewKey,
    fileName: final.fileName,
  };
}
