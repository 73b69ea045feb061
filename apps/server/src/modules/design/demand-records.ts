import { DemandStatus, DemandTier } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { type DemandRow, insertDemandRow, listDemandsBySids } from './design.repository.js';

export type { DemandRow } from './design.repository.js';

/**
 * The design module's front door for the order module: the advanced customization's request is
 * written with its order, in the order's transaction, waiting for the payment (CREATED).
 */
export async function insertAdvancedDemand(
  tx: DbOrTx,
  input: {
    sid: string;
    orderSid: string;
    materialSid: string;
    userSid: string;
    ownerSid: string;
    productKey: string | null;
    logoKey: string | null;
    detail: Record<string, string>;
    at: Date;
  },
): Promise<DemandRow> {
  return insertDemandRow(tx, {
    sid: input.sid,
    materialSid: input.materialSid,
    userSid: input.userSid,
    ownerSid: input.ownerSid,
    orderSid: input.orderSid,
    tier: DemandTier.ADVANCED,
    status: DemandStatus.CREATED,
    productKey: input.productKey,
    logoKey: input.logoKey,
    detail: input.detail,
    createdAt: input.at,
    updatedAt: input.at,
  });
}

/** The demands orders point at, for presenting the orders. */
export async function demandsBySids(db: DbOrTx, sids: readonly string[]): Promise<Map<string, DemandRow>> {
  return new Map((await listDemandsBySids(db, sids)).map((d) => [d.sid, d]));
}
