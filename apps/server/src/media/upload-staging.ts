import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, type SniffedType, sniffMediaType } from './file-type.js';
import { MediaRejectedError } from './media-errors.js';

/**
 * An upload on its way in is written to a staging file outside storage, never to storage itself:
 * its type is sniffed from the first bytes as they arrive, its size is counted against the cap
 * of that type, and its SHA-256 is computed on the way. Only a file that passes every check is
 * later put into storage (under a content-hashed key); anything refused leaves nothing behind.
 */

export interface StagedFile {
  path: string;
  bytes: number;
  /** Hex SHA-256 of the whole file. */
  sha256: string;
  type: SniffedType;
  /** Removes the staging file (safe to call twice). */
  discard(): Promise<void>;
}

export interface StageOptions {
  dir: string;
  /** Most bytes a file of this type may have. */
  maxBytesFor(type: SniffedType): number;
  /** Called once the type is known, before the rest is read: throw to refuse early (e.g. no ffmpeg). */
  onType?(type: SniffedType): void;
}

class StagingTransform extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  type: SniffedType | null = null;
  bytes = 0;
  private limit = Number.POSITIVE_INFINITY;
  private readonly hash = createHash('sha256');

  constructor(private readonly options: StageOptions) {
    super();
  }

  private decide(head: Buffer): void {
    const type = sniffMediaType(head);
    if (!type) {
      throw new MediaRejectedError('unsupported', `unrecognised content ${head.subarray(0, 16).toString('hex')}`);
    }
    this.options.onType?.(type);
    this.type = type;
    this.limit = this.options.maxBytesFor(type);
  }

  private account(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      throw new MediaRejectedError('too_large', `more than ${this.limit} bytes`, { limitBytes: this.limit });
    }
    this.hash.update(chunk);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      if (!this.type) {
        this.head.push(chunk);
        this.headBytes += chunk.length;
        if (this.headBytes < SNIFF_BYTES) return callback();
        const buffered = Buffer.concat(this.head);
        this.head = [];
        this.decide(buffered);
        this.account(buffered);
        return callback(null, buffered);
      }
      this.account(chunk);
      callback(null, chunk);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.type) {
        const buffered = Buffer.concat(this.head);
        this.head = [];
        if (buffered.length === 0) throw new MediaRejectedError('empty', 'empty file');
        this.decide(buffered);
        this.account(buffered);
        this.push(buffered);
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Streams `source` into a new staging file under `dir`; rejects (and removes the file) on any refusal. */
export async function stageUpload(source: Readable, options: StageOptions): Promise<StagedFile> {
  await mkdir(options.dir, { recursive: true });
  const path = join(options.dir, `${randomUUID()}.upload`);
  const discard = () => rm(path, { force: true });
  const staging = new StagingTransform(options);
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, staging, out);
  } catch (error) {
    // A refusal can come before the file is even open; removing it then would race the open
    // and leave an empty file behind, so wait until the stream has let go of it.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await discard();
    throw error;
  }
  if (!staging.type) {
    await discard();
    throw new MediaRejectedError('empty', 'empty file');
  }
  return { path, bytes: staging.bytes, sha256: staging.digest(), type: staging.type, discard };
}
