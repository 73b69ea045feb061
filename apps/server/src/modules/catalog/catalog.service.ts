import {
  ConsentContext,
  ErrorCode,
  RELATED_LIMIT,
  SIMILAR_LIMIT,
  type TDownloadUrlResponse,
  type TMaterial,
  type TPagedMaterialsResponse,
} from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { UserRow } from '../../db/rows.js';
import {
  countFreeMaterials,
  findVisibleMaterial,
  findVisibleMaterialsBySeq,
  findVisibleMaterialsBySid,
  listFeaturedVideos as listFeaturedVideoRows,
  listFreeMaterials,
  listRelatedSeqs,
  type MaterialRow,
  recordFreeDownload,
} from './catalog.repository.js';
import { recordConsents } from '../content/index.js';
import { dominantCellsOf, scoreSimilar } from './similar-pieces.js';
import { findVisibleSignature, findVisibleSimilarList, listSimilarCandidates } from './similar.repository.js';
import { findLikedSids } from './likes.repository.js';
import { isFreeAt, type PublicUrlOf, toWireMaterial, type WireMaterialRow } from './material.mapper.js';

export interface PageInput {
  page: number;
  page_size: number;
}

export interface CatalogDeps {
  db: Db;
  signer: DownloadUrlSigner;
  publicUrlOf: PublicUrlOf;
  now?: () => Date;
  /** 已购 on each material for the buyer's company: the licence module's, wired in services.ts. */
  ownership: MaterialOwnership;
  /** Announces detail views (analytics listens). */
  events: Pick<EventBus, 'emit'>;
}

export type MaterialOwnership = <T extends TMaterial>(db: Db, user: UserRow, materials: T[]) => Promise<T[]>;

/** Free-download links live five minutes: enough to start the download, too short to share. */
export const FREE_DOWNLOAD_TTL_SECONDS = 300;

function nowOf(deps: CatalogDeps): Date {
  return deps.now ? deps.now() : new Date();
}

/** Wire shapes in the given order, `liked` filled in for a signed-in user. */
export async function toWire(
  deps: CatalogDeps,
  rows: MaterialRow[],
  user: UserRow | null,
  now = nowOf(deps),
): Promise<TMaterial[]> {
  const liked = user
    ? await findLikedSids(
        deps.db,
        user.sid,
        rows.map((r) => r.sid),
      )
    : new Set<string>();
  const wire = rows.map((row) =>
    toWireMaterial(row, { liked: liked.has(row.sid), now, publicUrlOf: deps.publicUrlOf }),
  );
  return user ? deps.ownership(deps.db, user, wire) : wire;
}

/** The materials still on sale, in the order of `seqs`; a material disabled since drops out. */
export async function materialsBySeq(
  deps: CatalogDeps,
  seqs: number[],
  user: UserRow | null,
  now: Date,
): Promise<TMaterial[]> {
  const rows = await findVisibleMaterialsBySeq(deps.db, seqs);
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  // A material disabled since its page was cached simply drops out of the page.
  const ordered = seqs.map((s) => bySeq.get(s)).filter((r): r is MaterialRow => r !== undefined);
  return toWire(deps, ordered, user, now);
}

/**
 * Rows already held (the search index's, decision 0053) as a visitor sees them, in their order:
 * what materialsBySeq answers for a visitor, without reading the rows.
 */
export function presentHeld(deps: CatalogDeps, rows: WireMaterialRow[], now: Date): TMaterial[] {
  const context = { liked: false, now, publicUrlOf: deps.publicUrlOf };
  return rows.map((row) => toWireMaterial(row, context));
}

/** A shared page's materials with the buyer's own marks: liked, and 已购 for the company. */
export async function markForBuyer(deps: CatalogDeps, user: UserRow, materials: TMaterial[]): Promise<TMaterial[]> {
  const liked = await findLikedSids(
    deps.db,
    user.sid,
    materials.map((m) => m.sid),
  );
  // Likes and ownership are the buyer's own: merged into the shared page, never cached in it.
  return deps.ownership(
    deps.db,
    user,
    materials.map((m) => (liked.has(m.sid) ? { ...m, liked: true } : m)),
  );
}

async function visibleMaterial(deps: CatalogDeps, sid: string): Promise<MaterialRow> {
  const row = await findVisibleMaterial(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return row;
}

export async function getMaterial(deps: CatalogDeps, sid: string, user: UserRow | null): Promise<TMaterial> {
  const [material] = await toWire(deps, [await visibleMaterial(deps, sid)], user);
  await deps.events.emit('material.viewed', { materialSid: sid, userSid: user?.sid ?? null });
  return material!;
}

export async function listRelated(deps: CatalogDeps, sid: string, user: UserRow | null): Promise<TMaterial[]> {
  const material = await visibleMaterial(deps, sid);
  const seqs = await listRelatedSeqs(deps.db, material, RELATED_LIMIT);
  return materialsBySeq(deps, seqs, user, nowOf(deps));
}

/** Stored look-alikes read beyond the 12 shown, for those of them taken off sale. */
const SIMILAR_SPARE = 4;

/**
 * 相似素材: materials that look like this one (perceptual hash, palette and facets), closest
 * first; a material off sale or missing is refused like its detail page (3001). The list is
 * stored (similar-lists.ts): a request reads it and the listed materials by key, leaving out
 * those off sale. A material whose list is not stored yet is ranked from a bounded candidate
 * read (similar.repository.ts), a few thousand index entries and at most 300 rows.
 */
export async function listSimilar(deps: CatalogDeps, sid: string, user: UserRow | null): Promise<TMaterial[]> {
  const stored = await findVisibleSimilarList(deps.db, sid);
  if (!stored) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  if (stored.similarSids) {
    // The head of the list is nearly always enough: the rest is read only when more than a few
    // of the head are off sale.
    const head = stored.similarSids.slice(0, SIMILAR_LIMIT + SIMILAR_SPARE);
    let rows = await findVisibleMaterialsBySid(deps.db, head);
    if (rows.length < SIMILAR_LIMIT && stored.similarSids.length > head.length) {
      rows = rows.concat(await findVisibleMaterialsBySid(deps.db, stored.similarSids.slice(head.length)));
    }
    const bySid = new Map(rows.map((r) => [r.sid, r]));
    const listed = stored.similarSids.flatMap((s) => bySid.get(s) ?? []).slice(0, SIMILAR_LIMIT);
    return toWire(deps, listed, user, nowOf(deps));
  }
  const material = await findVisibleSignature(deps.db, sid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  const candidates = await listSimilarCandidates(deps.db, material, dominantCellsOf(material.palette), 'visible');
  const ranked = scoreSimilar(material, candidates, SIMILAR_LIMIT);
  return materialsBySeq(
    deps,
    ranked.map((r) => r.candidate.seq),
    user,
    nowOf(deps),
  );
}

export async function listFree(
  deps: CatalogDeps,
  input: PageInput,
  user: UserRow | null,
): Promise<TPagedMaterialsResponse> {
  const now = nowOf(deps);
  const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
  const [rows, total] = await Promise.all([listFreeMaterials(deps.db, now, page), countFreeMaterials(deps.db, now)]);
  return { total, materials: await toWire(deps, rows, user, now) };
}

export async function listFeaturedVideos(
  deps: CatalogDeps,
  input: PageInput,
  user: UserRow | null,
): Promise<TMaterial[]> {
  const rows = await listFeaturedVideoRows(deps.db, {
    offset: (input.page - 1) * input.page_size,
    limit: input.page_size,
  });
  return toWire(deps, rows, user);
}

/**
 * A free download: the material must be in its free window now; the download is recorded and
 * counted on the buyer, then a short-lived signed link to the original is handed out.
 */
export async function issueFreeDownload(
  deps: CatalogDeps,
  sid: string,
  user: UserRow,
  agreementVersion?: number,
): Promise<TDownloadUrlResponse> {
  const material = await visibleMaterial(deps, sid);
  if (!isFreeAt(material, nowOf(deps))) throw new AppError(ErrorCode.MATERIAL_NOT_FREE);
  // the download and the tick that allowed it are kept together: a dispute shows the text accepted
  await deps.db.transaction(async (tx) => {
    await recordFreeDownload(tx, user.sid, material.sid);
    await recordConsents(tx, {
      user,
      documents: [{ key: 'download_licence', version: agreementVersion }],
      context: ConsentContext.FREE_DOWNLOAD,
    });
  });
  const signed = deps.signer.signDownloadUrl(material.originalKey, FREE_DOWNLOAD_TTL_SECONDS);
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}
