import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeForKey,
  InvalidStorageKeyError,
  isPublicKey,
  isValidStorageKey,
  LocalDiskStorage,
  StorageNotFoundError,
} from '../../src/media/storage.js';
import { publicUrlOfStorage } from '../../src/media/public-url.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('storage keys', () => {
  it('accepts keys in the two areas', () => {
    expect(isValidStorageKey('public/materials/abc123/thumb-0123456789abcdef.webp')).toBe(true);
    expect(isValidStorageKey('private/materials/abc123/original-0123.jpg')).toBe(true);
    expect(isPublicKey('public/a.jpg')).toBe(true);
    expect(isPublicKey('private/a.jpg')).toBe(false);
  });

  it.each([
    '',
    'public',
    'public/',
    '/public/a.jpg',
    'public//a.jpg',
    'public/../private/a.jpg',
    'public/a/../../private/a.jpg',
    'public/./a.jpg',
    'public/.hidden',
    'public/..',
    'public/a\\..\\b.jpg',
    'public/%2e%2e/private/a.jpg',
    'public/a%2Fb.jpg',
    'public/a b.jpg',
    'public/戒指.jpg',
    'public/a.jpg\0.png',
    'other/a.jpg',
    'PUBLIC/a.jpg',
    `public/${'a'.repeat(129)}`,
    `public/${'a/'.repeat(256)}a`,
    'public/a.jpg\n',
  ])('refuses %j', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
  });

  it('takes segments of up to 128 characters, any number of them within 512', () => {
    expect(isValidStorageKey(`public/${'a'.repeat(128)}`)).toBe(true);
    expect(isValidStorageKey(`public/${'a/'.repeat(252)}a`)).toBe(true);
    expect(isValidStorageKey('public/a-b_c.d/E9.x')).toBe(true);
  });

  it("a key's public URL: public keys only, null for an original or anything invalid", () => {
    const publicUrlOf = publicUrlOfStorage(new LocalDiskStorage(tmpdir()));
    expect(publicUrlOf('public/materials/abc/thumb-0123456789abcdef.webp')).toBe(
      '/media/materials/abc/thumb-0123456789abcdef.webp',
    );
    expect(publicUrlOf('private/materials/abc/original-0123456789abcdef.jpg')).toBeNull();
    expect(publicUrlOf('public/../private/a.jpg')).toBeNull();
    expect(publicUrlOf(null)).toBeNull();
    expect(publicUrlOf('')).toBeNull();
  });

  it('derives the content type from the extension', () => {
    expect(contentTypeForKey('public/a/thumb-1.webp')).toBe('image/webp');
    expect(contentTypeForKey('public/a/x.JPG')).toBe('image/jpeg');
    expect(contentTypeForKey('private/a/original-1.mp4')).toBe('video/mp4');
    expect(contentTypeForKey('private/a/original')).toBe('application/octet-stream');
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'gemstock-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads, ranges, stats and deletes', async () => {
    const key = 'public/materials/s1/thumb-aaaa.webp';
    const info = await storage.put(key, Buffer.from('hello world'), 'image/webp');
    expect(info).toMatchObject({ key, bytes: 11, contentType: 'image/webp' });
    expect((await readAll(await storage.getStream(key))).toString()).toBe('hello world');
    expect((await readAll(await storage.getStream(key, { start: 6, end: 10 }))).toString()).toBe('world');
    expect((await storage.stat(key))?.bytes).toBe(11);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.getStream(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key); // deleting twice is fine
  });

  it('lays files out by area under the root', async () => {
    await storage.put('private/materials/s2/original-bbbb.jpg', Buffer.from('x'), 'image/jpeg');
    expect(readdirSync(join(root, 'private', 'materials', 's2'))).toEqual(['original-bbbb.jpg']);
  });

  it('stores streams, and leaves nothing behind when a stream fails', async () => {
    await storage.put('public/s3/a.mp4', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'video/mp4');
    expect((await readAll(await storage.getStream('public/s3/a.mp4'))).toString()).toBe('abcd');

    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('public/s3/b.mp4', failing, 'video/mp4')).rejects.toThrow('connection reset');
    expect(await storage.stat('public/s3/b.mp4')).toBeNull();
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('replaces an object whole: concurrent writers never leave a mixture', async () => {
    const key = 'public/s4/c.png';
    const a = Buffer.alloc(256 * 1024, 'a');
    const b = Buffer.alloc(256 * 1024, 'b');
    await Promise.all([storage.put(key, a, 'image/png'), storage.put(key, b, 'image/png')]);
    const read = await readAll(await storage.getStream(key));
    expect(read.equals(a) || read.equals(b)).toBe(true);
  });

  it('refuses invalid keys and a content type that contradicts the extension', async () => {
    await expect(storage.put('public/../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.stat('public/../../etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put('public/x.jpg', Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
  });

  it('treats a directory as not found', async () => {
    await storage.put('public/dir/inner/file.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.stat('public/dir/inner')).toBeNull();
    await expect(storage.getStream('public/dir/inner')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('gives URLs for public keys only', () => {
    expect(storage.publicUrl('public/materials/s1/thumb-aaaa.webp')).toBe('/media/materials/s1/thumb-aaaa.webp');
    expect(() => storage.publicUrl('private/materials/s1/original.jpg')).toThrow(InvalidStorageKeyError);
    expect(new LocalDiskStorage(root, { publicBaseUrl: 'https://cdn.example.com/m/' }).publicUrl('public/a.jpg')).toBe(
      'https://cdn.example.com/m/a.jpg',
    );
  });
});
