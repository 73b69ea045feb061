import { isLicenceType, type PricedMaterial, type LicenceType } from '@gemstock/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials } from '../../db/schema/index.js';
import { MATERIAL_COLUMNS, type MaterialRow } from '../catalog/catalog.repository.js';
import { wirePrice } from '../catalog/material.mapper.js';

/** Materials by sid, disabled ones included (the caller decides what a disabled one means). */
export async function findMaterialsBySids(db: DbOrTx, sids: readonly string[]): Promise<Map<string, MaterialRow>> {
  if (sids.length === 0) return new Map();
  const rows = await db
    .select(MATERIAL_COLUMNS)
    .from(materials)
    .where(inArray(materials.sid, [...sids]));
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
