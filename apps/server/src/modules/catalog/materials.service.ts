import { isLicenceType, type LicenceType, type PricedMaterial } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import type { MaterialRow } from './catalog.repository.js';
import { selectMaterialsBySids, selectMaterialsWithOwnedSpecs } from './material-lookup.repository.js';
import { wirePrice } from './material.mapper.js';

/**
 * The catalogue's front door for the modules that sell and license materials (order, cart,
 * licence): materials by sid with their prices, and which of them an account likes.
 */

/**
 * Materials by sid that review put on sale and that are processed, disabled ones included (the
 * caller decides what a disabled one means); any other sid is absent, as if it did not exist.
 */
export async function findMaterialsBySids(db: DbOrTx, sids: readonly string[]): Promise<Map<string, MaterialRow>> {
  const rows = await selectMaterialsBySids(db, sids);
  return new Map(rows.map((r) => [r.sid, r]));
}

/** findMaterialsBySids with the licence types `ownerSid` holds of each, in one read (a placement). */
export async function findMaterialsWithOwnedSpecs(
  db: DbOrTx,
  sids: readonly string[],
  ownerSid: string,
): Promise<Map<string, MaterialRow & { ownedSpecs: number[] }>> {
  const rows = await selectMaterialsWithOwnedSpecs(db, sids, ownerSid);
  return new Map(rows.map((r) => [r.sid, r]));
}

/** The price fields of a stored material, shaped as the wire (and pricing.ts) reads them. */
export function pricedMaterialOf(row: MaterialRow): PricedMaterial {
  const authType = row.authTypes.filter((t): t is LicenceType => isLicenceType(t));
  return {
    authType,
    price: wirePrice(authType, row.pricesCents),
    specialPrice: row.specialPricesCents,
    customPrice: row.customPriceCents,
  };
}
