import {
  chinaDateOf,
  ErrorCode,
  isLicenceType,
  LicenceType,
  licenceSpec,
  MaterialFormat,
  ORDER_PATHS,
  OrderStateMachine,
  orderPath,
  type TDownloadResponse,
  type TDownloadUrlResponse,
  type TPurchasedResponse,
  ownerSidOf,
} from '@gemstock/contract';
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { cappedTotal, decodeCursor, encodeCursor } from '../../lib/list-cursor.js';
import { toDocumentJpeg } from '../../media/document-image.js';
import type { CropFraction } from '../../media/image-processor.js';
import type { Storage } from '../../media/storage.js';
import type { VideoProcessor } from '../../media/video-processor.js';
import type { AppDeps } from '../../app-deps.js';
import { findLikedSids, findMaterialsBySids, toWireMaterial, type PublicUrlOf } from '../catalog/index.js';
import type { OrderRow } from '../../db/rows.js';
import { findCompanyOwnership } from './ownership.js';
import { findUserBySid } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import { renderCertificatePdf } from './certificate.pdf.js';
import { deliveredKeyOf, isVideo, readyTracedVideo, type Slots, traceNumberOfLicence } from './trace-delivery.js';
import {
  countOwnedLicences,
  grantLicences,
  findLicenceByCertNo,
  findLicenceByOrderMaterial,
  findOwnerLicenceForMaterial,
  findRevokedOwnerLicence,
  type LicenceRow,
  listCurrentLicencesOfMaterial,
  listOrderLicences,
  listOwnedLicences,
  markLicenceSuperseded,
  recordLicenceDownload,
} from './licence.repository.js';

/** Purchased downloads live five minutes: enough to start, too short to pass around. */
export const LICENCE_DOWNLOAD_TTL_SECONDS = 300;
const CERTIFICATE_CACHE_SIZE = 200;

/**
 * Licences bought through paid orders: originals to download, the purchased list, the PDF
 * certificate and its public verification. A licence belongs to the owner account (the main
 * account of a company), so every account of the company uses it.
 */
export interface LicenceDeps {
  db: Db;
  storage: Storage;
  signer: DownloadUrlSigner;
  publicUrlOf: PublicUrlOf;
  siteName: string;
  publicUrl: string;
  now?: () => Date;
  /**
   * Rendering costs ≈300 ms of CPU (font subsetting); certificates rarely change, so recent
   * ones are kept, keyed by everything printed on them (a company rename makes a new one).
   * One per process, made with the licence service.
   */
  certificates: Map<string, Buffer>;
  /**
   * The channel cuts' frames of recent originals, by original key: finding them decodes the
   * original, and the buyer's preview and download ask for the same ones. One per process.
   */
  channelFrames: Map<string, Promise<CropFraction[]>>;
  /** Wakes this server's reframe worker when a download queues one (other servers' poll the table). */
  mediaJobs: AppDeps['mediaJobs'];
  /** Attempts at a reframe before it fails (config.mediaWorker.maxAttempts, as for renditions). */
  config: Pick<AppDeps['config'], 'mediaWorker'>;
  /** ffmpeg, which reframes a video. */
  video: VideoProcessor;
  /** Local scratch space for a reframe (the original is copied there from storage). */
  scratchDir: string;
  /** Seeds each licence's trace mark (config.traceSecret, docs/decisions/0049). */
  traceSecret: Uint8Array;
  /** Bounds the marking and reading of whole originals at once. One per process. */
  markSlots: Slots;
  /** The order a licence came with: the order module's, wired in services.ts. */
  findOrder: (db: DbOrTx, sid: string) => Promise<OrderRow | undefined>;
  /** The design delivered for a custom order, which its exclusive certificate licenses: the design module's. */
  findDeliveredDesign: (db: DbOrTx, orderSid: string) => Promise<CertifiedDesign | undefined>;
}

/** What an exclusive certificate prints of the delivered design. */
export interface CertifiedDesign {
  demandSid: string;
  deliveredAt: Date | null;
  /** The downsized clean picture of the final file; null for a video. */
  previewKey: string | null;
  fileName: string;
}

export async function readAll(stream: Readable, cap: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > cap) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function signDownload(deps: LicenceDeps, licence: LicenceRow, user: UserRow) {
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  // A withdrawn (disabled) material stays downloadable for those who bought it. Each licence is
  // served its own marked copy (docs/decisions/0049): a picture's is made when the link is first
  // fetched (prepareTracedFile); a video's by a media job before any link is signed (4487 until then).
  const key = isVideo(material) ? await readyTracedVideo(deps, material, licence) : deliveredKeyOf(material, licence);
  await recordLicenceDownload(deps.db, {
    licenceSid: licence.sid,
    userSid: user.sid,
    materialSid: licence.materialSid,
    orderSid: licence.orderSid,
  });
  const signed = deps.signer.signDownloadUrl(key, LICENCE_DOWNLOAD_TTL_SECONDS);
  return { material: material.sid, url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

/** The company's current licence of a material, or the coded reason there is none. */
export async function entitledLicence(deps: LicenceDeps, user: UserRow, materialSid: string): Promise<LicenceRow> {
  const licence = await findOwnerLicenceForMaterial(deps.db, ownerSidOf(user), materialSid);
  if (!licence) {
    // Bought, then refunded: the licence has ended, which the buyer is told as such.
    if (await findRevokedOwnerLicence(deps.db, ownerSidOf(user), materialSid)) {
      throw new AppError(ErrorCode.LICENCE_REVOKED);
    }
    const exists = (await findMaterialsBySids(deps.db, [materialSid])).get(materialSid);
    throw new AppError(exists && !exists.disabled ? ErrorCode.NOT_ENTITLED : ErrorCode.MATERIAL_NOT_FOUND);
  }
  return licence;
}

export async function downloadMaterial(
  deps: LicenceDeps,
  user: UserRow,
  materialSid: string,
): Promise<TDownloadUrlResponse> {
  const licence = await entitledLicence(deps, user, materialSid);
  const { url, expiresAt } = await signDownload(deps, licence, user);
  return { url, expiresAt };
}

/** The company's paid order: one material, or all of them. Another company's order is 404. */
export async function downloadOrder(
  deps: LicenceDeps,
  user: UserRow,
  orderSid: string,
  materialSid: string | null,
): Promise<TDownloadResponse> {
  const order = await deps.findOrder(deps.db, orderSid);
  if (!order || order.ownerSid !== ownerSidOf(user)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  assertMay(OrderStateMachine, 'download', order.status);
  let licences = await listOrderLicences(deps.db, order.sid);
  if (materialSid !== null) licences = licences.filter((l) => l.materialSid === materialSid);
  if (licences.length === 0) throw new AppError(ErrorCode.NOT_ENTITLED);
  const files = [];
  // Every video's marked copy first: all the missing ones are queued at once, and no download is
  // recorded until every file of the answer can be served.
  const found = await findMaterialsBySids(
    deps.db,
    licences.map((l) => l.materialSid),
  );
  let waiting: unknown = null;
  for (const licence of licences) {
    const material = found.get(licence.materialSid);
    if (!material || !isVideo(material)) continue;
    await readyTracedVideo(deps, material, licence).catch((error: unknown) => {
      waiting ??= error;
    });
  }
  if (waiting) throw waiting;
  for (const licence of licences) files.push(await signDownload(deps, licence, user));
  return { url: files[0]!.url, expiresAt: files[0]!.expiresAt, files };
}

export async function listPurchased(
  deps: LicenceDeps,
  user: UserRow,
  page: { page: number; page_size: number; cursor?: string | undefined },
): Promise<TPurchasedResponse> {
  const ownerSid = ownerSidOf(user);
  // One row more than the page tells whether there is a next page.
  const [listed, counted] = await Promise.all([
    listOwnedLicences(deps.db, ownerSid, {
      offset: (page.page - 1) * page.page_size,
      limit: page.page_size + 1,
      after: page.cursor === undefined ? undefined : decodeCursor(page.cursor),
    }),
    countOwnedLicences(deps.db, ownerSid),
  ]);
  const licenceRows = listed.slice(0, page.page_size);
  const last = licenceRows.at(-1);
  const nextCursor =
    listed.length > page.page_size && last ? encodeCursor({ at: last.position, sid: last.licence.sid }) : null;
  const found = await findMaterialsBySids(
    deps.db,
    licenceRows.map((r) => r.licence.materialSid),
  );
  const rows = licenceRows.flatMap((r) => {
    const material = found.get(r.licence.materialSid);
    return material ? [{ ...r, material }] : [];
  });
  const liked = await findLikedSids(
    deps.db,
    user.sid,
    rows.map((r) => r.material.sid),
  );
  const now = deps.now?.() ?? new Date();
  const owned = await findCompanyOwnership(
    deps.db,
    user,
    rows.map((r) => r.material.sid),
  );
  return {
    ...cappedTotal(counted),
    nextCursor,
    materials: rows.map(({ licence, material, orderNo }) => ({
      ...toWireMaterial(material, { liked: liked.has(material.sid), now, publicUrlOf: deps.publicUrlOf }),
      buyTime: licence.createdAt.toISOString(),
      ownedSpecs: owned.get(material.sid)?.specs ?? [],
      spec: isLicenceType(licence.spec) ? licence.spec : LicenceType.STANDARD,
      downloadCount: licence.downloadCount,
      orderSid: licence.orderSid,
      orderNo,
      certNo: licence.certNo,
      certificateUrl: orderPath(ORDER_PATHS.certificate, licence.orderSid, licence.materialSid),
    })),
  };
}

export function verifyUrlOf(deps: LicenceDeps, certNo: string): string {
  return `${deps.publicUrl}${ORDER_PATHS.verifyCertificate.replace(':certNo', encodeURIComponent(certNo))}`;
}

async function previewJpeg(deps: LicenceDeps, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const bytes = await readAll(await deps.storage.getStream(key), 20 * 1024 * 1024);
    return bytes ? await toDocumentJpeg(bytes) : null;
  } catch {
    // A certificate without the picture is still a valid certificate.
    return null;
  }
}

/**
 * Whom a certificate names: the company as it stood when the licence was granted, or, for a
 * licence granted before that was kept (licenseeCompany null), the company as it is now.
 */
function licenseeOf(
  licence: LicenceRow,
  now: { company: string; license: string | null; address: string | null },
): { company: string; license: string | null; address: string | null } {
  if (licence.licenseeCompany === null) return now;
  return { company: licence.licenseeCompany, license: licence.licenseeLicense, address: licence.licenseeAddress };
}

/** The PDF certificate of one licensed material of a paid order of the account's company. */
export async function renderCertificate(
  deps: LicenceDeps,
  user: UserRow,
  orderSid: string,
  materialSid: string,
): Promise<{ pdf: Buffer; certNo: string }> {
  const order = await deps.findOrder(deps.db, orderSid);
  if (!order || order.ownerSid !== ownerSidOf(user)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const licence = await findLicenceByOrderMaterial(deps.db, orderSid, materialSid);
  if (licence?.revokedAt) throw new AppError(ErrorCode.LICENCE_REVOKED);
  if (!licence || !OrderStateMachine.may('download', order.status)) throw new AppError(ErrorCode.CERTIFICATE_NOT_FOUND);
  const material = (await findMaterialsBySids(deps.db, [materialSid])).get(materialSid);
  if (!material) throw new AppError(ErrorCode.CERTIFICATE_NOT_FOUND);
  const owner = await findUserBySid(deps.db, licence.ownerSid);
  const buyer = licence.buyerSid === licence.ownerSid ? owner : await findUserBySid(deps.db, licence.buyerSid);
  const licensee = licenseeOf(licence, {
    company: owner?.company ?? buyer?.company ?? '—',
    license: owner?.companyLicense ?? buyer?.companyLicense ?? null,
    address: owner?.companyAddress ?? buyer?.companyAddress ?? null,
  });
  // An exclusive licence is of the design delivered for the order: the certificate shows that design.
  const design = licence.exclusive ? await deps.findDeliveredDesign(deps.db, orderSid) : undefined;
  const cacheKey = JSON.stringify([
    licence.certNo,
    licence.supersededByCertNo,
    licensee,
    material.coverKey ?? material.thumbKey,
    design?.previewKey,
    deps.siteName,
  ]);
  const cached = deps.certificates.get(cacheKey);
  if (cached) return { pdf: cached, certNo: licence.certNo };
  const pdf = await renderCertificatePdf({
    siteName: deps.siteName,
    certNo: licence.certNo,
    licensee,
    material: {
      sid: material.sid,
      format: material.format === 'video' ? MaterialFormat.VIDEO : MaterialFormat.IMAGE,
      previewJpeg: design ? null : await previewJpeg(deps, material.coverKey ?? material.thumbKey),
    },
    design: design
      ? {
          demandSid: design.demandSid,
          deliveredOn: design.deliveredAt ? chinaDateOf(design.deliveredAt) : null,
          previewJpeg: await previewJpeg(deps, design.previewKey),
        }
      : null,
    licenceType: isLicenceType(licence.spec) ? licence.spec : LicenceType.STANDARD,
    exclusive: licence.exclusive,
    orderNo: order.orderNo,
    traceNo: design ? null : traceNumberOfLicence(deps, licence.sid),
    licensedOn: chinaDateOf(licence.createdAt),
    verifyUrl: verifyUrlOf(deps, licence.certNo),
    superseded: licence.supersededByCertNo
      ? {
          byCertNo: licence.supersededByCertNo,
          on: licence.supersededAt ? chinaDateOf(licence.supersededAt) : null,
        }
      : null,
  });
  if (deps.certificates.size >= CERTIFICATE_CACHE_SIZE)
    deps.certificates.delete(deps.certificates.keys().next().value!);
  deps.certificates.set(cacheKey, pdf);
  return { pdf, certNo: licence.certNo };
}

/**
 * What the public verification page may say: that the certificate is genuine, for which
 * material and licence, since when, and to whom — the company name partly masked, nothing
 * else about the buyer (no credit code, no order, no price).
 */
export async function describeForVerification(deps: LicenceDeps, certNo: string) {
  const licence = await findLicenceByCertNo(deps.db, certNo);
  if (!licence) return null;
  const owner = await findUserBySid(deps.db, licence.ownerSid);
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  const format = material?.format === 'video' ? MaterialFormat.VIDEO : MaterialFormat.IMAGE;
  const spec = isLicenceType(licence.spec) ? licenceSpec(licence.spec, format) : null;
  return {
    certNo: licence.certNo,
    licensee: maskCompany(licence.licenseeCompany ?? owner?.company ?? ''),
    materialSid: licence.materialSid,
    thumbUrl: material ? deps.publicUrlOf(material.thumbKey) : null,
    licenceName: spec?.name ?? '—',
    licenceUse: spec?.use ?? '—',
    exclusive: licence.exclusive,
    licensedOn: chinaDateOf(licence.createdAt),
    supersededByCertNo: licence.supersededByCertNo,
    supersededOn: licence.supersededAt ? chinaDateOf(licence.supersededAt) : null,
    revokedOn: licence.revokedAt ? chinaDateOf(licence.revokedAt) : null,
    revokedReason: licence.revokedReason,
  };
}

/** "上海鑫鎏珠宝有限公司" → "上海****有限公司": enough to recognise, not to look up. */
export function maskCompany(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '—';
  if (chars.length <= 4) return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  const keepEnd = Math.min(4, chars.length - 3);
  return `${chars.slice(0, 2).join('')}${'*'.repeat(chars.length - 2 - keepEnd)}${chars.slice(-keepEnd).join('')}`;
}

/**
 * The licences a paid order grants its company, inside the settlement's transaction (the
 * licence module's front door for settlement), each counted as a sale of its material.
 */
export async function grantOrderLicences(
  tx: DbOrTx,
  input: {
    ownerSid: string;
    buyerSid: string;
    orderSid: string;
    grantedAt: Date;
    items: { materialSid: string; spec: number; exclusive?: boolean }[];
  },
): Promise<void> {
  await grantLicences(tx, input);
}

/**
 * The licence of a material a company would upgrade: its widest current licence on the ladder
 * (new-media → standard → extended), or, when it holds none there, its premium custom licence
 * (which cannot be upgraded). Undefined when the company holds no licence of the material.
 */
export async function findUpgradableLicence(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<LicenceRow | undefined> {
  const current = await listCurrentLicencesOfMaterial(db, ownerSid, materialSid);
  return current.find((l) => l.spec !== LicenceType.PREMIUM_CUSTOM) ?? current[0];
}

/**
 * Settling an upgrade order, inside the settlement's transaction, after the order's licences
 * were granted: the upgraded licence is marked superseded by the certificate just issued for
 * the wider scope. Idempotent: a licence superseded already is left as it is.
 */
export async function supersedeUpgradedLicence(
  tx: DbOrTx,
  input: { licenceSid: string; orderSid: string; materialSid: string; at: Date },
): Promise<void> {
  const successor = await findLicenceByOrderMaterial(tx, input.orderSid, input.materialSid);
  if (!successor) throw new Error(`upgrade order ${input.orderSid} granted no licence`);
  await markLicenceSuperseded(tx, { licenceSid: input.licenceSid, byCertNo: successor.certNo, at: input.at });
}
