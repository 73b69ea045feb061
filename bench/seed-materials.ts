/**
 * Seeds the benchmark catalogue: N materials with keywords drawn from a Chinese jewellery
 * vocabulary with skewed (Zipf-like) weights, realistic sizes, formats, creation dates spread
 * over two years in insertion order, and log-uniform like counts. Generated in Node from a
 * fixed-seed PRNG (the same data every run) and loaded in batches through `unnest` with the
 * secondary indexes dropped, then rebuilt, vacuumed and analysed.
 */
import { qualifyingLicenceTypes, suggestFacets } from '@gemstock/contract';
import type pg from 'pg';
import {
  labOfHex,
  PALETTE_VERSION,
  type PaletteColour,
  paletteCells,
} from '../apps/server/src/media/colour-palette.js';
import { SIMILAR_KEPT, SIMILAR_LIST_VERSION } from '../apps/server/src/modules/catalog/similar-lists.js';

/** Bump when the generator changes so an existing bench database is reseeded. */
export const BENCH_SEED_VERSION = 'v7';

type Weighted = readonly (readonly [string, number])[];

const PRODUCTS: Weighted = [
  ['戒指', 14],
  ['项链', 13],
  ['耳环', 9],
  ['手镯', 8],
  ['吊坠', 8],
  ['手链', 7],
  ['耳钉', 6],
  ['钻戒', 5],
  ['对戒', 4],
  ['胸针', 3],
  ['婚戒', 3],
  ['摆件', 3],
  ['转运珠', 3],
  ['平安扣', 3],
  ['金条', 2],
  ['长命锁', 2],
  ['发饰', 2],
  ['脚链', 2],
  ['串珠', 2],
  ['素圈', 2],
  ['袖扣', 1],
  ['领带夹', 1],
];

const MATERIALS: Weighted = [
  ['黄金', 20],
  ['钻石', 12],
  ['珍珠', 8],
  ['18K金', 6],
  ['翡翠', 6],
  ['纯银', 6],
  ['足金', 5],
  ['古法金', 5],
  ['玫瑰金', 5],
  ['铂金', 5],
  ['白金', 4],
  ['和田玉', 4],
  ['925银', 4],
  ['蓝宝石', 2.5],
  ['红宝石', 2],
  ['水晶', 2],
  ['祖母绿', 1.5],
  ['碧玺', 1],
  ['琥珀', 1],
  ['南红', 1],
  ['莫桑石', 1],
  ['珐琅', 1],
  ['钛钢', 0.5],
];

const STYLES: Weighted = [
  ['简约', 12],
  ['奢华', 9],
  ['轻奢', 9],
  ['复古', 8],
  ['时尚', 8],
  ['国潮', 7],
  ['经典', 6],
  ['优雅', 6],
  ['新中式', 5],
  ['法式', 4],
  ['极简', 4],
  ['可爱', 3],
  ['宫廷风', 2],
  ['ins风', 2],
  ['小众设计', 2],
];

const SHOTS: Weighted = [
  ['白底', 14],
  ['模特佩戴', 10],
  ['产品图', 9],
  ['电商主图', 8],
  ['细节特写', 7],
  ['静物摆拍', 7],
  ['场景图', 6],
  ['手部特写', 5],
  ['颈部佩戴', 4],
  ['平铺', 4],
  ['微距', 4],
  ['礼盒包装', 4],
  ['详情页', 3],
  ['海报', 3],
  ['棚拍', 3],
  ['自然光', 2],
  ['橱窗陈列', 2],
  ['户外', 2],
];

const OCCASIONS: Weighted = [
  ['婚礼', 8],
  ['情人节', 6],
  ['七夕', 5],
  ['春节', 5],
  ['母亲节', 4],
  ['求婚', 4],
  ['生日', 3],
  ['周年纪念', 3],
  ['圣诞节', 3],
  ['中秋', 2],
  ['新年', 2],
  ['毕业季', 1],
  ['520', 2],
];

const MOTIFS: Weighted = [
  ['爱心', 6],
  ['花朵', 5],
  ['蝴蝶', 4],
  ['莲花', 3],
  ['四叶草', 3],
  ['星星', 3],
  ['月亮', 3],
  ['生肖', 3],
  ['貔貅', 2],
  ['葫芦', 2],
  ['福字', 2],
  ['如意', 2],
  ['雪花', 1],
  ['小鹿', 1],
  ['龙', 2],
];

const AUDIENCES: Weighted = [
  ['女士', 6],
  ['男士', 3],
  ['情侣', 3],
  ['儿童', 2],
  ['宝宝', 1],
];

const VIDEO_WORDS: Weighted = [
  ['旋转展示', 5],
  ['佩戴展示', 4],
  ['光影', 3],
  ['开箱', 2],
];

const IMAGE_SIZES = [
  [4000, 3000, 10],
  [3000, 4000, 12],
  [3000, 3000, 6],
  [2400, 3200, 8],
  [3200, 2400, 6],
  [1440, 1920, 8],
  [1920, 1440, 6],
  [1080, 1440, 6],
  [2048, 2048, 5],
  [1200, 1200, 4],
  [5472, 3648, 3],
  [1000, 1000, 2],
] as const;

const VIDEO_SIZES = [
  [1920, 1080, 10],
  [1080, 1920, 8],
  [3840, 2160, 4],
  [1280, 720, 3],
  [720, 1280, 3],
] as const;

/** Deterministic PRNG so every run seeds the same catalogue. */
/** A small seeded generator: the benches' catalogue and requests are the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makePicker(random: () => number) {
  const cumulative = new Map<Weighted, { total: number; cum: number[] }>();
  return function pick(list: Weighted): string {
    let entry = cumulative.get(list);
    if (!entry) {
      let total = 0;
      const cum = list.map(([, w]) => (total += w));
      entry = { total, cum };
      cumulative.set(list, entry);
    }
    const r = random() * entry.total;
    const index = entry.cum.findIndex((c) => r < c);
    return list[index === -1 ? list.length - 1 : index]![0];
  };
}

function pickSize<T extends readonly (readonly [number, number, number])[]>(
  random: () => number,
  sizes: T,
): [number, number] {
  const total = sizes.reduce((s, [, , w]) => s + w, 0);
  let r = random() * total;
  for (const [w, h, weight] of sizes) {
    if (r < weight) return [w, h];
    r -= weight;
  }
  const last = sizes[sizes.length - 1]!;
  return [last[0], last[1]];
}

const SID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Colours of a shot: its background, the metal and the stone, as the palette extractor would find them. */
const BACKGROUND_COLOURS: Weighted = [
  ['#ffffff', 50],
  ['#f4f1ea', 15],
  ['#1b1b1b', 10],
  ['#d9d4cc', 10],
  ['#1b2a4a', 5],
  ['#efe0d6', 5],
  ['#0e3b2e', 5],
];
const METAL_COLOURS: Record<string, string> = {
  gold: '#d4af37',
  k_gold: '#dcb950',
  k18_gold: '#d8b04a',
  platinum: '#e5e4e2',
  silver: '#c0c0c0',
  rose_gold: '#b76e79',
};
const GEM_COLOURS: Record<string, string> = {
  diamond: '#f2f4f7',
  jade: '#00a86b',
  pearl: '#f8f6f0',
  ruby: '#e0115f',
  sapphire: '#0f52ba',
  hetian_jade: '#e8e4c9',
};

/**
 * A palette for a bench material: background, metal and stone (by its facets) with shares,
 * each colour moved a little in Lab, so the cells are spread as a real catalogue's would be.
 */
function benchPalette(
  random: () => number,
  pick: (list: Weighted) => string,
  facets: { metal: string | null; gem: string | null },
): PaletteColour[] {
  const jitter = (hex: string, share: number): PaletteColour => {
    const lab = labOfHex(hex)!;
    const move = () => (random() - 0.5) * 12;
    return {
      l: Math.round(Math.max(0, Math.min(100, lab.l + move())) * 10) / 10,
      a: Math.round((lab.a + move()) * 10) / 10,
      b: Math.round((lab.b + move()) * 10) / 10,
      share,
    };
  };
  const background = 0.45 + random() * 0.3;
  const colours = [jitter(pick(BACKGROUND_COLOURS), Math.round(background * 1000) / 1000)];
  const metal =
    METAL_COLOURS[facets.metal ?? ''] ??
    pick([
      ['#d4af37', 1],
      ['#e5e4e2', 1],
      ['#b76e79', 1],
    ]);
  colours.push(jitter(metal, Math.round((1 - background) * 0.6 * 1000) / 1000));
  const gem = GEM_COLOURS[facets.gem ?? ''];
  if (gem) colours.push(jitter(gem, Math.round((1 - background) * 0.3 * 1000) / 1000));
  return colours;
}

/** Shots of the same piece look alike: a material's hash is its shoot's with a few bits flipped. */
const SHOOTS = 25_000;

function benchHash(random: () => number, shootHashes: bigint[]): { shoot: number; hash: bigint } {
  const shoot = Math.floor(random() * shootHashes.length);
  let hash = shootHashes[shoot]!;
  const flips = Math.floor(random() * 14);
  for (let k = 0; k < flips; k += 1) hash ^= 1n << BigInt(Math.floor(random() * 64));
  return { shoot, hash: BigInt.asIntN(64, hash) };
}

/**
 * Stores every material's 相似素材 list as the app keeps them (material_similar_lists), set-based
 * from the generator's shoots: a material's look-alikes are the other shots of its shoot, closest
 * hash first, at most SIMILAR_KEPT, scored by hash distance alone (the bench measures reading the
 * lists, not the ranking). The backfill's position is put past the last material, as after a
 * finished backfill.
 */
async function seedSimilarLists(client: pg.Client, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  await client.query('CREATE INDEX bench_shoots_shoot_idx ON bench_shoots (shoot)');
  await client.query('ANALYZE bench_shoots');
  await client.query(
    `INSERT INTO material_similar_lists (material_sid, version, similar_sids, scores)
     SELECT a.sid, $1, coalesce(x.sids, '{}'), coalesce(x.scores, '{}')
     FROM bench_shoots a
     CROSS JOIN LATERAL (
       SELECT array_agg(n.sid ORDER BY n.d, n.sid) AS sids, array_agg(n.d::real ORDER BY n.d, n.sid) AS scores
       FROM (
         SELECT b.sid, bit_count((a.hash # b.hash)::bit(64)) AS d FROM bench_shoots b
         WHERE b.shoot = a.shoot AND b.sid <> a.sid
         ORDER BY 2, 1 LIMIT $2
       ) n
     ) x`,
    [SIMILAR_LIST_VERSION, SIMILAR_KEPT],
  );
  await client.query(
    `INSERT INTO material_similar_backfill (version, after_seq) SELECT $1, coalesce(max(seq), 0) FROM materials
     ON CONFLICT (version) DO UPDATE SET after_seq = excluded.after_seq`,
    [SIMILAR_LIST_VERSION],
  );
  // The palettes are drawn by the generator under the current rules: nothing for the palette
  // backfill to draw again (it would read a million thumbnails the bench never wrote).
  await client.query(
    `INSERT INTO material_palette_backfill (version, after_seq, done) SELECT $1, coalesce(max(seq), 0), true FROM materials
     ON CONFLICT (version) DO UPDATE SET after_seq = excluded.after_seq, done = true`,
    [PALETTE_VERSION],
  );
  await client.query('DROP TABLE bench_shoots');
  await client.query('VACUUM (ANALYZE) material_similar_lists');
  log(`  stored the 相似素材 lists in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const random64 = (random: () => number) =>
  (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));

export interface SeedOptions {
  count: number;
  /** The server's own tokenizer, so the bench data is exactly what the app would store. */
  tokensFor: (keywords: string[]) => string[];
  log: (line: string) => void;
}

const BATCH = 20_000;
const DAY_MS = 24 * 3600 * 1000;

/** Seeds when the catalogue is missing or from another generator version; returns whether it did. */
export async function ensureBenchMaterials(client: pg.Client, options: SeedOptions): Promise<boolean> {
  const marker = `${BENCH_SEED_VERSION}:${options.count}`;
  await client.query('CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)');
  const current = await client.query<{ value: string }>("SELECT value FROM bench_meta WHERE key = 'materials'");
  if (current.rows[0]?.value === marker) return false;

  const started = Date.now();
  await client.query("DELETE FROM bench_meta WHERE key = 'materials'");
  await client.query('TRUNCATE materials, search_logs RESTART IDENTITY CASCADE');
  // Each material's shoot, for its stored 相似素材 (seedSimilarLists).
  await client.query('CREATE TEMP TABLE bench_shoots (sid text NOT NULL, shoot int NOT NULL, hash bigint NOT NULL)');

  // Loading into a table without its secondary indexes and building them afterwards is several
  // times faster than maintaining a GIN index row by row.
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = 'materials'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes.rows) await client.query(`DROP INDEX "${indexname}"`);
  await client.query('SET synchronous_commit = off');

  const random = mulberry32(20_240_601);
  const pick = makePicker(random);
  const tokenCache = new Map<string, string[]>();
  const tokensOf = (keyword: string) => {
    let t = tokenCache.get(keyword);
    if (!t) tokenCache.set(keyword, (t = options.tokensFor([keyword])));
    return t;
  };
  const shootHashes = Array.from({ length: SHOOTS }, () => random64(random));
  const now = Date.now();
  const span = 730 * DAY_MS;
  // Spread the creation dates over two years in insertion order, as a real catalogue grows.
  const createdAt = (i: number) => new Date(now - span + (i / options.count) * span - random() * 3600_000);

  for (let offset = 0; offset < options.count; offset += BATCH) {
    const n = Math.min(BATCH, options.count - offset);
    const cols = {
      sid: [] as string[],
      format: [] as string[],
      keywords: [] as string[],
      tokens: [] as string[],
      width: [] as number[],
      height: [] as number[],
      durationMs: [] as (number | null)[],
      aspectRatio: [] as (string | null)[],
      resolution: [] as (string | null)[],
      authTypes: [] as string[],
      mime: [] as string[],
      bytes: [] as number[],
      likes: [] as number[],
      disabled: [] as boolean[],
      featured: [] as boolean[],
      freeFrom: [] as (string | null)[],
      freeUntil: [] as (string | null)[],
      prices: [] as string[],
      specialPrices: [] as string[],
      createdAt: [] as string[],
      metal: [] as (string | null)[],
      gem: [] as (string | null)[],
      piece: [] as (string | null)[],
      scene: [] as (string | null)[],
      palette: [] as string[],
      cells: [] as string[],
      hash: [] as string[],
      shoot: [] as number[],
    };
    for (let j = 0; j < n; j += 1) {
      const i = offset + j;
      let sid = '';
      for (let k = 0; k < 16; k += 1) sid += SID_ALPHABET[Math.floor(random() * SID_ALPHABET.length)];
      const isVideo = random() < 0.12;
      const keywords = new Set<string>();
      const product = pick(PRODUCTS);
      const material = pick(MATERIALS);
      keywords.add(product);
      keywords.add(material);
      if (random() < 0.35) keywords.add(pick(MATERIALS));
      // Combined terms such as 钻石项链 or 黄金手镯 appear as their own keyword, as operators tag them.
      if (random() < 0.3) keywords.add(material + product);
      keywords.add(pick(STYLES));
      if (random() < 0.5) keywords.add(pick(STYLES));
      keywords.add(pick(SHOTS));
      if (random() < 0.5) keywords.add(pick(SHOTS));
      if (random() < 0.4) keywords.add(pick(OCCASIONS));
      if (random() < 0.3) keywords.add(pick(MOTIFS));
      if (random() < 0.3) keywords.add(pick(AUDIENCES));
      if (isVideo) {
        keywords.add('视频');
        keywords.add(pick(VIDEO_WORDS));
      }
      const list = [...keywords];
      const tokens = new Set<string>();
      for (const k of list) for (const t of tokensOf(k)) tokens.add(t);
      const [width, height] = isVideo ? pickSize(random, VIDEO_SIZES) : pickSize(random, IMAGE_SIZES);
      const g = gcd(width, height);
      const r = random();
      const free = r < 0.005 ? 'open' : r < 0.007 ? 'past' : null;
      const priced = random() < 0.15;
      const special = random() < 0.05;
      cols.sid.push(sid);
      cols.format.push(isVideo ? 'video' : 'image');
      cols.keywords.push(list.join('|'));
      cols.tokens.push([...tokens].join('|'));
      cols.width.push(width);
      cols.height.push(height);
      cols.durationMs.push(isVideo ? 5_000 + Math.floor(random() * 55_000) : null);
      cols.aspectRatio.push(isVideo ? `${width / g}:${height / g}` : null);
      cols.resolution.push(isVideo ? `${width}x${height}` : null);
      cols.authTypes.push(qualifyingLicenceTypes(width, height).join(','));
      cols.mime.push(isVideo ? 'video/mp4' : 'image/jpeg');
      cols.bytes.push(Math.round(width * height * (isVideo ? 4 : 0.35)));
      cols.likes.push(Math.floor(Math.exp(random() * Math.log(2_000))) - 1);
      cols.disabled.push(random() < 0.02);
      cols.featured.push(isVideo && random() < 0.05);
      cols.freeFrom.push(
        free === 'open'
          ? new Date(now - 10 * DAY_MS).toISOString()
          : free === 'past'
            ? new Date(now - 60 * DAY_MS).toISOString()
            : null,
      );
      cols.freeUntil.push(
        free === 'open'
          ? new Date(now + 20 * DAY_MS).toISOString()
          : free === 'past'
            ? new Date(now - 30 * DAY_MS).toISOString()
            : null,
      );
      cols.prices.push(priced ? JSON.stringify({ '1': 45_800, '2': 32_800 }) : '{}');
      cols.specialPrices.push(special ? JSON.stringify({ '2': 19_900 }) : '{}');
      cols.createdAt.push(createdAt(i).toISOString());
      // Facets as the keyword suggestions give them (what operators confirm); a shot that names
      // no scene is a product still.
      const facets = suggestFacets(list);
      cols.metal.push(facets.metal);
      cols.gem.push(facets.gem);
      cols.piece.push(facets.piece);
      cols.scene.push(facets.scene ?? 'still');
      const palette = benchPalette(random, pick, facets);
      cols.palette.push(JSON.stringify(palette));
      cols.cells.push(paletteCells(palette).join('|'));
      const shot = benchHash(random, shootHashes);
      cols.hash.push(shot.hash.toString());
      cols.shoot.push(shot.shoot);
    }
    await client.query(
      `INSERT INTO materials (sid, format, keywords, search_tokens, width, height, duration_ms, aspect_ratio,
         resolution, auth_types, original_key, original_mime, original_bytes, thumb_key, cover_key, watermark_key,
         preview_key, like_count, disabled, featured, free_from, free_until, prices_cents, special_prices_cents,
         created_at, updated_at, review_state, metal, gem, piece, scene, palette, color_cells, perceptual_hash)
       SELECT u.sid, u.format, string_to_array(u.kw, '|'), string_to_array(u.tok, '|'), u.w, u.h, u.dur, u.ar, u.res,
         string_to_array(u.auth, ',')::smallint[],
         'private/materials/' || u.sid || '/original-0000000000000000.' || CASE WHEN u.format = 'video' THEN 'mp4' ELSE 'jpg' END,
         u.mime, u.bytes,
         'public/materials/' || u.sid || '/thumb-0000000000000000.webp',
         'public/materials/' || u.sid || '/cover-0000000000000000.webp',
         'public/materials/' || u.sid || '/watermark-0000000000000000.jpg',
         CASE WHEN u.format = 'video' THEN 'public/materials/' || u.sid || '/preview-0000000000000000.mp4' END,
         u.likes, u.disabled, u.featured, u.free_from, u.free_until, u.prices::jsonb, u.special::jsonb,
         u.created_at, u.created_at, 'listed', u.metal, u.gem, u.piece, u.scene,
         u.palette::jsonb, string_to_array(u.cells, '|'), u.hash::bigint
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[],
         $9::text[], $10::text[], $11::text[], $12::bigint[], $13::int[], $14::bool[], $15::bool[],
         $16::timestamptz[], $17::timestamptz[], $18::text[], $19::text[], $20::timestamptz[],
         $21::text[], $22::text[], $23::text[], $24::text[], $25::text[], $26::text[], $27::text[])
         AS u(sid, format, kw, tok, w, h, dur, ar, res, auth, mime, bytes, likes, disabled, featured,
              free_from, free_until, prices, special, created_at, metal, gem, piece, scene, palette, cells, hash)`,
      [
        cols.sid,
        cols.format,
        cols.keywords,
        cols.tokens,
        cols.width,
        cols.height,
        cols.durationMs,
        cols.aspectRatio,
        cols.resolution,
        cols.authTypes,
        cols.mime,
        cols.bytes,
        cols.likes,
        cols.disabled,
        cols.featured,
        cols.freeFrom,
        cols.freeUntil,
        cols.prices,
        cols.specialPrices,
        cols.createdAt,
        cols.metal,
        cols.gem,
        cols.piece,
        cols.scene,
        cols.palette,
        cols.cells,
        cols.hash,
      ],
    );
    await client.query('INSERT INTO bench_shoots SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[])', [
      cols.sid,
      cols.shoot,
      cols.hash,
    ]);
    if ((offset / BATCH) % 10 === 9) options.log(`  seeded ${offset + n} / ${options.count}`);
  }

  options.log(`  rebuilding ${indexes.rows.length} indexes`);
  await client.query("SET maintenance_work_mem = '1GB'");
  for (const { indexdef } of indexes.rows) await client.query(indexdef);
  await client.query('VACUUM (ANALYZE) materials');
  await seedSimilarLists(client, options.log);
  await client.query("INSERT INTO bench_meta (key, value) VALUES ('materials', $1)", [marker]);
  options.log(`  seeded ${options.count} materials in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
