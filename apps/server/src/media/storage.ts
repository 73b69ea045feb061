import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Object storage for media files. Keys are slash-separated and start with their area:
 *
 * - `public/…`  thumbnails, covers, watermarked previews: anyone may fetch them by URL;
 * - `private/…` originals: only ever handed out through a signed, entitlement-checked download.
 *
 * A key names one immutable object: the key builders (keys.ts) put a content hash in the name,
 * so a changed file gets a new key and a public URL can be cached forever.
 *
 * Adapters: LocalDiskStorage (the embedded default, below) and an S3-compatible one (Aliyun OSS,
 * MinIO, AWS S3) behind the same interface.
 */

export type StorageArea = 'public' | 'private';

export interface StoredObject {
  key: string;
  bytes: number;
  contentType: string;
  modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Which store an adapter writes to, so servers can tell whether they share their media: the
 * local directory (shared only by processes on the same host using the same directory) or the
 * S3 endpoint and bucket. Never a credential.
 */
export interface StorageLocation {
  driver: 'local' | 's3';
  identity: string;
}

export interface Storage {
  /** Where the objects live (cluster check, src/ops/cluster.ts). */
  location(): StorageLocation;
  /** Stores the object whole or not at all: a reader never sees a half-written file. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject>;
  /** Throws StorageNotFoundError when there is no such object. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches a public object. Throws InvalidStorageKeyError for a private key. */
  publicUrl(key: string): string;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no such object: ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

const AREAS: readonly StorageArea[] = ['public', 'private'];
/**
 * Each segment starts with a letter or digit (so never `.`, `..` or a hidden name) and holds only
 * URL-safe characters, so a key is also a valid URL path and a valid file name everywhere.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
/**
 * An area, then one or more segments each after a `/`. One expression rather than a split and a
 * test a segment: every URL of a result page's materials is checked here (public-url.ts), four
 * times less work a key.
 */
const STORAGE_KEY = new RegExp(`^(?:${AREAS.join('|')})(?:/${SEGMENT})+$`);
const MAX_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && STORAGE_KEY.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export function storageAreaOf(key: string): StorageArea {
  assertValidStorageKey(key);
  return key.slice(0, key.indexOf('/')) as StorageArea;
}

export function isPublicKey(key: string): boolean {
  return isValidStorageKey(key) && key.startsWith('public/');
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The content type a key's extension stands for. */
export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** The file extension (without the dot) for a content type, for key builders. */
export function extensionForContentType(contentType: string): string {
  const preferred: Record<string, string> = { 'image/jpeg': 'jpg', 'video/mp4': 'mp4', 'image/tiff': 'tif' };
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (preferred[type]) return preferred[type];
  const found = Object.entries(CONTENT_TYPES).find(([, t]) => t === type);
  return found ? found[0] : 'bin';
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Files under one directory (DATA_DIR/media): `public/` and `private/` mirror the key areas;
 * `.tmp/` holds writes in progress, renamed into place when complete (same file system, so the
 * rename is atomic). The content type is not stored: it follows from the key's extension, which
 * the key builders always set.
 */
export class LocalDiskStorage implements Storage {
  readonly root: string;
  private readonly publicBaseUrl: string;
  private readonly tempDir: string;

  constructor(root: string, options: { publicBaseUrl?: string } = {}) {
    this.root = resolve(root);
    this.tempDir = join(this.root, '.tmp');
    this.publicBaseUrl = (options.publicBaseUrl ?? '/media').replace(/\/$/, '');
  }

  location(): StorageLocation {
    return { driver: 'local', identity: this.root };
  }

  /** Absolute path of a key; the key is validated and the path checked to stay under the root. */
  pathOf(key: string): string {
    assertValidStorageKey(key);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject> {
    try {
      return await this.write(key, body, contentType);
    } finally {
      // A stream refused before it was read still holds its file open (and a deleted file's
      // disk space with it) until it is destroyed.
      if (!Buffer.isBuffer(body)) body.destroy();
    }
  }

  private async write(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject> {
    const path = this.pathOf(key);
    const expected = contentTypeForKey(key);
    if (expected !== 'application/octet-stream' && expected !== contentType.split(';')[0]!.trim().toLowerCase()) {
      throw new Error(`content type ${contentType} does not match the extension of ${key}`);
    }
    await mkdir(this.tempDir, { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    const temp = join(this.tempDir, `${randomUUID()}.part`);
    try {
      if (Buffer.isBuffer(body)) {
        await writeFile(temp, body, { flush: true });
      } else {
        await pipeline(body, createWriteStream(temp, { flush: true }));
      }
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const info = await this.stat(key);
    if (!info) throw new StorageNotFoundError(key);
    return info;
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    try {
      if (!(await handle.stat()).isFile()) throw new StorageNotFoundError(key);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return { key, bytes: s.size, contentType: contentTypeForKey(key), modifiedAt: s.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    if (!isPublicKey(key)) throw new InvalidStorageKeyError(key);
    return `${this.publicBaseUrl}/${key.slice('public/'.length)}`;
  }
}
