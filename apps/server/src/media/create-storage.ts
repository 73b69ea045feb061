import { join } from 'node:path';
import type { Config } from '../config.js';
import { S3Storage } from './s3-storage.js';
import { LocalDiskStorage, type Storage } from './storage.js';

/** The storage the configuration asks for: local disk under DATA_DIR/media, or an S3-compatible bucket. */
export function createStorage(config: Config): Storage {
  if (config.storage.driver === 's3') {
    const { s3 } = config.storage;
    return new S3Storage({ ...s3, spoolDir: join(config.dataDir, 'tmp', 's3-spool') });
  }
  return new LocalDiskStorage(join(config.dataDir, 'media'));
}
