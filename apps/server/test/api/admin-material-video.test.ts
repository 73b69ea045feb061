import {
  ADMIN_REVIEW_API,
  ErrorCode,
  type TAdminMaterialResponse,
  ADMIN_MATERIAL_API,
  ADMIN_MATERIAL_PATHS,
  MATERIAL_API,
  pathUrl,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../src/db/schema/index.js';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import { createVideoProcessor } from '../../src/media/video-processor.js';
import { uploadStagingDir } from '../../src/modules/catalog/admin-material.service.js';
import { countRows } from '../helpers/accounts.js';
import {
  createTestOperator,
  filePart,
  filesUnder,
  multipartBody,
  storedFiles,
  type TestOperator,
} from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const VIDEOS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'seed-assets', 'videos');
const video = createVideoProcessor({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const NO_FFMPEG = '(skipped: ffmpeg/ffprobe not found on PATH — apt-get install ffmpeg to run it)';

function upload(t: TestApp, token: string, data: Buffer, filename: string, keywords?: string) {
  const body = multipartBody([
    ...(keywords ? [{ name: 'keywords', value: keywords }] : []),
    filePart(data, filename, 'video/mp4'),
  ]);
  return t.call<TAdminMaterialResponse>({
    method: 'POST',
    url: pathUrl(ADMIN_MATERIAL_PATHS.upload, {}),
    payload: body.payload,
    headers: body.headers,
    token,
  });
}

async function snapshot(t: TestApp) {
  return {
    files: storedFiles(t),
    materials: await countRows(t, 'materials'),
    jobs: await countRows(t, 'media_jobs'),
    staging: filesUnder(uploadStagingDir(t.app.deps)),
  };
}

/** ffprobe of a produced file, for checking what the pipeline made. */
function probe(path: string) {
  const out = execFileSync(
    video.ffprobePath!,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as {
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }>;
    format: { duration: string };
  };
}

describe('POST /api/admin/materials/upload — video with ffmpeg', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: TestOperator;
  const mp4 = readFileSync(join(VIDEOS, 'diamond-ring-1080p.mp4'));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-video-'));
    t = await buildTestApp({ dataDir });
    operator = await createTestOperator(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!video.available)(
    `takes an MP4: true size and duration, then a watermarked 640 px H.264 preview clip and a poster ${video.available ? '' : NO_FFMPEG}`,
    async () => {
      const res = await upload(t, operator.token, mp4, 'ring.mp4', '视频测试钻戒');
      expect(res.code, res.message).toBe(0);
      const material = res.data.material;
      expect(material).toMatchObject({
        format: 'video',
        status: 'processing',
        width: 1920,
        height: 1080,
        aspectRatio: '16:9',
        resolution: '1080p',
        // Long side 1920: standard, new-media and premium custom, not extended (2160).
        authTypes: [2, 3, 4],
        originalMime: 'video/mp4',
      });
      expect(material.durationMs).toBeGreaterThan(7900);
      expect(material.durationMs).toBeLessThan(8100);

      expect(await runNextMediaJob(t.app.deps)).toMatchObject({ outcome: 'done' });
      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, material.sid));
      expect(row).toMatchObject({ status: 'ready' });
      expect(row?.originalKey).toMatch(/^private\/materials\/.+\/original-[0-9a-f]{16}\.mp4$/);
      expect(row?.previewKey).toMatch(/^public\/materials\/.+\/preview-[0-9a-f]{16}\.mp4$/);

      // The preview clip: H.264, yuv420p, at most 640 px, no longer than the source, faststart.
      const root = (t.app.deps.storage as unknown as { root: string }).root;
      const clipPath = join(root, ...row!.previewKey!.split('/'));
      const info = probe(clipPath);
      const stream = info.streams.find((s) => s.codec_type === 'video')!;
      expect(stream).toMatchObject({ codec_name: 'h264', width: 640, height: 360, pix_fmt: 'yuv420p' });
      expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(false);
      expect(Number(info.format.duration)).toBeLessThanOrEqual(8.1);
      const clip = readFileSync(clipPath);
      expect(clip.indexOf('moov')).toBeLessThan(clip.indexOf('mdat'));

      // The clip carries the tiled mark: it differs from the same frame of the unmarked source.
      const frame = (path: string, size: string) =>
        execFileSync(
          video.ffmpegPath!,
          [
            '-v',
            'error',
            '-ss',
            '1',
            '-i',
            path,
            '-frames:v',
            '1',
            '-vf',
            `scale=${size}`,
            '-f',
            'rawvideo',
            '-pix_fmt',
            'gray',
            '-',
          ],
          {
            maxBuffer: 10 * 1024 * 1024,
          },
        );
      const marked = frame(clipPath, '640:360');
      const plain = frame(join(VIDEOS, 'diamond-ring-1080p.mp4'), '640:360');
      let diff = 0;
      for (let i = 0; i < marked.length; i += 1) diff += Math.abs(marked[i]! - plain[i]!);
      expect(diff / marked.length).toBeGreaterThan(2);

      // Poster renditions: the watermarked still is 1200 px wide, the thumbnail 480.
      const still = await t.app.inject({ method: 'GET', url: `/media/${row!.watermarkKey!.slice('public/'.length)}` });
      expect(await sharp(still.rawPayload).metadata()).toMatchObject({ width: 1200, height: 675 });
      // … and the small grid thumbnail 240, with the poster's dominant colour as the placeholder.
      const small = await t.app.inject({ method: 'GET', url: `/media/${row!.thumbSmallKey!.slice('public/'.length)}` });
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 240, height: 135 });
      expect(row!.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
      const served = await t.app.inject({
        method: 'GET',
        url: `/media/${row!.previewKey!.slice('public/'.length)}`,
        headers: { range: 'bytes=0-99' },
      });
      expect(served.statusCode).toBe(206);
      expect(served.headers['content-type']).toBe('video/mp4');

      // Once listed by review, buyers find it with its preview and video facts; the original stays private.
      const listed = await injectApi(t, ADMIN_REVIEW_API.list, {
        body: { sids: [material.sid] },
        token: operator.token,
      });
      expect(listed.code, listed.message).toBe(0);
      const search = await injectApi(t, MATERIAL_API.search, { query: { keyword: '视频测试钻戒' } });
      const found = search.data.materials.find((m) => m.sid === material.sid);
      expect(found?.previewUrl).toMatch(/^\/media\/materials\/.+\/preview-/);
      expect(found?.extra).toMatchObject({ aspect_ratio: '16:9', resolution: '1080p' });
      expect(search.raw).not.toContain('private/');
      const original = await t.app.inject({
        method: 'GET',
        url: `/media/${row!.originalKey.slice('private/'.length)}`,
      });
      expect(original.statusCode).toBe(404);
    },
  );

  it.skipIf(!video.available)(`takes a QuickTime MOV ('qt  ' brand) ${video.available ? '' : NO_FFMPEG}`, async () => {
    const mov = join(dataDir, 'clip.mov');
    execFileSync(video.ffmpegPath!, [
      '-v',
      'error',
      '-y',
      '-i',
      join(VIDEOS, 'ruby-gems-square.mp4'),
      '-c',
      'copy',
      '-f',
      'mov',
      mov,
    ]);
    const res = await upload(t, operator.token, readFileSync(mov), 'clip.mov');
    expect(res.code, res.message).toBe(0);
    expect(res.data.material).toMatchObject({
      originalMime: 'video/quicktime',
      width: 1080,
      height: 1080,
      aspectRatio: '1:1',
    });
    expect(await runNextMediaJob(t.app.deps)).toMatchObject({ outcome: 'done' });
    const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, res.data.material.sid));
    expect(row?.originalKey).toMatch(/\.mov$/);
  });

  it.skipIf(!video.available)(
    `reads a phone video's rotation: 1920×1080 stored, 1080×1920 shown ${video.available ? '' : NO_FFMPEG}`,
    async () => {
      const rotated = join(dataDir, 'rotated.mp4');
      execFileSync(video.ffmpegPath!, [
        '-v',
        'error',
        '-y',
        '-i',
        join(VIDEOS, 'diamond-ring-1080p.mp4'),
        '-c',
        'copy',
        '-metadata:s:v:0',
        'rotate=90',
        rotated,
      ]);
      const res = await upload(t, operator.token, readFileSync(rotated), 'portrait.mp4');
      expect(res.data.material).toMatchObject({ width: 1080, height: 1920, aspectRatio: '9:16' });
      expect(await runNextMediaJob(t.app.deps)).toMatchObject({ outcome: 'done' });
      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, res.data.material.sid));
      const root = (t.app.deps.storage as unknown as { root: string }).root;
      const stream = probe(join(root, ...row!.previewKey!.split('/'))).streams.find((s) => s.codec_type === 'video');
      expect(stream).toMatchObject({ width: 360, height: 640 });
    },
  );

  it.skipIf(!video.available)(
    `refuses a truncated MP4 and an MP4 header on garbage ${video.available ? '' : NO_FFMPEG}`,
    async () => {
      const before = await snapshot(t);
      const cut = await upload(t, operator.token, mp4.subarray(0, Math.floor(mp4.length * 0.7)), 'cut.mp4');
      expect(cut.status).toBe(422);
      expect(cut.code).toBe(ErrorCode.CORRUPT_FILE.code);
      expect(cut.message).toMatch(/视频已损坏或不完整/);
      const fake = await upload(
        t,
        operator.token,
        Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(5000, 0x20)]),
        'fake.mp4',
      );
      expect(fake.code).toBe(ErrorCode.CORRUPT_FILE.code);
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

describe('POST /api/admin/materials/upload — video without ffmpeg', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: TestOperator;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-noffmpeg-'));
    t = await buildTestApp({ dataDir, ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' });
    operator = await createTestOperator(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses video with a clear message instead of failing later, and says so up front', async () => {
    const config = await injectApi(t, ADMIN_MATERIAL_API.uploadConfig, { token: operator.token });
    expect(config.data.videoProcessing).toBe(false);

    const before = await snapshot(t);
    const res = await upload(t, operator.token, readFileSync(join(VIDEOS, 'pearl-necklace-720p.mp4')), 'pearl.mp4');
    expect(res.status).toBe(503);
    expect(res.code).toBe(ErrorCode.VIDEO_PROCESSING_UNAVAILABLE.code);
    expect(res.message).toMatch(/暂不支持视频处理（未安装 ffmpeg）/);
    expect(await snapshot(t)).toEqual(before);
  });
});
