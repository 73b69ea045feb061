import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  ADMIN_MATERIAL_PATHS,
  ADMIN_REVIEW_API,
  type OperatorRole,
  type TAdminMaterialResponse,
} from '@gemstock/contract';
import { expect } from 'vitest';
import sharp from 'sharp';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import { createOperator } from '../../src/modules/operator/operator.service.js';
import type { LocalDiskStorage } from '../../src/media/storage.js';
import { injectApi } from './inject-api.js';
import type { TestApp } from './test-app.js';

/** Helpers for the operator console tests. */

let counter = 0;

export interface TestOperator {
  sid: string;
  username: string;
  token: string;
}

/**
 * An operator account and a signed operator token (no login round trip, no rate limit); a
 * 管理员 unless `roles` says otherwise.
 */
export async function createTestOperator(
  t: TestApp,
  name = '测试运营',
  roles?: readonly OperatorRole[],
): Promise<TestOperator> {
  counter += 1;
  const username = `ops-${counter}-${Math.random().toString(36).slice(2, 7)}`;
  const row = await createOperator(t.database.db, {
    username,
    password: 'Operator-passw0rd',
    name,
    ...(roles ? { roles } : {}),
  });
  return { sid: row.sid, username, token: await t.app.deps.tokens.sign('operator', { sub: row.sid, tv: 0 }) };
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface FieldPart {
  name: string;
  value: string;
}

/** A multipart/form-data body, built by hand so a test controls every byte. */
export function multipartBody(parts: Array<FilePart | FieldPart>) {
  const boundary = `----gemstock-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function filePart(data: Buffer, filename: string, contentType = 'application/octet-stream'): FilePart {
  return { name: 'file', filename, contentType, data };
}

/** A real photograph-like JPEG: a gradient with some structure, so it compresses like one. */
export async function makeJpeg(width: number, height: number, quality = 82): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2b1d3a"/><stop offset="0.5" stop-color="#b8892d"/><stop offset="1" stop-color="#e8e2d4"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="none" stroke="#fff" stroke-width="${Math.max(4, width / 100)}"/>
  </svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).jpeg({ quality }).toBuffer();
}

export async function makeImage(format: 'png' | 'webp' | 'tiff', width: number, height: number): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 90 } } });
  if (format === 'png') return base.png().toBuffer();
  if (format === 'webp') return base.webp({ quality: 80 }).toBuffer();
  return base.tiff({ compression: 'lzw' }).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG whose header claims width × height pixels: the decompression-bomb
 * shape. Nothing of that size is ever allocated — the image data is a few hundred bytes.
 */
export function craftPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(256))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under the test storage root (relative paths, sorted), including the write area. */
export function storedFiles(t: TestApp): string[] {
  const root = (t.app.deps.storage as LocalDiskStorage).root;
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** Files in a directory tree (the upload staging area), for "nothing left behind" checks. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(dir);
  return out;
}

/**
 * Uploads a picture as a 内容 operator, runs the media jobs (thumbnail, hash, palette, the stored
 * 相似素材 list) and lists it through review: a material on sale, as buyers find it.
 */
export async function ingestListed(
  t: TestApp,
  operator: TestOperator,
  bytes: Buffer,
  keywords: string,
): Promise<string> {
  const body = multipartBody([{ name: 'keywords', value: keywords }, filePart(bytes, 'photo.jpg', 'image/jpeg')]);
  const res = await t.call<TAdminMaterialResponse>({
    method: 'POST',
    url: ADMIN_MATERIAL_PATHS.upload,
    payload: body.payload,
    headers: body.headers,
    token: operator.token,
  });
  expect(res.code, res.message).toBe(0);
  while (await runNextMediaJob(t.app.deps));
  const sid = res.data.material.sid;
  const listed = await injectApi(t, ADMIN_REVIEW_API.list, { body: { sids: [sid] }, token: operator.token });
  expect(listed.code, listed.message).toBe(0);
  return sid;
}
