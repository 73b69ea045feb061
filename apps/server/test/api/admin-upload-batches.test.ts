import {
  ADMIN_MATERIAL_PATHS,
  ADMIN_REVIEW_API,
  ADMIN_UPLOAD_BATCH_API,
  ErrorCode,
  type TAdminMaterialResponse,
  type TUploadBatch,
} from '@gemstock/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextMediaJob } from '../../src/jobs/media-worker.js';
import { countRows } from '../helpers/accounts.js';
import { createTestOperator, filePart, makeJpeg, multipartBody, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * Upload batches kept on the server (docs/decisions/0030): every file picked has a row from the
 * start, and the row says what became of it — whatever page the operator left.
 */

let t: TestApp;
let dataDir: string;
let operator: TestOperator;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gemstock-batches-'));
  t = await buildTestApp({ dataDir });
  operator = await createTestOperator(t, '上传运营', ['content']);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends one file of a batch as the console does: the batch file's sid first, then the bytes. */
function send(fileSid: string, bytes: Buffer, name = 'photo.jpg') {
  const body = multipartBody([{ name: 'batch_file', value: fileSid }, filePart(bytes, name, 'image/jpeg')]);
  return t.call<TAdminMaterialResponse>({
    method: 'POST',
    url: ADMIN_MATERIAL_PATHS.upload,
    payload: body.payload,
    headers: body.headers,
    token: operator.token,
  });
}

async function batchOf(sid: string): Promise<TUploadBatch> {
  const res = await injectApi(t, ADMIN_UPLOAD_BATCH_API.detail, { params: { id: sid }, token: operator.token });
  expect(res.code, res.message).toBe(0);
  return res.data.batch;
}

async function processAll() {
  while (await runNextMediaJob(t.app.deps));
}

describe('an upload batch', () => {
  let batch: TUploadBatch;
  let firstBytes: Buffer;

  it('starts with a row per file picked, each 上传中, in the order picked', async () => {
    const res = await injectApi(t, ADMIN_UPLOAD_BATCH_API.create, {
      body: {
        keywords: ['批次戒指'],
        files: [
          { name: 'a.jpg', bytes: 1000 },
          { name: 'b.jpg', bytes: 2000 },
          { name: 'c.jpg', bytes: 3000 },
          { name: 'd.jpg', bytes: 4000 },
        ],
      },
      token: operator.token,
    });
    expect(res.code, res.message).toBe(0);
    batch = res.data.batch;
    expect(batch).toMatchObject({ operatorName: '上传运营', fileCount: 4, state: 'active', keywords: ['批次戒指'] });
    expect(batch.files.map((f) => [f.name, f.status, f.canCancel, f.canRetry])).toEqual([
      ['a.jpg', 'uploading', true, false],
      ['b.jpg', 'uploading', true, false],
      ['c.jpg', 'uploading', true, false],
      ['d.jpg', 'uploading', true, false],
    ]);
    expect(batch.counts.uploading).toBe(4);
  });

  it('records each file as it goes: received (with the batch keywords), a duplicate naming the original, a refusal with its reason, a cancel', async () => {
    const [a, b, c, d] = batch.files;
    firstBytes = await makeJpeg(2000, 1500);
    const sent = await send(a!.sid, firstBytes, 'a.jpg');
    expect(sent.code, sent.message).toBe(0);
    expect(sent.data.material.keywords).toEqual(['批次戒指']);

    const duplicate = await send(b!.sid, firstBytes, 'b.jpg');
    expect(duplicate.code).toBe(ErrorCode.MATERIAL_DUPLICATE.code);

    const broken = await send(c!.sid, Buffer.concat([firstBytes.subarray(0, 4000)]), 'c.jpg');
    expect(broken.code).toBe(ErrorCode.CORRUPT_FILE.code);

    const cancelled = await injectApi(t, ADMIN_UPLOAD_BATCH_API.cancelFile, {
      params: { id: batch.sid, fileId: d!.sid },
      token: operator.token,
    });
    expect(cancelled.code, cancelled.message).toBe(0);
    expect(cancelled.data.file).toMatchObject({ status: 'cancelled', canCancel: false, canRetry: true });

    const now = await batchOf(batch.sid);
    const byName = new Map(now.files.map((f) => [f.name, f]));
    expect(byName.get('a.jpg')).toMatchObject({
      status: 'processing',
      material: { sid: sent.data.material.sid },
      canCancel: false,
      canRetry: false,
    });
    expect(byName.get('b.jpg')).toMatchObject({
      status: 'duplicate',
      duplicateOf: sent.data.material.sid,
      canRetry: false,
      material: null,
    });
    expect(byName.get('b.jpg')?.reason).toContain(sent.data.material.sid);
    expect(byName.get('c.jpg')).toMatchObject({ status: 'failed', canRetry: true, canCancel: true });
    expect(byName.get('c.jpg')?.reason).toContain('损坏');
    expect(now.counts).toMatchObject({ processing: 1, duplicate: 1, failed: 1, cancelled: 1, uploading: 0 });
    expect(now.state).toBe('active');
  });

  it('follows its material through processing and review, and is done when nothing is on its way', async () => {
    await processAll();
    let now = await batchOf(batch.sid);
    const a = now.files.find((f) => f.name === 'a.jpg')!;
    expect(a.status).toBe('pending_review');
    expect(now.state).toBe('done');

    // The review queue narrowed to this batch holds exactly its one material.
    const queue = await injectApi(t, ADMIN_REVIEW_API.queue, { query: { batch: batch.sid }, token: operator.token });
    expect(queue.data.materials.map((m) => m.sid)).toEqual([a.material!.sid]);

    await injectApi(t, ADMIN_REVIEW_API.reject, {
      body: { sids: [a.material!.sid], reason: '背景不干净' },
      token: operator.token,
    });
    now = await batchOf(batch.sid);
    expect(now.files.find((f) => f.name === 'a.jpg')).toMatchObject({ status: 'rejected', reason: '背景不干净' });
    expect(now.counts).toMatchObject({ rejected: 1, duplicate: 1, failed: 1, cancelled: 1 });
  });

  it('a failed or cancelled file is sent again (重试); a received one can be neither cancelled nor sent again', async () => {
    const files = new Map(batch.files.map((f) => [f.name, f]));
    const retried = await send(files.get('c.jpg')!.sid, await makeJpeg(2100, 1500), 'c.jpg');
    expect(retried.code, retried.message).toBe(0);
    const again = await send(files.get('d.jpg')!.sid, await makeJpeg(2200, 1500), 'd.jpg');
    expect(again.code, again.message).toBe(0);

    const materialsBefore = await countRows(t, 'materials');
    const resend = await send(files.get('a.jpg')!.sid, await makeJpeg(2300, 1500), 'a.jpg');
    expect(resend.code).toBe(ErrorCode.UPLOAD_FILE_DONE.code);
    expect(await countRows(t, 'materials')).toBe(materialsBefore);
    const cancel = await injectApi(t, ADMIN_UPLOAD_BATCH_API.cancelFile, {
      params: { id: batch.sid, fileId: files.get('a.jpg')!.sid },
      token: operator.token,
    });
    expect(cancel.code).toBe(ErrorCode.UPLOAD_FILE_NOT_CANCELLABLE.code);

    const now = await batchOf(batch.sid);
    expect(now.counts).toMatchObject({ processing: 2, rejected: 1, duplicate: 1, failed: 0, cancelled: 0 });
  });

  it('is listed newest first with its state and counts, after the page that made it is gone', async () => {
    const later = await injectApi(t, ADMIN_UPLOAD_BATCH_API.create, {
      body: { files: [{ name: 'z.jpg', bytes: 10 }] },
      token: operator.token,
    });
    const list = await injectApi(t, ADMIN_UPLOAD_BATCH_API.list, { query: { page_size: 1 }, token: operator.token });
    expect(list.code, list.message).toBe(0);
    expect(list.data.batches.map((b) => b.sid)).toEqual([later.data.batch.sid]);
    const next = await injectApi(t, ADMIN_UPLOAD_BATCH_API.list, {
      query: { page_size: 1, cursor: list.data.nextCursor! },
      token: operator.token,
    });
    expect(next.data.batches[0]).toMatchObject({
      sid: batch.sid,
      fileCount: 4,
      state: 'active',
      counts: { processing: 2, rejected: 1, duplicate: 1 },
    });
  });

  it('refuses a file of no batch, and a batch file sid after the bytes', async () => {
    const unknown = await send('nosuchbatchfile1', await makeJpeg(1000, 800));
    expect(unknown.code).toBe(ErrorCode.UPLOAD_FILE_NOT_FOUND.code);
    const missing = await injectApi(t, ADMIN_UPLOAD_BATCH_API.detail, {
      params: { id: 'nosuchbatch00001' },
      token: operator.token,
    });
    expect(missing.code).toBe(ErrorCode.UPLOAD_BATCH_NOT_FOUND.code);
  });
});
