import {
  ADMIN_REVIEW_API,
  ErrorCode,
  type TAdminMaterial,
  type TAdminMaterialResponse,
  ZAdminMaterial,
  ADMIN_MATERIAL_API,
  MATERIAL_API,
  ADMIN_MATERIAL_PATHS,
} from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, materials, mediaJobs } from '../../src/db/schema/index.js';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import type { LocalDiskStorage } from '../../src/media/storage.js';
import { uploadStagingDir } from '../../src/modules/catalog/admin-material.service.js';
import { countRows } from '../helpers/accounts.js';
import {
  craftPngHeader,
  createTestOperator,
  filePart,
  filesUnder,
  makeImage,
  makeJpeg,
  multipartBody,
  storedFiles,
  type TestOperator,
} from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const UPLOAD = ADMIN_MATERIAL_PATHS.upload;

type Part = Parameters<typeof multipartBody>[0][number];

function upload(t: TestApp, token: string | undefined, parts: Part[]) {
  const body = multipartBody(parts);
  return t.call<TAdminMaterialResponse>({
    method: 'POST',
    url: UPLOAD,
    payload: body.payload,
    headers: body.headers,
    ...(token ? { token } : {}),
  });
}

const mediaUrlOf = (key: string) => `/media/${key.slice('public/'.length)}`;

async function snapshot(t: TestApp) {
  return {
    files: storedFiles(t),
    materials: await countRows(t, 'materials'),
    jobs: await countRows(t, 'media_jobs'),
    audit: await countRows(t, 'audit_logs'),
    staging: filesUnder(uploadStagingDir(t.app.deps)),
  };
}

describe('POST /api/admin/materials/upload — images', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: TestOperator;
  let jpeg4000: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-upload-'));
    t = await buildTestApp({ dataDir });
    operator = await createTestOperator(t);
    jpeg4000 = await makeJpeg(4000, 3000);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a real 4000 × 3000 JPEG', () => {
    let material: TAdminMaterial;

    it('is accepted as processing, with its true size and licence types, the original stored privately', async () => {
      const res = await upload(t, operator.token, [
        { name: 'keywords', value: '上传测试戒指，18K金、 钻石' },
        filePart(jpeg4000, 'IMG_0001.JPG', 'image/jpeg'),
      ]);
      expect(res.code, res.message).toBe(0);
      material = res.data.material;
      expect(() => ZAdminMaterial.parse(material)).not.toThrow();
      expect(material).toMatchObject({
        format: 'image',
        status: 'processing',
        keywords: ['上传测试戒指', '18K金', '钻石'],
        width: 4000,
        height: 3000,
        // Long side 4000 ≥ 2160: every licence type.
        authTypes: [1, 2, 3, 4],
        originalMime: 'image/jpeg',
        originalBytes: jpeg4000.length,
        thumbUrl: null,
        watermarkUrl: null,
        previewUrl: null,
        job: { status: 'queued', attempts: 0 },
      });

      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, material.sid));
      expect(row?.originalKey).toMatch(new RegExp(`^private/materials/${material.sid}/original-[0-9a-f]{16}\\.jpg$`));
      expect(row?.searchTokens).toEqual(expect.arrayContaining(['戒指', '18', 'k金', '钻石']));
      // Only the original exists so far, and only in the private area, byte for byte.
      expect(storedFiles(t)).toEqual([row!.originalKey]);
      const storage = t.app.deps.storage as LocalDiskStorage;
      const stored = await storage.stat(row!.originalKey);
      expect(stored?.bytes).toBe(jpeg4000.length);

      const [audit] = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entitySid, material.sid), eq(auditLogs.action, 'material.upload')));
      expect(audit).toMatchObject({ operatorSid: operator.sid, entity: 'material', before: null });
      expect(audit?.after).toMatchObject({ width: 4000, height: 3000, format: 'image', status: 'processing' });
    });

    // Until its job has made the previews there is nothing to show a buyer. (A filter of its own:
    // search match sets are cached for minutes, docs/decisions/0004-catalogue-search.md.)
    it('a processing material is not offered to buyers yet', async () => {
      const res = await injectApi(t, MATERIAL_API.search, { query: { keyword: '上传测试戒指', format: 'image' } });
      expect(res.data.materials.map((m) => m.sid)).not.toContain(material.sid);
    });

    it('becomes ready after its job: both thumbnails, cover and watermarked preview in public storage', async () => {
      const outcome = await runNextMediaJob(t.app.deps);
      expect(outcome).toMatchObject({ outcome: 'done', job: { materialSid: material.sid, attempts: 1 } });
      expect(await runNextMediaJob(t.app.deps)).toBeNull();

      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, material.sid));
      expect(row).toMatchObject({ status: 'ready', previewKey: null });
      for (const key of [row!.thumbKey, row!.thumbSmallKey, row!.coverKey, row!.watermarkKey]) {
        expect(key).toMatch(
          new RegExp(`^public/materials/${material.sid}/(thumb|thumb-small|cover|watermark)-[0-9a-f]{16}\\.webp$`),
        );
      }
      expect(row!.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(storedFiles(t)).toEqual(
        [row!.originalKey, row!.thumbKey!, row!.thumbSmallKey!, row!.coverKey!, row!.watermarkKey!].sort(),
      );
      const [job] = await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.materialSid, material.sid));
      expect(job).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      expect(job?.finishedAt).toBeInstanceOf(Date);

      // Served publicly, immutable, at the sizes promised.
      const thumb = await t.app.inject({ method: 'GET', url: mediaUrlOf(row!.thumbKey!) });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toContain('immutable');
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });
      const thumbSmall = await t.app.inject({ method: 'GET', url: mediaUrlOf(row!.thumbSmallKey!) });
      expect(thumbSmall.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumbSmall.rawPayload).metadata()).toMatchObject({ width: 240, height: 180 });
      const marked = await t.app.inject({ method: 'GET', url: mediaUrlOf(row!.watermarkKey!) });
      expect(marked.headers['content-type']).toBe('image/webp');
      expect(await sharp(marked.rawPayload).metadata()).toMatchObject({ width: 1200, height: 900 });

      // The watermark is really there: the preview differs visibly from the unmarked cover.
      const cover = await t.app.inject({ method: 'GET', url: mediaUrlOf(row!.coverKey!) });
      const [a, b] = await Promise.all(
        [cover.rawPayload, marked.rawPayload].map((buf) => sharp(buf).removeAlpha().raw().toBuffer()),
      );
      let diff = 0;
      for (let i = 0; i < a!.length; i += 1) diff += Math.abs(a![i]! - b![i]!);
      expect(diff / a!.length).toBeGreaterThan(3);
    });

    it('once listed by review, is found by buyers with its watermarked preview, and its original is never served', async () => {
      const listed = await injectApi(t, ADMIN_REVIEW_API.list, {
        body: { sids: [material.sid] },
        token: operator.token,
      });
      expect(listed.code, listed.message).toBe(0);
      const res = await injectApi(t, MATERIAL_API.search, { query: { keyword: '上传测试戒指' } });
      const found = res.data.materials.find((m) => m.sid === material.sid);
      expect(found).toMatchObject({ width: 4000, height: 3000, authType: [1, 2, 3, 4] });
      expect(found?.watermarkUrl).toMatch(/^\/media\/materials\/.+\/watermark-[0-9a-f]{16}\.webp$/);
      expect(found?.thumbUrl).toMatch(/^\/media\/materials\/.+\/thumb-/);
      expect(found?.thumbSmallUrl).toMatch(/^\/media\/materials\/.+\/thumb-small-[0-9a-f]{16}\.webp$/);
      expect(found?.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(res.raw).not.toContain('private/');
      expect(res.raw).not.toContain('original-');

      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, material.sid));
      const inside = row!.originalKey.slice('private/'.length);
      for (const url of [
        `/media/${inside}`,
        `/media/private/${inside}`,
        `/media/../private/${inside}`,
        `/media/..%2fprivate%2f${inside.replaceAll('/', '%2f')}`,
      ]) {
        const attempt = await t.app.inject({ method: 'GET', url });
        expect(attempt.statusCode, url).toBe(404);
        expect(attempt.rawPayload.includes(jpeg4000.subarray(0, 64))).toBe(false);
      }
    });
  });

  it.each([
    ['png', 'image/png', 1500, 1000, [2, 3, 4]],
    ['webp', 'image/webp', 1200, 1600, [2, 3, 4]],
    ['tiff', 'image/tiff', 1000, 800, [4]],
  ] as const)('accepts %s by content and makes it ready', async (format, mime, width, height, authTypes) => {
    const data = await makeImage(format, width, height);
    // The file name and declared type say nothing true: only the content counts.
    const res = await upload(t, operator.token, [filePart(data, 'upload.bin', 'application/octet-stream')]);
    expect(res.code, res.message).toBe(0);
    expect(res.data.material).toMatchObject({ width, height, authTypes, originalMime: mime, status: 'processing' });
    expect(await runNextMediaJob(t.app.deps)).toMatchObject({ outcome: 'done' });
    const one = await injectApi(t, ADMIN_MATERIAL_API.detail, {
      params: { id: res.data.material.sid },
      token: operator.token,
    });
    expect(one.data.material).toMatchObject({ status: 'ready', job: { status: 'done' } });
    expect(one.data.material.thumbUrl).toMatch(/^\/media\//);
  });

  it('reads the displayed size of a JPEG with an EXIF rotation', async () => {
    const rotated = await sharp(await makeJpeg(1600, 1200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(t, operator.token, [filePart(rotated, 'phone.jpg', 'image/jpeg')]);
    expect(res.data.material).toMatchObject({ width: 1200, height: 1600 });
    expect(await runNextMediaJob(t.app.deps)).toMatchObject({ outcome: 'done' });
  });

  it('says what it takes', async () => {
    const res = await injectApi(t, ADMIN_MATERIAL_API.uploadConfig, { token: operator.token });
    expect(res.data).toMatchObject({
      imageMaxBytes: 50 * 1024 * 1024,
      videoMaxBytes: 200 * 1024 * 1024,
      maxPixels: 100_000_000,
    });
  });

  describe('attacks and mistakes are refused with a clear message, leaving nothing behind', () => {
    let jpegHalf: Buffer;
    beforeAll(() => {
      jpegHalf = jpeg4000.subarray(0, Math.floor(jpeg4000.length * 0.6));
    });

    const cases: Array<{
      name: string;
      parts: () => Promise<Part[]> | Part[];
      status: number;
      code: number;
      message: RegExp;
    }> = [
      {
        name: 'a 30000 × 30000 PNG (a tiny file whose header claims 900 megapixels), before decoding',
        parts: () => [filePart(craftPngHeader(30000, 30000), 'bomb.png', 'image/png')],
        status: 422,
        code: ErrorCode.IMAGE_TOO_MANY_PIXELS.code,
        message: /图片像素过大：30000×30000（约 9 亿像素），最多允许 1 亿像素/,
      },
      {
        name: 'a truncated JPEG',
        parts: () => [filePart(jpegHalf, 'cut.jpg', 'image/jpeg')],
        status: 422,
        code: ErrorCode.CORRUPT_FILE.code,
        message: /图片已损坏或不完整/,
      },
      {
        name: 'a text file renamed .jpg',
        parts: () => [
          filePart(Buffer.from('这不是图片，只是改了扩展名的文本文件。\n'.repeat(20)), 'photo.jpg', 'image/jpeg'),
        ],
        status: 415,
        code: ErrorCode.UNSUPPORTED_FILE_TYPE.code,
        message: /不支持的文件类型/,
      },
      {
        name: 'an EXE-like file named .mp4',
        parts: () => {
          const exe = Buffer.alloc(4096);
          exe.write('MZ', 0, 'latin1');
          exe.write('This program cannot be run in DOS mode.', 78, 'latin1');
          exe.write('PE\0\0', 128, 'latin1');
          return [filePart(exe, 'video.mp4', 'video/mp4')];
        },
        status: 415,
        code: ErrorCode.UNSUPPORTED_FILE_TYPE.code,
        message: /不支持的文件类型/,
      },
      {
        name: 'a GIF (an image type not on the list)',
        parts: async () => [
          filePart(
            await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
              .gif()
              .toBuffer(),
            'a.gif',
            'image/gif',
          ),
        ],
        status: 415,
        code: ErrorCode.UNSUPPORTED_FILE_TYPE.code,
        message: /不支持的文件类型/,
      },
      {
        name: 'a fake PNG (the signature, then garbage)',
        parts: () => [
          filePart(
            Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 0x41)]),
            'fake.png',
            'image/png',
          ),
        ],
        status: 422,
        code: ErrorCode.CORRUPT_FILE.code,
        message: /已损坏或不完整/,
      },
      {
        name: 'a 12 × 8 pixel image',
        parts: async () => [filePart(await makeImage('png', 12, 8), 'dot.png', 'image/png')],
        status: 422,
        code: ErrorCode.IMAGE_TOO_SMALL.code,
        message: /图片尺寸过小（12×8）/,
      },
      {
        name: 'two files in one request',
        parts: async () => [
          filePart(await makeImage('png', 100, 100), 'a.png', 'image/png'),
          { name: 'file2', filename: 'b.png', contentType: 'image/png', data: await makeImage('png', 100, 100) },
        ],
        status: 400,
        code: ErrorCode.UPLOAD_TOO_MANY_FILES.code,
        message: /每次请求只能上传一个文件/,
      },
      {
        name: 'no file at all',
        parts: () => [{ name: 'keywords', value: '戒指' }],
        status: 400,
        code: ErrorCode.UPLOAD_FILE_REQUIRED.code,
        message: /请选择要上传的文件/,
      },
      {
        name: 'an empty file',
        parts: () => [filePart(Buffer.alloc(0), 'empty.jpg', 'image/jpeg')],
        status: 400,
        code: ErrorCode.UPLOAD_FILE_REQUIRED.code,
        message: /文件内容为空/,
      },
      {
        name: 'an unknown form field',
        parts: async () => [{ name: 'status', value: 'ready' }, filePart(await makeImage('png', 100, 100), 'a.png')],
        status: 400,
        code: ErrorCode.VALIDATION.code,
        message: /不支持的字段：status/,
      },
      {
        name: 'too many keywords',
        parts: async () => [
          { name: 'keywords', value: Array.from({ length: 31 }, (_, i) => `词${i}`).join(',') },
          filePart(await makeImage('png', 100, 100), 'a.png'),
        ],
        status: 400,
        code: ErrorCode.VALIDATION.code,
        message: /关键词最多 30 个/,
      },
    ];

    for (const c of cases) {
      it(`refuses ${c.name}`, async () => {
        const before = await snapshot(t);
        const res = await upload(t, operator.token, await c.parts());
        expect(res.status).toBe(c.status);
        expect(res.code).toBe(c.code);
        expect(res.message).toMatch(c.message);
        expect(await snapshot(t)).toEqual(before);
      });
    }

    it('refuses a body that is not multipart', async () => {
      const before = await snapshot(t);
      const res = await t.call({ method: 'POST', url: UPLOAD, payload: { file: 'x' }, token: operator.token });
      expect(res.status).toBe(415);
      expect(res.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE.code);
      expect(await snapshot(t)).toEqual(before);
    });

    it('refuses a buyer token (2002) and no token (1000) before reading the file', async () => {
      const buyer = await createBuyer(t);
      const before = await snapshot(t);
      const parts = [filePart(await makeImage('png', 100, 100), 'a.png', 'image/png')];
      const asBuyer = await upload(t, buyer.token, parts);
      expect(asBuyer.status).toBe(401);
      expect(asBuyer.code).toBe(ErrorCode.TOKEN_INVALID.code);
      const anonymous = await upload(t, undefined, parts);
      expect(anonymous.status).toBe(401);
      expect(anonymous.code).toBe(ErrorCode.AUTH_REQUIRED.code);
      expect(await snapshot(t)).toEqual(before);
    });
  });
});

describe('POST /api/admin/materials/upload — size caps', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: TestOperator;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-upload-cap-'));
    t = await buildTestApp({
      dataDir,
      upload: { maxBytes: 1024 * 1024, imageMaxBytes: 512 * 1024, maxPixels: 100_000_000 },
    });
    operator = await createTestOperator(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function noise(width: number, height: number): Promise<Buffer> {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }

  it('refuses an image over the image cap, even though it is under the general cap', async () => {
    const image = await noise(500, 500); // ~750 kB
    expect(image.length).toBeGreaterThan(512 * 1024);
    expect(image.length).toBeLessThan(1024 * 1024);
    const before = await snapshot(t);
    const res = await upload(t, operator.token, [filePart(image, 'big.png', 'image/png')]);
    expect(res.status).toBe(413);
    expect(res.code).toBe(ErrorCode.FILE_TOO_LARGE.code);
    expect(res.message).toBe('文件过大：图片不能超过 0.5 MB');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a file over the general cap', async () => {
    const image = await noise(800, 800); // ~1.9 MB
    const before = await snapshot(t);
    const res = await upload(t, operator.token, [filePart(image, 'huge.png', 'image/png')]);
    expect(res.status).toBe(413);
    expect(res.code).toBe(ErrorCode.FILE_TOO_LARGE.code);
    expect(await snapshot(t)).toEqual(before);
  });

  it('takes an image just under the cap', async () => {
    const res = await upload(t, operator.token, [filePart(await makeJpeg(1200, 900), 'ok.jpg', 'image/jpeg')]);
    expect(res.code, res.message).toBe(0);
  });
});
