import { createReadStream, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalDiskStorage } from '../../src/media/storage.js';

/** Files this process still holds open whose names contain `fragment` (Linux /proc). */
function openFilesMatching(fragment: string): string[] {
  const found: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.includes(fragment)) found.push(target);
    } catch {
      // closed while listing
    }
  }
  return found;
}

/** The descriptor closes on a later tick; a busy machine may take a while, a held one never does. */
const expectClosed = (name: string) =>
  vi.waitFor(() => expect(openFilesMatching(name)).toEqual([]), { timeout: 5_000, interval: 20 });

describe.runIf(process.platform === 'linux')(
  'temporary upload files are closed, so deleting them frees the disk',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'gemstock-fd-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a refused put closes the stream it was given (the deleted file is not held open)', async () => {
      const storage = new LocalDiskStorage(join(dir, 'media'));
      const staged = join(dir, 'refused.upload');
      writeFileSync(staged, Buffer.alloc(64 * 1024, 1));
      const body = createReadStream(staged);
      await once(body, 'open'); // opened well before it is stored, as the upload path does
      await expect(storage.put('private/materials/x/original.jpg', body, 'video/mp4')).rejects.toThrow(/content type/);
      rmSync(staged);
      await expectClosed('refused.upload');
    });

    it('a stored put leaves nothing open either', async () => {
      const storage = new LocalDiskStorage(join(dir, 'media'));
      const staged = join(dir, 'stored.upload');
      writeFileSync(staged, Buffer.alloc(64 * 1024, 2));
      await storage.put('private/materials/x/original.bin', createReadStream(staged), 'application/octet-stream');
      rmSync(staged);
      await expectClosed('stored.upload');
    });
  },
);
