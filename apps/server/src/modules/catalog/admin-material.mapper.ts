import {
  suggestFacets,
  LICENCE_TYPES,
  type LicenceType,
  MaterialFormat,
  MaterialReviewMachine,
  MaterialReview,
  noStandardLicenceWarning,
  type MaterialStatus,
  type MediaJobStatus,
  type TAdminMaterial,
} from '@gemstock/contract';
import { type PublicUrlOf, wireFacets } from './material.mapper.js';
import type { AdminMaterialRow } from './admin-material.repository.js';
import type { MediaJobRow } from './media-job.repository.js';

function isLicenceType(value: number): value is LicenceType {
  return (LICENCE_TYPES as readonly number[]).includes(value);
}

export function toAdminMaterial(
  row: AdminMaterialRow,
  job: MediaJobRow | undefined,
  context: { publicUrlOf: PublicUrlOf; now: Date },
): TAdminMaterial {
  const isFree =
    row.freeFrom !== null && row.freeUntil !== null && row.freeFrom <= context.now && context.now < row.freeUntil;
  const format = row.format === MaterialFormat.VIDEO ? MaterialFormat.VIDEO : MaterialFormat.IMAGE;
  return {
    sid: row.sid,
    format,
    status: row.status as MaterialStatus,
    keywords: row.keywords,
    thumbUrl: context.publicUrlOf(row.thumbKey),
    coverUrl: context.publicUrlOf(row.coverKey),
    watermarkUrl: context.publicUrlOf(row.watermarkKey),
    previewUrl: context.publicUrlOf(row.previewKey),
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    aspectRatio: row.aspectRatio,
    resolution: row.resolution,
    authTypes: row.authTypes.filter(isLicenceType),
    originalMime: row.originalMime,
    originalBytes: row.originalBytes,
    likeCount: row.likeCount,
    salesCount: row.salesCount,
    featured: row.featured,
    disabled: row.disabled,
    free: isFree,
    freeFrom: row.freeFrom?.toISOString() ?? null,
    freeUntil: row.freeUntil?.toISOString() ?? null,
    pricesCents: row.pricesCents,
    specialPricesCents: row.specialPricesCents,
    customPriceCents: row.customPriceCents,
    remark: row.remark,
    facets: wireFacets(row),
    suggestedFacets: suggestFacets(row.keywords),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.editVersion,
    review: MaterialReviewMachine.isState(row.reviewState) ? row.reviewState : MaterialReview.PENDING,
    reviewReason: row.reviewReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    similarTo:
      row.similarToSid !== null && row.similarDistance !== null
        ? { sid: row.similarToSid, distance: row.similarDistance }
        : null,
    licenceWarning: noStandardLicenceWarning(row.width, row.height, format),
    job: job
      ? {
          id: job.id,
          status: job.status as MediaJobStatus,
          attempts: job.attempts,
          lastError: job.lastError,
          updatedAt: job.updatedAt.toISOString(),
        }
      : null,
  };
}
