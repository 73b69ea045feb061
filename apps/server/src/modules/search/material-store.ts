import type { WireMaterialRow } from '../../db/rows.js';

/**
 * What a result page shows of each material the search index holds (docs/decisions/0053, "The
 * page's materials held"): every column `toWireMaterial` reads that the index does not hold
 * already, by the index's row, in flat arrays. The index's own columns (seq, format, keywords,
 * width/height-derived orientation aside, like count, facets, creation time) are not repeated.
 *
 * - sid: 16 bytes a row (sids are 16 ASCII characters, `newSid`); any other in `odd.sid`.
 * - Storage keys (cover, thumb, thumb-small, watermark, preview): a key of the shape of
 *   media/keys.ts, `${area}/materials/${sid}/${role}-${hex16}.${ext}`, is its 16 hex digits as 8
 *   bytes and a code for (area, role, ext); 0 is no key, 255 a key of any other shape, kept whole
 *   in `odd.keys`.
 * - width and height: 2 bytes each (65535: the value is in `odd.size`).
 * - placeholder colour `#rrggbb` (lower case) as a number, -1 none, -2 another text (`odd.colour`).
 * - licence types and prices: one code a row for the pair, interned (a catalogue has few pairs).
 * - Sparse, in maps by row: video extras (a slot in two typed arrays), special prices (interned),
 *   custom price, free period, remark.
 */

/**
 * The columns of one material the store holds (read with the index's rows): the row's own, with
 * the free period in milliseconds since the epoch (as `new Date` of the timestamp's text reads it).
 */
export type MaterialColumns = Pick<
  WireMaterialRow,
  | 'sid'
  | 'width'
  | 'height'
  | 'durationMs'
  | 'aspectRatio'
  | 'resolution'
  | 'authTypes'
  | 'thumbKey'
  | 'thumbSmallKey'
  | 'placeholderColor'
  | 'coverKey'
  | 'watermarkKey'
  | 'previewKey'
  | 'pricesCents'
  | 'specialPricesCents'
  | 'customPriceCents'
  | 'remark'
> & { freeFromMs: number | null; freeUntilMs: number | null };

/** What the index holds itself of a row to be presented (its own columns), handed to `get`. */
export type IndexedColumns = Pick<
  WireMaterialRow,
  'seq' | 'format' | 'keywords' | 'likeCount' | 'metal' | 'gem' | 'piece' | 'scene' | 'createdAt'
>;

const KEY_FIELDS = ['coverKey', 'thumbKey', 'thumbSmallKey', 'watermarkKey', 'previewKey'] as const;
const KEYS = KEY_FIELDS.length;
const SID_BYTES = 16;
const HASH_BYTES = 8;
const NO_KEY = 0;
const ODD_KEY = 255;
const ODD_SIZE = 65_535;
const NO_COLOUR = -1;
const ODD_COLOUR = -2;

/** media/keys.ts's shape: area, sid, role, 16 hex digits, extension. */
const KEY_SHAPE = /^([a-z]+)\/materials\/([a-z0-9]+)\/([a-z][a-z-]*)-([0-9a-f]{16})\.([A-Za-z0-9]+)$/;
const SID_SHAPE = /^[\x21-\x7e]{16}$/;
const COLOUR_SHAPE = /^#[0-9a-f]{6}$/;
/** The response schema's placeholder colour (ZMaterial): any other text makes the page an error. */
const SCHEMA_COLOUR = /^#[0-9a-f]{6}$/i;
const EMPTY_PRICES: Record<string, number> = Object.freeze({}) as Record<string, number>;

interface Offer {
  authTypes: number[];
  pricesCents: Record<string, number>;
}

interface VideoShape {
  aspectRatio: string | null;
  resolution: string | null;
}

export class MaterialStore {
  private capacity = 0;
  private sids: Buffer = Buffer.alloc(0);
  private hashes: Buffer = Buffer.alloc(0);
  private keyCodes: Uint8Array = new Uint8Array(0);
  private widths: Uint16Array = new Uint16Array(0);
  private heights: Uint16Array = new Uint16Array(0);
  private colours: Int32Array = new Int32Array(0);
  private offers: Uint32Array = new Uint32Array(0);
  /** (area, role, extension) of each key code from 1. */
  private readonly shapes: { area: string; role: string; ext: string }[] = [];
  private readonly shapeCodes = new Map<string, number>();
  private readonly offerList: Offer[] = [];
  private readonly offerCodes = new Map<string, number>();
  private readonly odd = {
    sid: new Map<number, string>(),
    keys: new Map<number, string>(),
    size: new Map<number, { width: number; height: number }>(),
    colour: new Map<number, string>(),
  };
  /**
   * Video extras: the row's slot in `durations` (NaN: none) and `videoShapes` (an interned
   * aspect ratio and resolution pair), a few bytes a video instead of an object and two strings.
   */
  private readonly video = new Map<number, number>();
  private durations = new Float64Array(256);
  private videoShapeOf = new Uint32Array(256);
  private videoSlots = 0;
  private readonly videoShapes: VideoShape[] = [];
  private readonly videoShapeCodes = new Map<string, number>();
  private readonly specialPrices = new Map<number, Record<string, number>>();
  private readonly customPrice = new Map<number, number>();
  private readonly free = new Map<number, { from: number | null; until: number | null }>();
  private readonly remark = new Map<number, string>();

  /** Room for `capacity` rows, the first `used` kept. */
  grow(capacity: number, used: number): void {
    const keep = Math.min(used, this.capacity);
    const sids = Buffer.alloc(capacity * SID_BYTES);
    this.sids.copy(sids, 0, 0, keep * SID_BYTES);
    this.sids = sids;
    const hashes = Buffer.alloc(capacity * KEYS * HASH_BYTES);
    this.hashes.copy(hashes, 0, 0, keep * KEYS * HASH_BYTES);
    this.hashes = hashes;
    const copy = <T extends Uint8Array | Uint16Array | Int32Array | Uint32Array>(old: T, next: T, per = 1): T => {
      next.set(old.subarray(0, keep * per) as never);
      return next;
    };
    this.keyCodes = copy(this.keyCodes, new Uint8Array(capacity * KEYS), KEYS);
    this.widths = copy(this.widths, new Uint16Array(capacity));
    this.heights = copy(this.heights, new Uint16Array(capacity));
    this.colours = copy(this.colours, new Int32Array(capacity));
    this.offers = copy(this.offers, new Uint32Array(capacity));
    this.capacity = capacity;
  }

  reset(): void {
    this.capacity = 0;
    this.grow(0, 0);
    this.shapes.length = 0;
    this.shapeCodes.clear();
    this.offerList.length = 0;
    this.offerCodes.clear();
    for (const map of Object.values(this.odd)) map.clear();
    this.video.clear();
    this.durations = new Float64Array(256);
    this.videoShapeOf = new Uint32Array(256);
    this.videoSlots = 0;
    this.videoShapes.length = 0;
    this.videoShapeCodes.clear();
    this.specialPrices.clear();
    this.customPrice.clear();
    this.free.clear();
    this.remark.clear();
  }

  /** Row `row` holds these columns (new or rewritten). */
  set(row: number, m: MaterialColumns): void {
    const sid = m.sid;
    if (SID_SHAPE.test(sid)) {
      this.sids.write(sid, row * SID_BYTES, SID_BYTES, 'latin1');
      this.odd.sid.delete(row);
    } else {
      this.sids.fill(0, row * SID_BYTES, (row + 1) * SID_BYTES);
      this.odd.sid.set(row, sid);
    }
    for (let k = 0; k < KEYS; k += 1) this.setKey(row, k, sid, m[KEY_FIELDS[k]!]);
    if (m.width >= 0 && m.width < ODD_SIZE && m.height >= 0 && m.height < ODD_SIZE) {
      this.widths[row] = m.width;
      this.heights[row] = m.height;
      this.odd.size.delete(row);
    } else {
      this.widths[row] = ODD_SIZE;
      this.odd.size.set(row, { width: m.width, height: m.height });
    }
    const colour = m.placeholderColor;
    this.odd.colour.delete(row);
    if (colour === null) this.colours[row] = NO_COLOUR;
    else if (COLOUR_SHAPE.test(colour)) this.colours[row] = Number.parseInt(colour.slice(1), 16);
    else {
      this.colours[row] = ODD_COLOUR;
      this.odd.colour.set(row, colour);
    }
    this.offers[row] = this.offerCode(m.authTypes, m.pricesCents);
    this.setVideo(row, m);
    setOrDelete(
      this.specialPrices,
      row,
      Object.keys(m.specialPricesCents).length > 0
        ? this.offerList[this.offerCode([], m.specialPricesCents)]!.pricesCents
        : undefined,
    );
    setOrDelete(this.customPrice, row, m.customPriceCents ?? undefined);
    setOrDelete(
      this.free,
      row,
      m.freeFromMs !== null || m.freeUntilMs !== null ? { from: m.freeFromMs, until: m.freeUntilMs } : undefined,
    );
    setOrDelete(this.remark, row, m.remark ?? undefined);
  }

  private setVideo(row: number, m: MaterialColumns): void {
    if (m.durationMs === null && m.aspectRatio === null && m.resolution === null) {
      // A slot left behind is not reused: a video becoming a picture is rare.
      this.video.delete(row);
      return;
    }
    let slot = this.video.get(row);
    if (slot === undefined) {
      slot = this.videoSlots++;
      if (slot === this.durations.length) {
        const durations = new Float64Array(slot * 2);
        durations.set(this.durations);
        this.durations = durations;
        const shapes = new Uint32Array(slot * 2);
        shapes.set(this.videoShapeOf);
        this.videoShapeOf = shapes;
      }
      this.video.set(row, slot);
    }
    this.durations[slot] = m.durationMs ?? Number.NaN;
    const name = `${m.aspectRatio === null ? '' : `=${m.aspectRatio}`}|${m.resolution === null ? '' : `=${m.resolution}`}`;
    let shape = this.videoShapeCodes.get(name);
    if (shape === undefined) {
      shape = this.videoShapes.length;
      this.videoShapes.push({ aspectRatio: m.aspectRatio, resolution: m.resolution });
      this.videoShapeCodes.set(name, shape);
    }
    this.videoShapeOf[slot] = shape;
  }

  private setKey(row: number, k: number, sid: string, key: string | null): void {
    const at = row * KEYS + k;
    this.odd.keys.delete(at);
    if (key === null) {
      this.keyCodes[at] = NO_KEY;
      return;
    }
    const parts = KEY_SHAPE.exec(key);
    const code = parts && parts[2] === sid ? this.shapeCode(parts[1]!, parts[3]!, parts[5]!) : ODD_KEY;
    if (code === ODD_KEY) {
      this.keyCodes[at] = ODD_KEY;
      this.odd.keys.set(at, key);
      return;
    }
    this.keyCodes[at] = code;
    this.hashes.write(parts![4]!, at * HASH_BYTES, HASH_BYTES, 'hex');
  }

  /** The code of a key shape, ODD_KEY once 254 shapes are known. */
  private shapeCode(area: string, role: string, ext: string): number {
    const name = `${area}/${role}.${ext}`;
    let code = this.shapeCodes.get(name);
    if (code === undefined) {
      if (this.shapes.length >= ODD_KEY - 1) return ODD_KEY;
      this.shapes.push({ area, role, ext });
      code = this.shapes.length;
      this.shapeCodes.set(name, code);
    }
    return code;
  }

  private offerCode(authTypes: number[], pricesCents: Record<string, number>): number {
    const name = `${authTypes.join(',')}|${JSON.stringify(pricesCents)}`;
    let code = this.offerCodes.get(name);
    if (code === undefined) {
      code = this.offerList.length;
      this.offerList.push({ authTypes: [...authTypes], pricesCents: { ...pricesCents } });
      this.offerCodes.set(name, code);
    }
    return code;
  }

  /**
   * Whether the response schema takes this row's wire shape. Every column but the placeholder
   * colour is typed by the table (or checked by the mapper); a row holding another text is left to
   * the database path, whose schema check refuses the page as it always did.
   */
  presentable(row: number): boolean {
    return this.colours[row] !== ODD_COLOUR || SCHEMA_COLOUR.test(this.odd.colour.get(row)!);
  }

  private sidOf(row: number): string {
    return this.odd.sid.get(row) ?? this.sids.toString('latin1', row * SID_BYTES, (row + 1) * SID_BYTES);
  }

  private keyOf(row: number, k: number, sid: string): string | null {
    const at = row * KEYS + k;
    const code = this.keyCodes[at]!;
    if (code === NO_KEY) return null;
    if (code === ODD_KEY) return this.odd.keys.get(at)!;
    const shape = this.shapes[code - 1]!;
    const hex = this.hashes.toString('hex', at * HASH_BYTES, (at + 1) * HASH_BYTES);
    return `${shape.area}/materials/${sid}/${shape.role}-${hex}.${shape.ext}`;
  }

  /**
   * Row `row` as the mapper takes it, with the index's own columns. Its licence types and price
   * maps are shared with the store (and with other rows): read them, never change them.
   */
  get(row: number, indexed: IndexedColumns): WireMaterialRow {
    const sid = this.sidOf(row);
    const colour = this.colours[row]!;
    const size = this.widths[row] === ODD_SIZE ? this.odd.size.get(row)! : null;
    const offer = this.offerList[this.offers[row]!]!;
    const slot = this.video.get(row);
    const duration = slot === undefined ? Number.NaN : this.durations[slot]!;
    const video = slot === undefined ? null : this.videoShapes[this.videoShapeOf[slot]!]!;
    const free = this.free.get(row);
    return {
      sid,
      seq: indexed.seq,
      format: indexed.format,
      keywords: indexed.keywords,
      width: size ? size.width : this.widths[row]!,
      height: size ? size.height : this.heights[row]!,
      durationMs: Number.isNaN(duration) ? null : duration,
      aspectRatio: video?.aspectRatio ?? null,
      resolution: video?.resolution ?? null,
      authTypes: offer.authTypes,
      thumbKey: this.keyOf(row, 1, sid),
      thumbSmallKey: this.keyOf(row, 2, sid),
      placeholderColor:
        colour === NO_COLOUR
          ? null
          : colour === ODD_COLOUR
            ? this.odd.colour.get(row)!
            : `#${colour.toString(16).padStart(6, '0')}`,
      coverKey: this.keyOf(row, 0, sid),
      watermarkKey: this.keyOf(row, 3, sid),
      previewKey: this.keyOf(row, 4, sid),
      freeFrom: free && free.from !== null ? new Date(free.from) : null,
      freeUntil: free && free.until !== null ? new Date(free.until) : null,
      likeCount: indexed.likeCount,
      // Only rows on sale are presented, and those are never disabled (buyerVisibleSql).
      disabled: false,
      pricesCents: offer.pricesCents,
      specialPricesCents: this.specialPrices.get(row) ?? EMPTY_PRICES,
      customPriceCents: this.customPrice.get(row) ?? null,
      remark: this.remark.get(row) ?? null,
      metal: indexed.metal,
      gem: indexed.gem,
      piece: indexed.piece,
      scene: indexed.scene,
      createdAt: indexed.createdAt,
    };
  }

  /** Bytes held by the store's arrays (not counting the maps and interned values). */
  arrayBytes(): number {
    return (
      this.sids.byteLength +
      this.hashes.byteLength +
      this.keyCodes.byteLength +
      this.widths.byteLength +
      this.heights.byteLength +
      this.colours.byteLength +
      this.offers.byteLength +
      this.durations.byteLength +
      this.videoShapeOf.byteLength
    );
  }

  /** Entries of the sparse maps (video extras, special and custom prices, free periods, remarks, odd values). */
  sparseEntries(): number {
    let n = this.video.size + this.specialPrices.size + this.customPrice.size + this.free.size + this.remark.size;
    for (const map of Object.values(this.odd)) n += map.size;
    return n;
  }
}

function setOrDelete<T>(map: Map<number, T>, row: number, value: T | undefined): void {
  if (value === undefined) map.delete(row);
  else map.set(row, value);
}
