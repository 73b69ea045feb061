import {
  DEFAULT_MATERIAL_PRICE_CENTS,
  type Facet,
  FACETS,
  isFacetValue,
  type TMaterialFacets,
  LICENCE_TYPES,
  type LicenceType,
  licenceSpec,
  MaterialFormat,
  type TMaterial,
} from '@gemstock/contract';
import type { PublicUrlOf } from '../../media/public-url.js';
import type { MaterialRow, WireMaterialRow } from '../../db/rows.js';

export type { PublicUrlOf };

export type { WireMaterialRow } from '../../db/rows.js';

function isLicenceType(value: number): value is LicenceType {
  return (LICENCE_TYPES as readonly number[]).includes(value);
}

function validPrices(map: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, cents] of Object.entries(map ?? {})) {
    if (isLicenceType(Number(type)) && Number.isInteger(cents) && cents >= 0) out[type] = cents;
  }
  return out;
}

/**
 * `price` on the wire (docs/decisions/0004): a number when the material has no per-type prices
 * (the licence-table price of its first, selected type; every type costs its table price), else
 * a map with an entry for each type the material qualifies for: its own price where set, the
 * table price otherwise. Prices set for types the material does not qualify for are not offered.
 */
export function wirePrice(
  authTypes: LicenceType[],
  pricesCents: Record<string, number>,
): number | Record<string, number> {
  const own = validPrices(pricesCents);
  const first = authTypes[0];
  if (Object.keys(own).length === 0) return first ? licenceSpec(first).priceCents : DEFAULT_MATERIAL_PRICE_CENTS;
  const map: Record<string, number> = {};
  for (const type of authTypes) map[String(type)] = own[String(type)] ?? licenceSpec(type).priceCents;
  return map;
}

export function isFreeAt(row: Pick<MaterialRow, 'freeFrom' | 'freeUntil'>, now: Date): boolean {
  return row.freeFrom !== null && row.freeUntil !== null && row.freeFrom <= now && now < row.freeUntil;
}

/** The stored facet codes; one the vocabulary no longer has reads as not set. */
export function wireFacets(row: Pick<MaterialRow, Facet>): TMaterialFacets {
  const out: Record<string, string | null> = {};
  for (const facet of FACETS) {
    const value = row[facet];
    out[facet] = value !== null && isFacetValue(facet, value) ? value : null;
  }
  return out as TMaterialFacets;
}

export function toWireMaterial(
  row: WireMaterialRow,
  context: { liked: boolean; now: Date; publicUrlOf: PublicUrlOf },
): TMaterial {
  const authType = row.authTypes.filter(isLicenceType);
  const isVideo = row.format === MaterialFormat.VIDEO;
  return {
    sid: row.sid,
    format: isVideo ? MaterialFormat.VIDEO : MaterialFormat.IMAGE,
    keywords: row.keywords,
    coverUrl: context.publicUrlOf(row.coverKey),
    thumbUrl: context.publicUrlOf(row.thumbKey),
    thumbSmallUrl: context.publicUrlOf(row.thumbSmallKey),
    placeholderColor: row.placeholderColor,
    authType,
    watermarkUrl: context.publicUrlOf(row.watermarkKey),
    previewUrl: context.publicUrlOf(row.previewKey),
    width: row.width,
    height: row.height,
    likeCount: row.likeCount,
    liked: context.liked,
    disabled: row.disabled,
    // Purchases arrive with the checkout issue; a catalogue listing never knows one.
    buyTime: null,
    price: wirePrice(authType, row.pricesCents),
    specialPrice: validPrices(row.specialPricesCents),
    customPrice: row.customPriceCents,
    free: isFreeAt(row, context.now),
    remark: row.remark,
    extra: isVideo
      ? {
          duration: row.durationMs === null ? null : row.durationMs / 1000,
          aspect_ratio: row.aspectRatio,
          resolution: row.resolution,
        }
      : null,
    facets: wireFacets(row),
    createdAt: row.createdAt.toISOString(),
    ...(row.freeFrom && row.freeUntil
      ? { freeFrom: row.freeFrom.toISOString(), freeUntil: row.freeUntil.toISOString() }
      : {}),
  };
}
