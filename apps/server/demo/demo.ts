import { RENDITION_VERSION } from '../src/media/renditions.js';
import { LICENCE_TABLE, qualifyingLicenceTypes, suggestFacets, type LicenceType } from '@gemstock/contract';
import { count, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../src/config.js';
import type { Db, DbOrTx } from '../src/db/client.js';
import { keywords, materials, operators, users } from '../src/db/schema/index.js';
import { newSid } from '../src/lib/ids.js';
import { encodeImage, makeImageRenditions, rasteriseSvg, type ImageRenditions } from '../src/media/image-processor.js';
import { materialFileKey } from '../src/media/keys.js';
import { perceptualHash } from '../src/media/perceptual-hash.js';
import { extractPalette, PALETTE_VERSION, paletteCells } from '../src/media/colour-palette.js';
import { LocalDiskStorage, type Storage } from '../src/media/storage.js';
import { aspectRatioLabel, resolutionLabel } from '../src/media/video-labels.js';
import { runSimilarBackfill } from '../src/modules/catalog/similar-lists.js';
import { savePaletteBackfillPosition } from '../src/modules/catalog/similar.repository.js';
import { createOperator } from '../src/modules/operator/operator.service.js';
import { searchTokensFor } from '../src/modules/search/search-tokens.js';
import { createMainAccount, createSubAccount } from '../src/modules/user/user.service.js';
import { composeScene, seededRandom } from './artwork.js';
import { DEMO_CURATED_KEYWORDS, DEMO_PINNED_KEYWORDS, planDemoImages, type ImagePlan } from './demo-catalogue.js';
import { DEMO_VIDEOS, type SeedVideoManifest, type SeedVideoManifestEntry } from './demo-videos.js';

export interface SeedResult {
  buyer: { email: string; password: string };
  subAccount: { username: string; password: string };
  operator: { username: string; password: string };
}

export interface SeedDemoOptions {
  config: Config;
  db: Db;
  log: (line: string) => void;
  /** Where media files go; defaults to local disk under DATA_DIR/media. */
  storage?: Storage;
  /** Number of generated pictures (60). Tests use fewer; the shipped videos are always added. */
  imageCount?: number;
  /** Pictures rendered at once; defaults to the number of cores. */
  concurrency?: number;
  /** The moment dates are spread back from (now). */
  now?: Date;
}

export const DEMO_IMAGE_COUNT = 60;
export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_BUYER = {
  email: 'buyer@demo.gemstock.cn',
  name: '林晓雯',
  company: '深圳市宝图演示珠宝有限公司',
  // A well-formed unified social credit code (GB 32100-2015 check digit), invented for the demo.
  companyLicense: '91440303MA5G7BT2KB',
  companyAddress: '广东省深圳市罗湖区翠竹街道水贝二路 18 号珠宝总部大厦 1806 室',
} as const;
export const DEMO_SUB_ACCOUNT = { username: 'demo-sub', name: '王采购' } as const;
export const DEMO_OPERATOR = { username: 'operator', name: '演示运营' } as const;

/** Any constant will do: it only keeps two servers starting at once from both seeding. */
const SEED_LOCK_ID = 7_310_421;
const DAY_MS = 24 * 3600 * 1000;

type MaterialRow = typeof materials.$inferInsert;

/** seed-assets/ beside src/ and dist/: found by walking up, as the migrations folder is. */
function findSeedVideosDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = join(dir, 'seed-assets', 'videos');
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [o] = await db.select({ n: count() }).from(operators);
  const [m] = await db.select({ n: count() }).from(materials);
  return (u?.n ?? 0) === 0 && (o?.n ?? 0) === 0 && (m?.n ?? 0) === 0;
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Files written so far, so a failed or superseded seed can take them back. */
class WrittenFiles {
  readonly keys: string[] = [];
  constructor(private readonly storage: Storage) {}

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.storage.put(key, data, contentType);
    this.keys.push(key);
    return key;
  }

  async removeAll(): Promise<void> {
    await Promise.allSettled(this.keys.map((key) => this.storage.delete(key)));
  }
}

/**
 * What review knows of a demo material: on sale (the demo is a catalogue to buy from), and the
 * hashes an upload of the same or a similar picture is compared with, and the palette the
 * colour search and 相似素材 read (drawn from the thumbnail, as the media job does).
 */
async function reviewedFacts(original: Buffer, r: ImageRenditions) {
  const palette = await extractPalette(r.thumb.data);
  return {
    reviewState: 'listed',
    contentSha256: createHash('sha256').update(original).digest('hex'),
    perceptualHash: await perceptualHash(r.thumb.data),
    palette,
    colorCells: paletteCells(palette),
  } satisfies Partial<MaterialRow>;
}

async function storeRenditions(files: WrittenFiles, sid: string, r: ImageRenditions) {
  const [thumbKey, thumbSmallKey, coverKey, watermarkKey] = await Promise.all([
    files.put(materialFileKey('public', sid, 'thumb', r.thumb.data, r.thumb.ext), r.thumb.data, r.thumb.mime),
    files.put(
      materialFileKey('public', sid, 'thumb-small', r.thumbSmall.data, r.thumbSmall.ext),
      r.thumbSmall.data,
      r.thumbSmall.mime,
    ),
    files.put(materialFileKey('public', sid, 'cover', r.cover.data, r.cover.ext), r.cover.data, r.cover.mime),
    files.put(
      materialFileKey('public', sid, 'watermark', r.preview.data, r.preview.ext),
      r.preview.data,
      r.preview.mime,
    ),
  ]);
  return { thumbKey, thumbSmallKey, coverKey, watermarkKey, placeholderColor: r.placeholderColor };
}

/** Dates, likes and prices: varied, so every sort order and price display has something to show. */
function commercialTerms(index: number, isVideo: boolean, authTypes: LicenceType[], rng: () => number, now: Date) {
  const terms: Pick<
    MaterialRow,
    'likeCount' | 'pricesCents' | 'specialPricesCents' | 'customPriceCents' | 'freeFrom' | 'freeUntil' | 'remark'
  > = {
    likeCount: Math.floor(rng() ** 2.2 * 900),
    pricesCents: {},
    specialPricesCents: {},
    customPriceCents: null,
    freeFrom: null,
    freeUntil: null,
    remark: null,
  };
  const listPrice = (type: LicenceType) => LICENCE_TABLE.find((l) => l.type === type)!.priceCents;
  if (index % 11 === 3) {
    // Premium pictures priced above the licence table.
    const premium: Record<number, number> = { 1: 45_800, 2: 32_800, 3: 21_800, 4: 52_800 };
    terms.pricesCents = Object.fromEntries(authTypes.map((t) => [String(t), premium[t]!]));
  }
  if (index % 9 === 4 || (isVideo && index % 3 === 1)) {
    const type = authTypes[0]!;
    const base = terms.pricesCents?.[String(type)] ?? listPrice(type);
    terms.specialPricesCents = { [String(type)]: Math.round((base * 0.6) / 100) * 100 };
    terms.remark = '限时特惠';
  }
  if (index % 13 === 7) terms.customPriceCents = 68_800;
  if ([2, 17, 31, 45].includes(index)) {
    terms.freeFrom = new Date(now.getTime() - 3 * DAY_MS);
    terms.freeUntil = new Date(now.getTime() + 27 * DAY_MS);
  } else if (index === 52) {
    terms.freeFrom = new Date(now.getTime() - 40 * DAY_MS);
    terms.freeUntil = new Date(now.getTime() - 10 * DAY_MS);
  } else if (index === 58) {
    terms.freeFrom = new Date(now.getTime() + 5 * DAY_MS);
    terms.freeUntil = new Date(now.getTime() + 35 * DAY_MS);
  }
  return terms;
}

/**
 * Creation dates over the last year: a few this week, more this month and quarter, the rest
 * older. Ranks are shuffled so the newest are not simply the first subjects.
 */
function creationDates(total: number, rng: () => number, now: Date): Date[] {
  const ranks = Array.from({ length: total }, (_, i) => i);
  for (let i = ranks.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return ranks.map((rank) => {
    const [from, to] = rank < 6 ? [0.1, 6.5] : rank < 16 ? [7, 29] : rank < 32 ? [30, 89] : [90, 364];
    const days = from + rng() * (to - from);
    return new Date(now.getTime() - days * DAY_MS);
  });
}

/**
 * The demo's facets, as an operator would confirm the suggestions from its keywords: a picture
 * whose keywords name no scene is a product shot on a background, 静物.
 */
function demoFacets(words: string[]) {
  const suggested = suggestFacets(words);
  return { ...suggested, scene: suggested.scene ?? 'still' };
}

async function makeImageMaterial(files: WrittenFiles, plan: ImagePlan): Promise<MaterialRow> {
  const sid = newSid();
  const pixels = await rasteriseSvg(composeScene(plan.scene, plan.width, plan.height));
  const original = await encodeImage(pixels, 'jpeg', 80);
  const renditions = await makeImageRenditions(pixels);
  const originalKey = await files.put(
    materialFileKey('private', sid, 'original', original.data, original.ext),
    original.data,
    original.mime,
  );
  const keys = await storeRenditions(files, sid, renditions);
  return {
    sid,
    ...(await reviewedFacts(original.data, renditions)),
    format: 'image',
    keywords: plan.keywords,
    searchTokens: searchTokensFor(plan.keywords),
    ...demoFacets(plan.keywords),
    width: original.width,
    height: original.height,
    authTypes: qualifyingLicenceTypes(original.width, original.height),
    originalKey,
    originalMime: original.mime,
    originalBytes: original.data.length,
    ...keys,
    previewKey: null,
  };
}

function readManifest(dir: string): SeedVideoManifestEntry[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as SeedVideoManifest;
  return manifest.videos;
}

async function makeVideoMaterial(
  files: WrittenFiles,
  dir: string,
  entry: SeedVideoManifestEntry,
): Promise<MaterialRow> {
  const sid = newSid();
  const definition = DEMO_VIDEOS.find((v) => v.name === entry.name);
  const original = readFileSync(join(dir, entry.file));
  const preview = readFileSync(join(dir, entry.preview));
  const poster = readFileSync(join(dir, entry.poster));
  const originalKey = await files.put(
    materialFileKey('private', sid, 'original', original, 'mp4'),
    original,
    'video/mp4',
  );
  const previewKey = await files.put(materialFileKey('public', sid, 'preview', preview, 'mp4'), preview, 'video/mp4');
  const stills = await makeImageRenditions(poster);
  const keys = await storeRenditions(files, sid, stills);
  const words = definition?.keywords ?? [];
  return {
    sid,
    ...(await reviewedFacts(original, stills)),
    format: 'video',
    keywords: words,
    searchTokens: searchTokensFor(words),
    ...demoFacets(words),
    width: entry.width,
    height: entry.height,
    durationMs: entry.durationMs,
    aspectRatio: aspectRatioLabel(entry.width, entry.height),
    resolution: resolutionLabel(entry.width, entry.height),
    authTypes: qualifyingLicenceTypes(entry.width, entry.height, 'video'),
    originalKey,
    originalMime: 'video/mp4',
    originalBytes: original.length,
    ...keys,
    previewKey,
    featured: definition?.featured ?? false,
  };
}

/**
 * On an empty database (no users, operators or materials), creates the demo catalogue (60
 * generated pictures and the 6 shipped videos, with their files), the keyword lists and the demo
 * accounts, and returns the accounts' credentials. Otherwise does nothing and returns null.
 * Files are written first; the rows go in one transaction under an advisory lock, so two servers
 * starting together seed once, and a failure leaves no half catalogue.
 */
export async function seedDemoIfEmpty(options: SeedDemoOptions): Promise<SeedResult | null> {
  const { config, db, log } = options;
  // Demo accounts have a published password: never outside the local demo (config.ts, demoMode).
  if (!config.demoMode) {
    log('demo seed: skipped, not in demo mode');
    return null;
  }
  if (!(await isEmpty(db))) return null;

  const started = Date.now();
  const storage = options.storage ?? new LocalDiskStorage(join(config.dataDir, 'media'));
  const now = options.now ?? new Date();
  const rng = seededRandom(20_240_612);
  const plans = planDemoImages(options.imageCount ?? DEMO_IMAGE_COUNT);
  const videosDir = findSeedVideosDir();
  const videoEntries = videosDir ? readManifest(videosDir) : [];
  if (!videosDir) log('demo seed: seed-assets/videos not found, seeding pictures only');
  const total = plans.length + videoEntries.length;
  log(`demo seed: creating ${plans.length} pictures and ${videoEntries.length} videos …`);

  const files = new WrittenFiles(storage);
  let rows: MaterialRow[];
  try {
    let done = 0;
    const progress = () => {
      done += 1;
      if (done % 10 === 0 || done === total) log(`demo seed: ${done}/${total} materials`);
    };
    const concurrency = options.concurrency ?? Math.max(2, availableParallelism());
    const images = await mapLimit(plans, concurrency, async (plan) => {
      const row = await makeImageMaterial(files, plan);
      progress();
      return row;
    });
    const videos = await mapLimit(videoEntries, 2, async (entry) => {
      const row = await makeVideoMaterial(files, videosDir!, entry);
      progress();
      return row;
    });
    rows = [...images, ...videos];
  } catch (error) {
    await files.removeAll();
    throw error;
  }

  const dates = creationDates(rows.length, rng, now);
  rows = rows.map((row, index) => ({
    ...row,
    renditionVersion: RENDITION_VERSION,
    ...commercialTerms(index, row.format === 'video', row.authTypes as LicenceType[], rng, now),
    // The featured videos are recent, so the video page opens on new work.
    createdAt: row.featured ? new Date(now.getTime() - ((index % 4) + 0.5) * DAY_MS) : dates[index],
    updatedAt: now,
  }));

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isEmpty(tx))) return false;
    const buyer = await createMainAccount(tx, {
      email: DEMO_BUYER.email,
      password: DEMO_PASSWORD,
      ...pickCompany(),
      agreed: true,
    });
    await createSubAccount(tx, buyer, {
      username: DEMO_SUB_ACCOUNT.username,
      name: DEMO_SUB_ACCOUNT.name,
      password: DEMO_PASSWORD,
    });
    await createOperator(tx, { username: DEMO_OPERATOR.username, name: DEMO_OPERATOR.name, password: DEMO_PASSWORD });
    for (let i = 0; i < rows.length; i += 50) await tx.insert(materials).values(rows.slice(i, i + 50));
    await tx
      .insert(keywords)
      .values([
        ...DEMO_CURATED_KEYWORDS.map((keyword, position) => ({ kind: 'curated', keyword, position })),
        ...DEMO_PINNED_KEYWORDS.map((keyword, position) => ({ kind: 'pinned', keyword, position })),
      ]);
    return true;
  });
  if (!seeded) {
    // Another server seeded while this one was drawing.
    await files.removeAll();
    return null;
  }
  // 相似素材 stored for every demo material before the server answers its first detail page.
  // The seed drew every palette under the current rules: nothing for the palette backfill to do.
  await savePaletteBackfillPosition(db, PALETTE_VERSION, { afterSeq: 0, done: true });
  await runSimilarBackfill({ db });
  log(
    `demo seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s (${rows.length} materials, ${files.keys.length} files)`,
  );
  return {
    buyer: { email: DEMO_BUYER.email, password: DEMO_PASSWORD },
    subAccount: { username: DEMO_SUB_ACCOUNT.username, password: DEMO_PASSWORD },
    operator: { username: DEMO_OPERATOR.username, password: DEMO_PASSWORD },
  };
}

function pickCompany() {
  const { name, company, companyLicense, companyAddress } = DEMO_BUYER;
  return { name, company, companyLicense, companyAddress };
}
