import { ADMIN_MATERIAL_API, ChannelPreset, ErrorCode, LICENCE_API } from '@gemstock/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloads, mediaJobs } from '../../src/db/schema/index.js';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import type { LocalDiskStorage } from '../../src/media/storage.js';
import type { VideoProcessor } from '../../src/media/video-processor.js';
import { claimNextMediaJob, finishMediaJob } from '../../src/modules/catalog/media-job.repository.js';
import { REFRAME_STALE_MS, REFRAMES_OPEN_MAX } from '../../src/modules/licence/channel-cut.service.js';
import { createTestOperator } from '../helpers/admin.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildPeerApp, buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A licensed video's reframes are media jobs in the database (docs/decisions/0046): whichever
 * server a download reaches, one material's reframe of one size is queued once and made once, a
 * restart does not forget it, and a server that dies while making it does not lose it. ffmpeg is
 * replaced by a fake that writes a small file and counts what it was asked for, shared by every
 * server here, so the counts are the shop's.
 */

const VIDEO_WIDTH = 1920;
const VIDEO_HEIGHT = 2160;

const made: string[] = [];
let failing = false;
const fakeVideo: VideoProcessor = {
  available: true,
  ffmpegPath: null,
  ffprobePath: null,
  probe: () => Promise.reject(new Error('not used')),
  extractPoster: () => Promise.reject(new Error('not used')),
  makePreviewClip: () => Promise.reject(new Error('not used')),
  makeTracedVideo: () => Promise.reject(new Error('not used')),
  rawFrames: () => Promise.reject(new Error('not used')),
  frameStill: () => Promise.reject(new Error('not used')),
  async makeReframe(input, output, options) {
    made.push(`${options.width}x${options.height}`);
    if (failing) throw new Error('ffmpeg exited with code 1');
    await writeFile(output, `reframe ${options.width}x${options.height} of ${await readFile(input, 'utf8')}`);
  },
};

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp({ mediaWorker: { enabled: false, maxAttempts: 2 } }, { video: fakeVideo });
  b = await buildPeerApp(a, { video: fakeVideo });
});
afterAll(async () => {
  await b.close();
  await a.close();
});
beforeEach(async () => {
  // Jobs of earlier tests (other materials) would count against the cap.
  await a.database.db.delete(mediaJobs);
  made.length = 0;
  failing = false;
});

async function licensedVideo() {
  const buyer = await createCompanyBuyer(a);
  await fundWallet(a, buyer.sid, 1_000_000);
  const [m] = await createMaterials(a, 1, { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, format: 'video' });
  const material = m!;
  await a.app.deps.storage.put(material.originalKey, Buffer.from(`original ${material.sid}`), 'video/mp4');
  const order = await placeOrder(a, buyer, {
    [material.sid]: material.authTypes.includes(2) ? 2 : material.authTypes[0]!,
  });
  expect((await payByWallet(a, buyer, order.sid)).code).toBe(0);
  const download = (server: TestApp, preset: ChannelPreset) =>
    injectApi(server, LICENCE_API.materialDownload, {
      params: { id: material.sid },
      query: { preset },
      token: buyer.token,
    });
  const preparing = async (server: TestApp) =>
    (await injectApi(server, LICENCE_API.channelCuts, { params: { id: material.sid }, token: buyer.token })).data.cuts
      .filter((c) => c.preparing)
      .map((c) => c.preset);
  const jobs = () =>
    a.database.db
      .select()
      .from(mediaJobs)
      .where(and(eq(mediaJobs.materialSid, material.sid), like(mediaJobs.kind, 'reframe:%')))
      .orderBy(mediaJobs.id);
  const counted = async () =>
    (await a.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid))).map((r) => r.preset);
  /** The reframes stored for the material, as files in the shared storage. */
  const storedCuts = async () => {
    const dir = dirname((a.app.deps.storage as LocalDiskStorage).pathOf(material.originalKey));
    return (await readdir(dir)).filter((f) => f.startsWith('cut-video-')).sort();
  };
  return { material, download, preparing, jobs, counted, storedCuts };
}

describe('reframes as media jobs shared by every server', () => {
  it('two servers asked at once for the same reframes queue one job per size and make one file each', async () => {
    const video = await licensedVideo();
    const asked = await Promise.all([
      video.download(a, ChannelPreset.DOUYIN),
      video.download(b, ChannelPreset.DOUYIN),
      video.download(a, ChannelPreset.DOUYIN),
      video.download(b, ChannelPreset.DOUYIN),
      video.download(a, ChannelPreset.TMALL),
      video.download(b, ChannelPreset.JD),
    ]);
    expect(asked.map((r) => r.code)).toEqual(Array(6).fill(ErrorCode.PRESET_PREPARING.code));
    // 天猫 and 京东 share the 800 × 800 file: one job between them.
    expect((await video.jobs()).map((j) => [j.kind, j.status])).toEqual(
      expect.arrayContaining([
        ['reframe:1080x1920', 'queued'],
        ['reframe:800x800', 'queued'],
      ]),
    );
    expect(await video.jobs()).toHaveLength(2);
    // Either server's list says they are being made.
    for (const server of [a, b]) expect((await video.preparing(server)).sort()).toEqual(['douyin', 'jd', 'tmall']);
    // The renditions worker leaves them to the reframe worker, and the console's state of the
    // material's files is not a buyer's reframe.
    expect(await runNextMediaJob(a.app.deps)).toBeNull();
    const operator = await createTestOperator(a);
    const shown = await injectApi(a, ADMIN_MATERIAL_API.detail, {
      params: { id: video.material.sid },
      token: operator.token,
    });
    expect(shown.data.material.job).toBeNull();

    const outcomes = (
      await Promise.all([a.app.services.licences.runDueReframes(), b.app.services.licences.runDueReframes()])
    ).flat();
    expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done']);
    expect(made.sort()).toEqual(['1080x1920', '800x800']);
    expect(await video.storedCuts()).toHaveLength(2);
    expect((await video.jobs()).every((j) => j.status === 'done')).toBe(true);

    // Stored: either server hands it over, and each download is a download of the licence.
    for (const [server, preset] of [
      [b, ChannelPreset.DOUYIN],
      [a, ChannelPreset.JD],
    ] as const) {
      const res = await video.download(server, preset);
      expect(res.code, preset).toBe(0);
      const file = await a.app.inject({ method: 'GET', url: res.data.url });
      expect(file.body).toContain(`of original ${video.material.sid}`);
    }
    expect((await video.counted()).sort()).toEqual(['douyin', 'jd']);
    expect(await video.preparing(a)).toEqual([]);
    expect(made).toHaveLength(2);
  });

  it(`refuses a new reframe with 4424 while ${REFRAMES_OPEN_MAX} are waiting or running on any server, nothing queued`, async () => {
    const video = await licensedVideo();
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    const others = await createMaterials(a, REFRAMES_OPEN_MAX - 1, { format: 'video' });
    await a.database.db.insert(mediaJobs).values(others.map((m) => ({ materialSid: m.sid, kind: 'reframe:800x800' })));

    const full = await video.download(b, ChannelPreset.TMALL);
    expect(full.code).toBe(ErrorCode.PRESET_QUEUE_FULL.code);
    expect(full.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await video.jobs()).map((j) => j.kind)).toEqual(['reframe:1080x1920']);
    // A reframe already queued is still answered as being made, not refused.
    expect((await video.download(b, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);

    // One of them done: room again.
    await a.database.db
      .update(mediaJobs)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(mediaJobs.materialSid, others[0]!.sid));
    expect((await video.download(b, ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    expect((await video.jobs()).map((j) => j.kind)).toEqual(['reframe:1080x1920', 'reframe:800x800']);
    expect(await video.counted()).toEqual([]);
  });

  it('a reframe left running by a server that died is taken over once its claim is stale, and finished', async () => {
    const video = await licensedVideo();
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    // The server that claimed it dies before making it.
    const lost = await claimNextMediaJob(a.database.db, REFRAME_STALE_MS, 'reframe:%');
    expect(lost).toMatchObject({ materialSid: video.material.sid, status: 'running', attempts: 1 });

    // While its claim is fresh nobody else takes it, and the buyer is told it is being made.
    expect(await b.app.services.licences.runDueReframes()).toEqual([]);
    expect((await video.download(b, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);

    await a.database.db
      .update(mediaJobs)
      .set({ lockedAt: sql`clock_timestamp() - make_interval(secs => ${REFRAME_STALE_MS / 1000 + 60})` })
      .where(eq(mediaJobs.id, lost!.id));
    const outcomes = await b.app.services.licences.runDueReframes();
    expect(outcomes.map((o) => [o.job.id, o.job.attempts, o.outcome])).toEqual([[lost!.id, 2, 'done']]);
    expect(made).toEqual(['1080x1920']);
    // The dead server, were it to come back, can no longer finish what it lost.
    expect(await finishMediaJob(a.database.db, lost!, { status: 'failed', lastError: 'late' })).toBe(false);
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(0);
  });

  it('a reframe queued before a restart is made after it', async () => {
    const video = await licensedVideo();
    const before = await buildPeerApp(a, { video: fakeVideo });
    expect((await video.download(before, ChannelPreset.TMALL)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    await before.close();
    expect(made).toEqual([]);

    const after = await buildPeerApp(a, { video: fakeVideo });
    try {
      expect(await video.preparing(after)).toEqual(['tmall', 'jd']);
      expect((await after.app.services.licences.runDueReframes()).map((o) => o.outcome)).toEqual(['done']);
      expect(made).toEqual(['800x800']);
      expect((await video.download(after, ChannelPreset.TMALL)).code).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('a failing reframe is retried with back-off while the buyer is told it is being made, then told once (4425), then may be tried again', async () => {
    const video = await licensedVideo();
    failing = true;
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    expect((await a.app.services.licences.runDueReframes()).map((o) => o.outcome)).toEqual(['retry']);
    expect((await video.download(b, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    // Not due before its back-off.
    expect(await b.app.services.licences.runDueReframes()).toEqual([]);
    await a.database.db
      .update(mediaJobs)
      .set({ runAfter: sql`clock_timestamp() - interval '1 second'` })
      .where(eq(mediaJobs.materialSid, video.material.sid));
    expect((await b.app.services.licences.runDueReframes()).map((o) => o.outcome)).toEqual(['failed']);
    const [failed] = await video.jobs();
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, reportedAt: null });
    expect(failed!.lastError).toContain('ffmpeg exited');

    // Told once, by whichever server is asked; the next download queues it again.
    expect((await video.download(b, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_VIDEO_FAILED.code);
    expect(await video.preparing(a)).toEqual([]);
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(ErrorCode.PRESET_PREPARING.code);
    expect((await video.jobs()).map((j) => j.status)).toEqual(['failed', 'queued']);

    failing = false;
    expect((await a.app.services.licences.runDueReframes()).map((o) => o.outcome)).toEqual(['done']);
    expect((await video.download(a, ChannelPreset.DOUYIN)).code).toBe(0);
    expect(made).toEqual(['1080x1920', '1080x1920', '1080x1920']);
    expect(await video.counted()).toEqual(['douyin']);
  });
});
