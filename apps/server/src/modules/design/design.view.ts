import {
  DEMAND_MAX_REVISIONS,
  DEMAND_STATUS_VALUES,
  DEMAND_TIERS,
  type DemandStatus,
  type DemandTier,
  DesignFileKind,
  draftVersionLabel,
  type TAdminDemand,
  type TDemand,
  type TDesignComment,
  type TDesignFile,
} from '@gemstock/contract';
import type { BoardRow, DemandRow, DesignCommentRow, DesignFileRow } from './design.repository.js';

/** A short-lived link to a private object, or null for no key. */
export type PrivateUrlOf = (key: string | null) => string | null;

const noUrl: PrivateUrlOf = () => null;

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * The wire demand. Its uploads are private: `urlOf` signs short-lived links where the caller
 * may see them (the details drawer, the operators' board); lists embedded in orders get none.
 */
export function presentDemand(
  row: DemandRow,
  options: { urlOf?: PrivateUrlOf; designerName?: string | null } = {},
): TDemand {
  const urlOf = options.urlOf ?? noUrl;
  const brief = row.brief
    ? {
        text: row.brief.text,
        references: row.brief.references.map((key) => ({ key, url: urlOf(key) })),
        duration: row.brief.duration,
        aspectRatio: row.brief.aspectRatio,
      }
    : null;
  return {
    sid: row.sid,
    material: row.materialSid,
    tier: oneOf<DemandTier>(DEMAND_TIERS, row.tier, 'advanced'),
    status: oneOf<DemandStatus>(DEMAND_STATUS_VALUES, row.status, 'CREATED'),
    productKey: row.productKey,
    productUrl: urlOf(row.productKey),
    logoKey: row.logoKey,
    logoUrl: urlOf(row.logoKey),
    detail: row.detail,
    brief,
    resultKey: row.resultKey,
    resultUrl: null,
    orderSid: row.orderSid,
    stageDeadline: row.stageDeadline?.toISOString() ?? null,
    revisionsUsed: row.revisionsUsed,
    revisionsLeft: Math.max(0, DEMAND_MAX_REVISIONS - row.revisionsUsed),
    quotePrice: row.quotePriceCents,
    quoteLeadDays: row.quoteLeadDays,
    designer: options.designerName ?? null,
    cancelReason: row.cancelReason,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentBoardDemand(row: BoardRow, now: Date, urlOf?: PrivateUrlOf): TAdminDemand {
  const deadline = row.demand.stageDeadline;
  return {
    ...presentDemand(row.demand, { urlOf, designerName: row.designerName }),
    company: row.company,
    requestedBy: row.requestedBy,
    orderNo: row.orderNo,
    overdue: deadline !== null && deadline.getTime() < now.getTime(),
    feedbackAnsweredAt: row.demand.feedbackAnsweredAt?.toISOString() ?? null,
  };
}

export function presentDesignFile(row: DesignFileRow, urlOf: (key: string) => string): TDesignFile {
  const isVideo = row.contentType.startsWith('video/');
  return {
    sid: row.sid,
    kind: row.kind === DesignFileKind.FINAL ? DesignFileKind.FINAL : DesignFileKind.DRAFT,
    version: row.version,
    label: row.kind === DesignFileKind.FINAL ? '最终交付' : draftVersionLabel(row.version),
    format: isVideo ? 'video' : 'image',
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    fileName: row.fileName,
    url: urlOf(row.previewKey ?? row.fileKey),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDesignComment(row: DesignCommentRow, names: Map<string, string>): TDesignComment {
  const author = row.authorKind === 'operator' ? 'operator' : 'buyer';
  return {
    sid: row.sid,
    file: row.fileSid,
    author,
    authorName: names.get(row.authorSid) ?? (author === 'operator' ? '设计师' : '买家'),
    x: row.x,
    y: row.y,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}
