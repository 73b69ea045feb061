import { licenceTableFor, qualifyingLicenceTypes } from './constants.js';
import { LicenceType, type MaterialFormat } from './enums.js';
import { defineStateMachine } from './state-machine.js';

/*
 * Review before sale (docs/decisions/0030-review-before-sale.md). No zod here: the console's
 * tags and buttons and the server's doors read the same tables.
 */

/** Where review has put a material. Buyers see only listed ones (and only once processed, and not disabled). */
export const MaterialReview = {
  /** 待审核: uploaded, not for sale until an operator lists it. */
  PENDING: 'pending',
  /** 已上架: for sale. Withdrawing it later is `disabled` (下架), not a review state. */
  LISTED: 'listed',
  /** 已驳回: not for sale, with the reason; it may still be listed later. */
  REJECTED: 'rejected',
} as const;
export type MaterialReview = (typeof MaterialReview)[keyof typeof MaterialReview];
export const MATERIAL_REVIEW_STATES = Object.values(MaterialReview) as [MaterialReview, ...MaterialReview[]];

export const MATERIAL_REVIEW_LABEL: Readonly<Record<MaterialReview, string>> = {
  pending: '待审核',
  listed: '已上架',
  rejected: '已驳回',
};

const { PENDING, LISTED, REJECTED } = MaterialReview;

/**
 * A material's review. Listing needs the material processed (its previews are what buyers see);
 * the server checks that beside the machine. A rejected material may be listed after all (a
 * mistaken 驳回); a listed one leaves sale by 下架 (`disabled`), never back to review.
 */
export const MaterialReviewMachine = defineStateMachine('material_review', MATERIAL_REVIEW_STATES, {
  /** 提交上架 */
  list: { from: [PENDING, REJECTED], to: LISTED, refusal: 'MATERIAL_ALREADY_LISTED' },
  /** 驳回, with a reason. */
  reject: {
    from: [PENDING],
    to: REJECTED,
    refusal: 'MATERIAL_NOT_PENDING_REVIEW',
    refusalIn: { [LISTED]: 'MATERIAL_ALREADY_LISTED' },
  },
});
export type MaterialReviewAction = keyof typeof MaterialReviewMachine.actions;

/** Longest 驳回 reason, and most materials one review call may list or reject. */
export const REVIEW_REASON_MAX = 200;
export const REVIEW_BATCH_MAX = 100;

/**
 * Two perceptual hashes this many bits apart or fewer are flagged 疑似重复 in review. Measured on
 * the 60 demo pictures (decision 0030): every copy resized to 60 % and re-encoded at JPEG quality
 * 50 stays within 7 bits, 97 % of copies cropped by 2 % or brightened by 10 % within 8; 1 % of
 * pairs of different demo pictures (generated scenes of one layout) are within 8 too, so the flag
 * asks the reviewer to look, it refuses nothing.
 */
export const NEAR_DUPLICATE_MAX_DISTANCE = 8;

/** The licences every buyer chooses from (扩展 / 标准 / 新媒体); 高级定制 is a service with no size rule. */
export const STANDARD_LICENCE_TYPES: readonly LicenceType[] = [
  LicenceType.EXTENDED,
  LicenceType.STANDARD,
  LicenceType.NEW_MEDIA,
];

/**
 * Review's warning for a material too small for every standard licence (a 400×300 picture: it
 * could only be sold as 高级定制授权), naming the smallest size one needs; null when it qualifies
 * for one. The rule is the licence table's (qualifyingLicenceTypes), nothing of its own.
 */
export function noStandardLicenceWarning(width: number, height: number, format: MaterialFormat): string | null {
  const types = qualifyingLicenceTypes(width, height, format);
  if (types.some((t) => STANDARD_LICENCE_TYPES.includes(t))) return null;
  const table = licenceTableFor(format);
  const smallest = table.find((l) => l.type === LicenceType.NEW_MEDIA) ?? table[table.length - 1]!;
  return `尺寸 ${width}×${height} 不满足任何标准授权（${smallest.name}需${smallest.requirement}），买家只能购买高级定制授权`;
}

/* ------------------------------------------------------------------ upload batches */

/** What the server knows of one file of an upload batch (upload_batch_files.state). */
export const UploadFileState = {
  /** Waiting for its bytes, or receiving them. */
  UPLOADING: 'uploading',
  /** Received: a material exists; what follows is the material's own state. */
  UPLOADED: 'uploaded',
  /** Refused: the same bytes are an existing material. */
  DUPLICATE: 'duplicate',
  /** Refused or broken off, with the reason. */
  FAILED: 'failed',
  /** The operator stopped it. */
  CANCELLED: 'cancelled',
} as const;
export type UploadFileState = (typeof UploadFileState)[keyof typeof UploadFileState];
export const UPLOAD_FILE_STATES = Object.values(UploadFileState) as [UploadFileState, ...UploadFileState[]];

const { UPLOADING, UPLOADED, DUPLICATE, FAILED, CANCELLED } = UploadFileState;

/**
 * One file of a batch. Sending it again (重试) is allowed after a failure or a cancel; a file
 * whose bytes became a material, or were refused as a duplicate, is done.
 */
export const UploadFileMachine = defineStateMachine('upload_file', UPLOAD_FILE_STATES, {
  /** Its bytes are sent: the first time, or again (重试). */
  send: {
    from: [UPLOADING, FAILED, CANCELLED],
    to: UPLOADING,
    refusal: 'UPLOAD_FILE_DONE',
  },
  /** The bytes were accepted and a material made. */
  receive: { from: [UPLOADING], to: UPLOADED, refusal: 'UPLOAD_FILE_CANCELLED' },
  refuseDuplicate: { from: [UPLOADING], to: DUPLICATE, refusal: 'UPLOAD_FILE_CANCELLED' },
  fail: { from: [UPLOADING], to: FAILED, refusal: 'UPLOAD_FILE_CANCELLED' },
  /** 取消: the browser stops sending and the server marks it. */
  cancel: { from: [UPLOADING, FAILED], to: CANCELLED, refusal: 'UPLOAD_FILE_NOT_CANCELLABLE' },
});
export type UploadFileAction = keyof typeof UploadFileMachine.actions;

/**
 * What the console says of a file: the file's own state until it is received, then its
 * material's (处理中 while the previews are made, 失败 if that failed, then review's).
 */
export const UploadFileStatus = {
  UPLOADING: 'uploading',
  PROCESSING: 'processing',
  PENDING_REVIEW: 'pending_review',
  LISTED: 'listed',
  REJECTED: 'rejected',
  DUPLICATE: 'duplicate',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;
export type UploadFileStatus = (typeof UploadFileStatus)[keyof typeof UploadFileStatus];
export const UPLOAD_FILE_STATUSES = Object.values(UploadFileStatus) as [UploadFileStatus, ...UploadFileStatus[]];

export const UPLOAD_FILE_STATUS_LABEL: Readonly<Record<UploadFileStatus, string>> = {
  uploading: '上传中',
  processing: '处理中',
  pending_review: '待审核',
  listed: '已上架',
  rejected: '已驳回',
  duplicate: '重复被拒',
  failed: '失败',
  cancelled: '已取消',
};

/** The status of a file from its state and, once received, its material's processing and review. */
export function uploadFileStatusOf(
  state: string,
  material: { status: string; review: string } | null,
): UploadFileStatus {
  if (state !== UPLOADED || !material) {
    if (state === DUPLICATE) return UploadFileStatus.DUPLICATE;
    if (state === FAILED) return UploadFileStatus.FAILED;
    if (state === CANCELLED) return UploadFileStatus.CANCELLED;
    return UploadFileStatus.UPLOADING;
  }
  if (material.status === 'failed') return UploadFileStatus.FAILED;
  if (material.review === LISTED) return UploadFileStatus.LISTED;
  if (material.review === REJECTED) return UploadFileStatus.REJECTED;
  if (material.status !== 'ready') return UploadFileStatus.PROCESSING;
  return UploadFileStatus.PENDING_REVIEW;
}

/** A batch is 进行中 while any of its files is uploading or processing, else 已完成. */
export const UploadBatchState = { ACTIVE: 'active', DONE: 'done' } as const;
export type UploadBatchState = (typeof UploadBatchState)[keyof typeof UploadBatchState];
export const UPLOAD_BATCH_STATES = Object.values(UploadBatchState) as [UploadBatchState, ...UploadBatchState[]];
export const UPLOAD_BATCH_STATE_LABEL: Readonly<Record<UploadBatchState, string>> = {
  active: '进行中',
  done: '已完成',
};

/** Most files one batch holds. */
export const UPLOAD_BATCH_MAX_FILES = 200;
