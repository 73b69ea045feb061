import { ErrorCode, LICENCE_API } from '@gemstock/contract';
import { and, eq, like } from 'drizzle-orm';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloads, licences, mediaJobs } from '../../src/db/schema/index.js';
import type { LicenceRow } from '../../src/modules/licence/licence.repository.js';
import { tracedVideoKey } from '../../src/media/keys.js';
import type { VideoProcessor } from '../../src/media/video-processor.js';
import { TRACED_VIDEOS_OPEN_MAX } from '../../src/modules/licence/trace-delivery.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildPeerApp, buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A licence's marked video is a media job (`traced:<licence>`, docs/decisions/0049): whichever
 * server the downloads reach, each licence's copy is queued once and made once, the download
 * answering 4487 until it is stored; a failure is told once (4489); no more than
 * TRACED_VIDEOS_OPEN_MAX wait across the servers (4488). ffmpeg is a fake that writes a small file
 * naming the pattern it was given, shared by both servers here.
 */

const made: string[] = [];
let failing = false;
const fakeVideo: VideoProcessor = {
  available: true,
  ffmpegPath: null,
  ffprobePath: null,
  probe: async () => ({ width: 64, height: 36, durationMs: 2000, codec: 'h264', rotation: 0, hasAudio: true }),
  extractPoster: () => Promise.reject(new Error('not used')),
  makePreviewClip: () => Promise.reject(new Error('not used')),
  makeReframe: () => Promise.reject(new Error('not used')),
  async makeTracedVideo(input, output, options) {
    const pattern = await readFile(options.patternPath);
    made.push(pattern.subarray(0, 64 * 36).toString('hex'));
    if (failing) throw new Error('ffmpeg exited with code 1');
    await writeFile(output, `marked ${await readFile(input, 'utf8')}`);
  },
  // No frames: nothing to hash.
  rawFrames: async (_input, output) => writeFile(output, Buffer.alloc(0)),
  frameStill: () => Promise.reject(new Error('not used')),
};

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp({ mediaWorker: { enabled: false, maxAttempts: 1 } }, { video: fakeVideo });
  b = await buildPeerApp(a, { video: fakeVideo });
});
afterAll(async () => {
  await b.close();
  await a.close();
});
beforeEach(async () => {
  await a.database.db.delete(mediaJobs);
  made.length = 0;
  failing = false;
});

async function licensedVideo(companies = 1) {
  const [m] = await createMaterials(a, 1, { width: 64, height: 36, format: 'video' });
  const material = m!;
  await a.app.deps.storage.put(material.originalKey, Buffer.from(`original ${material.sid}`), 'video/mp4');
  const buyers: TestBuyer[] = [];
  for (let i = 0; i < companies; i += 1) {
    const buyer = await createCompanyBuyer(a);
    await fundWallet(a, buyer.sid, 1_000_000);
    const order = await placeOrder(a, buyer, { [material.sid]: material.authTypes[0]! });
    expect((await payByWallet(a, buyer, order.sid)).code).toBe(0);
    buyers.push(buyer);
  }
  const download = (server: TestApp, buyer = buyers[0]!) =>
    injectApi(server, LICENCE_API.materialDownload, { params: { id: material.sid }, token: buyer.token });
  const jobs = () =>
    a.database.db
      .select()
      .from(mediaJobs)
      .where(and(eq(mediaJobs.materialSid, material.sid), like(mediaJobs.kind, 'traced:%')))
      .orderBy(mediaJobs.id);
  return { material, buyers, download, jobs };
}

describe("a licence's marked video", () => {
  it('is queued once per licence whichever server is asked, made once, then served to that licence only', async () => {
    const video = await licensedVideo(2);
    const [first, second] = video.buyers;
    const answers = await Promise.all([
      video.download(a, first),
      video.download(b, first),
      video.download(a, first),
      video.download(b, second),
    ]);
    expect(answers.map((r) => r.code)).toEqual(Array(4).fill(ErrorCode.TRACE_VIDEO_PREPARING.code));
    expect(answers[0]!.status).toBe(409);
    const licenceOf = async (buyer: TestBuyer): Promise<LicenceRow> => {
      const [row] = await a.database.db.select().from(licences).where(eq(licences.ownerSid, buyer.sid));
      return row!;
    };
    const firstLicence = await licenceOf(first!);
    const secondLicence = await licenceOf(second!);
    expect((await video.jobs()).map((j) => j.kind).sort()).toEqual(
      [`traced:${firstLicence.sid}`, `traced:${secondLicence.sid}`].sort(),
    );
    // Nothing was downloaded yet: no record, no licence counted as delivered.
    expect(await a.database.db.select().from(downloads).where(eq(downloads.materialSid, video.material.sid))).toEqual(
      [],
    );

    const outcomes = [
      ...(await a.app.services.licences.runDueTracedVideos()),
      ...(await b.app.services.licences.runDueTracedVideos()),
    ];
    expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done']);
    // Two licences, two different patterns.
    expect(made).toHaveLength(2);
    expect(made[0]).not.toBe(made[1]);

    const link = await video.download(b, first);
    expect(link.code).toBe(0);
    const file = await b.app.inject({ method: 'GET', url: link.data.url });
    expect(file.body).toBe(`marked original ${video.material.sid}`);
    expect(link.data.url).toContain(
      encodeURIComponent(tracedVideoKey(video.material.sid, firstLicence.sid, video.material.originalKey)),
    );
    expect((await video.download(a, second)).code).toBe(0);
    expect(made).toHaveLength(2);
  });

  it('a failed copy is told once (4489), then the next download queues it again', async () => {
    const video = await licensedVideo();
    failing = true;
    expect((await video.download(a)).code).toBe(ErrorCode.TRACE_VIDEO_PREPARING.code);
    expect((await b.app.services.licences.runDueTracedVideos()).map((o) => o.outcome)).toEqual(['failed']);
    const told = await video.download(a);
    expect(told.code).toBe(ErrorCode.TRACE_VIDEO_FAILED.code);
    expect(told.status).toBe(502);
    failing = false;
    expect((await video.download(b)).code).toBe(ErrorCode.TRACE_VIDEO_PREPARING.code);
    expect((await a.app.services.licences.runDueTracedVideos()).map((o) => o.outcome)).toEqual(['done']);
    expect((await video.download(b)).code).toBe(0);
  });

  it(`at most ${TRACED_VIDEOS_OPEN_MAX} wait across the servers: one more is refused (4488) and nothing queued`, async () => {
    const videos = [];
    for (let i = 0; i <= TRACED_VIDEOS_OPEN_MAX; i += 1) videos.push(await licensedVideo());
    for (const [i, video] of videos.entries()) {
      const answer = await video.download(i % 2 ? a : b);
      expect(answer.code).toBe(
        i < TRACED_VIDEOS_OPEN_MAX ? ErrorCode.TRACE_VIDEO_PREPARING.code : ErrorCode.TRACE_VIDEO_QUEUE_FULL.code,
      );
    }
    const open = await a.database.db.select().from(mediaJobs).where(like(mediaJobs.kind, 'traced:%'));
    expect(open).toHaveLength(TRACED_VIDEOS_OPEN_MAX);
    expect(await videos.at(-1)!.jobs()).toEqual([]);
  });
});
