import { ADMIN_REVIEW_API, type TAdminMaterialResponse } from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { materials, mediaJobs } from '../../src/db/schema/index.js';
import { MediaWorker, runNextMediaJob } from '../../src/jobs/media-worker.js';
import { claimNextMediaJob, finishMediaJob, insertMediaJob } from '../../src/modules/catalog/media-job.repository.js';
import { retryDelayMs } from '../../src/modules/catalog/media-job.service.js';
import {
  createTestOperator,
  filePart,
  makeJpeg,
  multipartBody,
  storedFiles,
  type TestOperator,
} from '../helpers/admin.js';
import { insertMaterial } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_MATERIAL_API, ADMIN_MATERIAL_PATHS, MATERIAL_API, pathUrl } from '@gemstock/contract';

describe('media jobs: claiming, retries, failure, the worker', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: TestOperator;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gemstock-jobs-'));
    t = await buildTestApp({ dataDir, mediaWorker: { enabled: false, maxAttempts: 2 } });
    operator = await createTestOperator(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.database.db.delete(mediaJobs);
  });

  /** A processing material whose original was never stored: every attempt fails. */
  async function brokenMaterial() {
    const row = await insertMaterial(t, {
      keywords: ['坏文件'],
      status: 'processing',
      thumbKey: null,
      coverKey: null,
      watermarkKey: null,
    });
    const job = await insertMediaJob(t.database.db, row.sid);
    return { sid: row.sid, jobId: job.id };
  }

  it('hands each due job to exactly one of several simultaneous claimers', async () => {
    const sids = [];
    for (let i = 0; i < 5; i += 1) sids.push((await brokenMaterial()).sid);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimNextMediaJob(t.database.db, 60_000)));
    const claimed = claims.filter((c) => c !== null).map((c) => c.materialSid);
    expect(claimed.sort()).toEqual([...sids].sort());
    expect(claims.filter((c) => c === null)).toHaveLength(3);
    const rows = await t.database.db.select().from(mediaJobs);
    expect(rows.every((r) => r.status === 'running' && r.attempts === 1 && r.lockedAt !== null)).toBe(true);
  });

  it('claims a running job again only once its lock is stale (its worker died)', async () => {
    const { jobId } = await brokenMaterial();
    expect((await claimNextMediaJob(t.database.db, 60_000))?.id).toBe(jobId);
    expect(await claimNextMediaJob(t.database.db, 60_000)).toBeNull();
    await t.database.db
      .update(mediaJobs)
      .set({ lockedAt: sql`now() - interval '2 hours'` })
      .where(eq(mediaJobs.id, jobId));
    const again = await claimNextMediaJob(t.database.db, 60_000);
    expect(again).toMatchObject({ id: jobId, attempts: 2 });
    // The first worker, back from the dead, can no longer finish the job it lost.
    expect(await finishMediaJob(t.database.db, { id: jobId, attempts: 1 }, { status: 'done' })).toBe(false);
    expect(await finishMediaJob(t.database.db, again!, { status: 'done' })).toBe(true);
  });

  it('retries a failing job later, then fails it and its material after the last attempt', async () => {
    const { sid, jobId } = await brokenMaterial();
    const first = await runNextMediaJob(t.app.deps);
    expect(first).toMatchObject({ outcome: 'retry', job: { id: jobId, attempts: 1 } });
    let [job] = await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.id, jobId));
    expect(job).toMatchObject({ status: 'queued', lockedAt: null });
    expect(job?.lastError).toMatch(/no such object/);
    expect(job!.runAfter.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);
    // Not due yet.
    expect(await runNextMediaJob(t.app.deps)).toBeNull();

    await t.database.db
      .update(mediaJobs)
      .set({ runAfter: sql`now() - interval '1 second'` })
      .where(eq(mediaJobs.id, jobId));
    const last = await runNextMediaJob(t.app.deps);
    expect(last).toMatchObject({ outcome: 'failed', job: { attempts: 2 } });
    [job] = await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.id, jobId));
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job?.finishedAt).toBeInstanceOf(Date);
    const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, sid));
    expect(row?.status).toBe('failed');

    const shown = await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: sid }, token: operator.token });
    expect(shown.data.material).toMatchObject({ status: 'failed', job: { status: 'failed', attempts: 2 } });
    expect(shown.data.material.job?.lastError).toMatch(/no such object/);
  });

  it('backs off 30 s, 2 min, 8 min … up to 30 min', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_800_000, 1_800_000]);
  });

  it('runs in the background: an upload becomes ready without anyone calling the job', async () => {
    const worker = new MediaWorker(t.app.deps, {
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      idleMs: 10_000,
    });
    worker.start();
    try {
      const body = multipartBody([filePart(await makeJpeg(1600, 1200), 'bg.jpg', 'image/jpeg')]);
      const res = await t.call<TAdminMaterialResponse>({
        method: 'POST',
        url: pathUrl(ADMIN_MATERIAL_PATHS.upload, {}),
        payload: body.payload,
        headers: body.headers,
        token: operator.token,
      });
      expect(res.code, res.message).toBe(0);
      // The upload wakes the idle worker at once (its poll interval here is 10 s).
      const deadline = Date.now() + 8_000;
      let status = res.data.material.status;
      while (status !== 'ready' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, res.data.material.sid));
        status = row!.status as typeof status;
      }
      expect(status).toBe('ready');
    } finally {
      await worker.stop();
    }
    // both thumbnails, cover and watermarked preview
    expect(storedFiles(t).filter((f) => f.startsWith('public/'))).toHaveLength(4);
  });

  it('a processed upload listed by review is searchable at once, even for a search already cached', async () => {
    const before = await injectApi(t, MATERIAL_API.search, { query: { keyword: '缓存测试' } });
    expect(before.data.materials).toEqual([]);
    const body = multipartBody([
      filePart(await makeJpeg(1700, 1275), 'fresh.jpg', 'image/jpeg'),
      { name: 'keywords', value: '缓存测试' },
    ]);
    const res = await t.call<TAdminMaterialResponse>({
      method: 'POST',
      url: pathUrl(ADMIN_MATERIAL_PATHS.upload, {}),
      payload: body.payload,
      headers: body.headers,
      token: operator.token,
    });
    expect(res.code, res.message).toBe(0);
    expect((await runNextMediaJob(t.app.deps))?.outcome).toBe('done');
    const listed = await injectApi(t, ADMIN_REVIEW_API.list, {
      body: { sids: [res.data.material.sid] },
      token: operator.token,
    });
    expect(listed.code, listed.message).toBe(0);
    const after = await injectApi(t, MATERIAL_API.search, { query: { keyword: '缓存测试' } });
    expect(after.data.materials.map((m) => m.sid)).toEqual([res.data.material.sid]);
  });
});
