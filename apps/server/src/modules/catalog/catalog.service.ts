import {
  ErrorCode,
  type MaterialFormat,
  type Orientation,
  type Period,
  RELATED_LIMIT,
  SortOption,
  type TDownloadUrlResponse,
  type TMaterial,
  type TPagedMaterialsResponse,
  type TSearchMaterialsResponse,
  ZMaterial,
} from '@gemstock/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import type { UserRow } from '../user/user.repository.js';
import type { CatalogSearch } from '../search/search.service.js';
import {
  countFreeMaterials,
  findVisibleMaterial,
  findVisibleMaterialsBySeq,
  listFeaturedVideos as listFeaturedVideoRows,
  listFreeMaterials,
  listRelatedSeqs,
  type MaterialRow,
  recordFreeDownload,
} from './catalog.repository.js';
import { findLikedSids } from './likes.repository.js';
import { isFreeAt, type PublicUrlOf, toWireMaterial } from './material.mapper.js';
import type { SearchLogWriter } from '../search/search-log.writer.js';
import type { KeywordVocabulary } from '../search/keyword-vocabulary.js';
import {
  filterCacheKey,
  loggedKeyword,
  needsSegmenting,
  newRandomSeed,
  parseSearchFilter,
  ringStartOf,
  searchWords,
} from '../search/search-query.js';
import { TtlCache } from '../../lib/ttl-cache.js';

export interface SearchMaterialsInput {
  keyword?: string | undefined;
  format?: MaterialFormat | undefined;
  orientation?: Orientation | undefined;
  period?: Period | undefined;
  sort: SortOption;
  seed?: number | undefined;
  page: number;
  page_size: number;
}

export interface PageInput {
  page: number;
  page_size: number;
}

export interface CatalogDeps {
  db: Db;
  search: CatalogSearch;
  vocabulary: KeywordVocabulary;
  searchLog: SearchLogWriter;
  signer: DownloadUrlSigner;
  publicUrlOf: PublicUrlOf;
  /** Told of each built-page lookup (AppDeps.metrics). */
  onCacheLookup?: (cache: 'page', hit: boolean) => void;
  now?: () => Date;
  /** Built search pages, shared by every request of this process (createPageCache). */
  pages: TtlCache<ListedPage>;
  /** 已购 on each material for the buyer's company: the licence module's, wired in services.ts. */
  ownership: MaterialOwnership;
}

export type MaterialOwnership = <T extends TMaterial>(db: Db, user: UserRow, materials: T[]) => Promise<T[]>;

/** Free-download links live five minutes: enough to start the download, too short to share. */
export const FREE_DOWNLOAD_TTL_SECONDS = 300;

/**
 * How long a listed search page is reused (micro-caching, as a CDN would for anonymous GETs).
 * Like counts, a material just disabled and the free flag may show this much late in listings;
 * never on the detail page, likes, cart or downloads, which always read the material fresh.
 */
export const PAGE_TTL_MS = 30_000;

const ZMaterialList = z.array(ZMaterial);

export interface ListedPage {
  total: number;
  totalCapped: boolean;
  materials: TMaterial[];
  /** `materials` already encoded. */
  json: string;
}

export interface SearchResult {
  response: TSearchMaterialsResponse;
  /** The whole success envelope, already encoded, when no buyer-specific field is in it. */
  body: string | null;
}

/** The cache of built search pages; one per process, made with the catalogue service. */
export function createPageCache(onCacheLookup?: (cache: 'page', hit: boolean) => void): TtlCache<ListedPage> {
  return new TtlCache<ListedPage>({
    ttlMs: PAGE_TTL_MS,
    // About 20 kB a page: some 1,500 pages, 30 MB.
    maxWeight: 32_000_000,
    weigh: (p) => p.json.length,
    onLookup: (hit) => onCacheLookup?.('page', hit),
  });
}

/**
 * Forgets every cached search (match sets, windows, built pages, the keyword vocabulary), so
 * a catalogue change made through this process shows in the next search. Other processes
 * catch up within the caches' TTLs.
 */
export function forgetSearches(deps: CatalogDeps): void {
  deps.search.clear();
  deps.vocabulary.invalidate();
  deps.pages.clear();
}

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

async function materialsBySeq(
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
 * One page of a search. The page as a visitor sees it is shared by everyone asking for it
 * within PAGE_TTL_MS: checked against the response schema and encoded once, then sent as
 * text to visitors who are not signed in (those cost the schema check and the encoding of
 * thirty materials more than all the rest of a cached search). A signed-in buyer gets the same
 * page with their likes marked, through the normal serializer.
 */
export async function searchMaterials(
  deps: CatalogDeps,
  input: SearchMaterialsInput,
  user: UserRow | null,
  searcherKey: string | null = null,
): Promise<SearchResult> {
  const now = nowOf(deps);
  const vocabulary = needsSegmenting(searchWords(input.keyword)) ? await deps.vocabulary.get() : undefined;
  const filter = parseSearchFilter(input, vocabulary);
  const isRandom = input.sort === SortOption.RANDOM;
  const seed = isRandom ? (input.seed ?? newRandomSeed()) : 0;
  const pageKey = [
    filterCacheKey(filter),
    input.sort,
    isRandom ? ringStartOf(seed) : '',
    input.page,
    input.page_size,
  ].join('|');
  const page = await deps.pages.getOrLoad(pageKey, async () => {
    const found = await deps.search.findPage({
      filter,
      sort: input.sort,
      seed,
      page: input.page,
      pageSize: input.page_size,
      now,
    });
    const materials = ZMaterialList.parse(await materialsBySeq(deps, found.seqs, null, now));
    return { total: found.total, totalCapped: found.totalCapped, materials, json: JSON.stringify(materials) };
  });
  const keyword = loggedKeyword(filter);
  if (keyword) {
    deps.searchLog.record({
      keyword,
      userSid: user?.sid ?? null,
      searcherKey,
      resultCount: page.total,
      createdAt: now,
    });
  }
  const head = { total: page.total, totalCapped: page.totalCapped, seed: isRandom ? seed : null };
  if (!user) {
    return {
      response: { ...head, materials: page.materials },
      body: `{"code":0,"data":{"total":${head.total},"totalCapped":${head.totalCapped},"seed":${String(head.seed)},"materials":${page.json}},"message":"ok"}`,
    };
  }
  const liked = await findLikedSids(
    deps.db,
    user.sid,
    page.materials.map((m) => m.sid),
  );
  // Likes and ownership are the buyer's own: merged into the shared page, never cached in it.
  const materials = await deps.ownership(
    deps.db,
    user,
    page.materials.map((m) => (liked.has(m.sid) ? { ...m, liked: true } : m)),
  );
  return { response: { ...head, materials }, body: null };
}

async function visibleMaterial(deps: CatalogDeps, sid: string): Promise<MaterialRow> {
  const row = await findVisibleMaterial(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return row;
}

export async function getMaterial(deps: CatalogDeps, sid: string, user: UserRow | null): Promise<TMaterial> {
  const [material] = await toWire(deps, [await visibleMaterial(deps, sid)], user);
  return material!;
}

export async function listRelated(deps: CatalogDeps, sid: string, user: UserRow | null): Promise<TMaterial[]> {
  const material = await visibleMaterial(deps, sid);
  const seqs = await listRelatedSeqs(deps.db, material, RELATED_LIMIT);
  return materialsBySeq(deps, seqs, user, nowOf(deps));
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
export async function issueFreeDownload(deps: CatalogDeps, sid: string, user: UserRow): Promise<TDownloadUrlResponse> {
  const material = await visibleMaterial(deps, sid);
  if (!isFreeAt(material, nowOf(deps))) throw new AppError(ErrorCode.MATERIAL_NOT_FREE);
  await recordFreeDownload(deps.db, user.sid, material.sid);
  const signed = deps.signer.signDownloadUrl(material.originalKey, FREE_DOWNLOAD_TTL_SECONDS);
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}
