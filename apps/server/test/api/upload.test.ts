import {
  UPLOAD_API,
  UPLOAD_LIMITS,
  UPLOAD_PATHS,
  UPLOAD_POLICY_TTL_SECONDS,
  type TUploadTokenResponse,
} from '@gemstock/contract';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../../src/config.js';
import { directUploads } from '../../src/db/schema/index.js';
import { signingKey } from '../../src/media/s3-signer.js';
import { pageDirectives, uploadOriginOf } from '../../src/plugins/security-headers.js';
import { presignS3Post } from '../../src/modules/upload/s3-post-policy.js';
import {
  assertUsableUpload,
  issueUploadCredentials,
  markUploadsUsed,
  purgeUnusedUploads,
  signedUploadUrl,
} from '../../src/modules/upload/upload.service.js';
import { findUserBySid } from '../../src/modules/user/user.repository.js';
import { filePart, makeImage, makeJpeg, multipartBody, storedFiles } from '../helpers/admin.js';
import { countRows } from '../helpers/accounts.js';
import { createBuyer, daysAgo, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  jpeg = await makeJpeg(800, 600);
});
afterAll(async () => t.close());

let ipCounter = 0;
/** Each call from its own address, so the per-address upload limit never trips by accident. */
function ip(): string {
  ipCounter += 1;
  return `10.42.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function token(
  buyer: TestBuyer,
  purpose: 'product' | 'logo' | 'reference' = 'product',
  /** null: credentials for any accepted type. */
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | null = 'image/jpeg',
): Promise<TUploadTokenResponse> {
  const res = await injectApi(t, UPLOAD_API.token, {
    query: { purpose, ...(contentType ? { content_type: contentType } : {}) },
    token: buyer.token,
    remoteAddress: ip(),
  });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

/** POSTs the form the way a browser does: every field, then the file. */
function upload(
  credentials: Pick<TUploadTokenResponse, 'upload_url' | 'fields'>,
  data: Buffer,
  options: { filename?: string; fileType?: string; fields?: Record<string, string> } = {},
) {
  const fields = options.fields ?? credentials.fields;
  const body = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    filePart(data, options.filename ?? 'photo.jpg', options.fileType ?? fields['Content-Type'] ?? 'image/jpeg'),
  ]);
  return t.call({ method: 'POST', url: credentials.upload_url, ...body, remoteAddress: ip() });
}

function check(buyer: TestBuyer, key: string, purpose: 'product' | 'logo' | 'reference' = 'product') {
  return injectApi(t, UPLOAD_API.check, { body: { key, purpose }, token: buyer.token, remoteAddress: ip() });
}

function uploadFiles(): string[] {
  return storedFiles(t).filter((f) => f.startsWith('private/uploads/'));
}

describe('GET /api/common/oss_sts_token', () => {
  it('needs a signed-in buyer and a known purpose', async () => {
    const anonymous = await t.call({ method: 'GET', url: `${UPLOAD_API.token.path}?purpose=product` });
    expect(anonymous.code).toBe(1000);
    const buyer = await createBuyer(t);
    const bad = await t.call({ method: 'GET', url: `${UPLOAD_API.token.path}?purpose=avatar`, token: buyer.token });
    expect(bad.code).toBe(1001);
    const badType = await t.call({
      method: 'GET',
      url: `${UPLOAD_API.token.path}?purpose=logo&content_type=image/gif`,
      token: buyer.token,
    });
    expect(badType.code).toBe(1001);
  });

  it('answers a signed local target for one key under the account prefix, for at most 15 minutes', async () => {
    const buyer = await createBuyer(t);
    const before = Date.now();
    const cred = await token(buyer, 'logo', 'image/png');
    expect(cred.upload_url).toBe(UPLOAD_PATHS.local);
    expect(cred.key).toMatch(new RegExp(`^private/uploads/${buyer.sid}/logo/[a-f0-9]{32}\\.png$`));
    expect(cred.max_bytes).toBe(UPLOAD_LIMITS.logo.maxBytes);
    expect(cred.content_types).toEqual(['image/png']);
    expect(Object.keys(cred.fields).sort()).toEqual(['Content-Type', 'key', 'policy', 'x-gemstock-signature']);
    expect(cred.fields.key).toBe(cred.key);
    const ttl = Date.parse(cred.expires_at) - before;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(UPLOAD_POLICY_TTL_SECONDS * 1000 + 1000);
    expect(UPLOAD_POLICY_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
    const policy = JSON.parse(Buffer.from(cred.fields.policy!, 'base64url').toString('utf8'));
    expect(policy).toMatchObject({ key: cred.key, contentTypes: ['image/png'], maxBytes: UPLOAD_LIMITS.logo.maxBytes });

    const anyType = await token(buyer, 'product', null);
    expect(anyType.key).toMatch(/\/product\/[a-f0-9]{32}$/);
    expect(anyType.content_types).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });
});

describe('limits per client address', () => {
  it('refuses a burst of credential requests from one address', async () => {
    const buyer = await createBuyer(t);
    const address = '10.43.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await injectApi(t, UPLOAD_API.token, {
        query: { purpose: 'reference' },
        token: buyer.token,
        remoteAddress: address,
      });
      codes.push(res.code);
    }
    expect(codes.slice(0, 30).every((c) => c === 0)).toBe(true);
    expect(codes[30]).toBe(1009);
  });
});

describe('the local upload target and the check', () => {
  it('stores a real image and the check answers its facts; a second check does not read it again', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product');
    const res = await upload(cred, jpeg);
    expect(res.status, res.raw).toBe(204);
    expect(uploadFiles()).toContain(cred.key);

    const checked = await check(buyer, cred.key);
    expect(checked.code, checked.message).toBe(0);
    expect(checked.data).toEqual({
      key: cred.key,
      width: 800,
      height: 600,
      bytes: jpeg.length,
      content_type: 'image/jpeg',
    });

    // Once the credentials are over nothing can replace the file: the remembered facts are used.
    await t.database.db
      .update(directUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(directUploads.key, cred.key));
    await t.app.deps.storage.delete(cred.key);
    const user = (await findUserBySid(t.database.db, buyer.sid))!;
    const again = await assertUsableUpload(t.app.deps, user, cred.key, 'product');
    expect(again).toEqual({ key: cred.key, contentType: 'image/jpeg', width: 800, height: 600, bytes: jpeg.length });
  });

  it('takes PNG and WebP for a key issued without a type', async () => {
    const buyer = await createBuyer(t);
    for (const format of ['png', 'webp'] as const) {
      const cred = await token(buyer, 'reference', null);
      const data = await makeImage(format, 400, 300);
      const res = await upload(cred, data, { filename: `ref.${format}`, fileType: `image/${format}` });
      expect(res.status, res.raw).toBe(204);
      const checked = await check(buyer, cred.key, 'reference');
      expect(checked.data.content_type).toBe(`image/${format}`);
    }
  });

  it('refuses a text file named .jpg, storing nothing', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product');
    const before = uploadFiles();
    const res = await upload(cred, Buffer.from('this is not a picture, only text '.repeat(20)), {
      filename: 'fake.jpg',
    });
    expect(res.code).toBe(4200);
    expect(res.message).toMatch(/图片/);
    expect(uploadFiles()).toEqual(before);
    const checked = await check(buyer, cred.key);
    expect(checked.code).toBe(4205);
    expect(checked.message).toContain('文件未上传或已失效');
  });

  it('refuses a type the credentials do not allow', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product', 'image/jpeg');
    const png = await makeImage('png', 400, 400);
    const res = await upload(cred, png, {
      fields: { ...cred.fields, 'Content-Type': 'image/png' },
      fileType: 'image/png',
    });
    expect(res.code).toBe(4200);
    const gif = await upload(cred, jpeg, { fields: { ...cred.fields, 'Content-Type': 'image/gif' } });
    expect(gif.code).toBe(4200);
    expect(uploadFiles()).not.toContain(cred.key);
  });

  it('refuses a file over the purpose cap before writing it', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'logo');
    const big = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_LIMITS.logo.maxBytes + 10 - jpeg.length, 7)]);
    const before = storedFiles(t);
    const res = await upload(cred, big);
    expect(res.code).toBe(4201);
    expect(res.message).toContain('5 MB');
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses expired credentials', async () => {
    const buyer = await createBuyer(t);
    const user = (await findUserBySid(t.database.db, buyer.sid))!;
    const old = await issueUploadCredentials(
      t.app.deps,
      user,
      'product',
      'image/jpeg',
      new Date(Date.now() - 16 * 60_000),
    );
    const res = await upload(old, jpeg);
    expect(res.code).toBe(4202);
    expect(res.message).toContain('过期');
    expect(uploadFiles()).not.toContain(old.key);
  });

  it('refuses a tampered policy, signature or key, and a second file on the same credentials', async () => {
    const buyer = await createBuyer(t);
    const other = await createBuyer(t);
    const cred = await token(buyer, 'product');
    const policy = JSON.parse(Buffer.from(cred.fields.policy!, 'base64url').toString('utf8'));

    const longer = Buffer.from(JSON.stringify({ ...policy, maxBytes: 1e9, exp: policy.exp + 3600 })).toString(
      'base64url',
    );
    expect((await upload(cred, jpeg, { fields: { ...cred.fields, policy: longer } })).code).toBe(4203);
    const sig = cred.fields['x-gemstock-signature']!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await upload(cred, jpeg, { fields: { ...cred.fields, 'x-gemstock-signature': flipped } })).code).toBe(4203);
    const { 'x-gemstock-signature': _dropped, ...unsigned } = cred.fields;
    expect((await upload(cred, jpeg, { fields: unsigned })).code).toBe(4203);
    expect((await upload(cred, jpeg, { fields: { ...cred.fields, extra: '1' } })).code).toBe(4203);

    // Into another account's prefix: the key field no longer matches the signed policy.
    const foreignKey = cred.key.replace(buyer.sid, other.sid);
    const foreign = await upload(cred, jpeg, { fields: { ...cred.fields, key: foreignKey } });
    expect(foreign.code).toBe(4204);
    expect(foreign.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(uploadFiles().some((f) => f.includes(other.sid))).toBe(false);
    expect(uploadFiles()).not.toContain(cred.key);

    expect((await upload(cred, jpeg)).status).toBe(204);
    const replaced = await upload(cred, await makeJpeg(900, 900));
    expect(replaced.code).toBe(4203);
    expect((await check(buyer, cred.key)).data.width).toBe(800);
  });

  it('takes exactly one of 10 concurrent uploads on the same credentials', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product');
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => makeJpeg(400 + i * 10, 400)));
    const results = await Promise.all(files.map((f) => upload(cred, f)));
    expect(results.filter((r) => r.status === 204)).toHaveLength(1);
    expect(results.filter((r) => r.code === 4203)).toHaveLength(9);
    const checked = await check(buyer, cred.key);
    expect(checked.code).toBe(0);
    expect(files.some((f) => f.length === checked.data.bytes)).toBe(true);
  });

  it('lets the same credentials try again after a refused file', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product');
    expect((await upload(cred, Buffer.from('not an image at all, just some words'))).code).toBe(4200);
    expect((await upload(cred, jpeg)).status).toBe(204);
  });

  it('refuses a check of another account’s key, of another purpose, or of a key never issued', async () => {
    const owner = await createBuyer(t);
    const stranger = await createBuyer(t);
    const cred = await token(owner, 'logo');
    expect((await upload(cred, jpeg)).status).toBe(204);

    const byStranger = await check(stranger, cred.key, 'logo');
    expect(byStranger.code).toBe(4204);
    expect(byStranger.message).toContain('不属于当前账号');
    expect((await check(owner, cred.key, 'product')).code).toBe(4204);

    const neverIssued = `private/uploads/${owner.sid}/logo/${'0'.repeat(32)}.jpg`;
    expect((await check(owner, neverIssued, 'logo')).code).toBe(4205);
    // Even if an object sits there (written by someone else's means), an unissued key is unusable.
    await t.app.deps.storage.put(neverIssued, jpeg, 'image/jpeg');
    expect((await check(owner, neverIssued, 'logo')).code).toBe(4205);
    expect((await check(owner, 'private/materials/x/original-0123456789abcdef.jpg', 'logo')).code).toBe(4204);
    expect((await check(owner, '../../etc/passwd', 'logo')).code).toBe(4204);

    const issuedNotUploaded = await token(owner, 'logo');
    const missing = await check(owner, issuedNotUploaded.key, 'logo');
    expect(missing.code).toBe(4205);
    expect(missing.message).toBe('文件未上传或已失效，请重新上传');
  });

  it('refuses a non-image, a fake and wrong dimensions found in storage (as a bucket would hold them)', async () => {
    const buyer = await createBuyer(t);
    const rowsBefore = await countRows(t, 'direct_uploads');
    const text = await token(buyer, 'product', null);
    await t.app.deps.storage.put(text.key, Buffer.from('plain text, not an image'), 'text/plain');
    const nonImage = await check(buyer, text.key);
    expect(nonImage.code).toBe(4206);

    const fake = await token(buyer, 'product', 'image/jpeg');
    await t.app.deps.storage.put(
      fake.key,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 1)]),
      'image/jpeg',
    );
    expect((await check(buyer, fake.key)).code).toBe(4206);

    const png = await token(buyer, 'product', 'image/jpeg');
    await t.app.deps.storage.put(png.key, await makeImage('png', 500, 500), 'image/jpeg');
    expect((await check(buyer, png.key)).code).toBe(4200);

    const small = await token(buyer, 'product', 'image/jpeg');
    expect((await upload(small, await makeJpeg(200, 150))).status).toBe(204);
    const tooSmall = await check(buyer, small.key);
    expect(tooSmall.code).toBe(4207);
    expect(tooSmall.message).toContain('300');

    // A bucket enforces the size itself; the check does too, from the object's size.
    const big = await token(buyer, 'logo', 'image/jpeg');
    await t.app.deps.storage.put(
      big.key,
      Buffer.concat([jpeg, Buffer.alloc(UPLOAD_LIMITS.logo.maxBytes + 1 - jpeg.length)]),
      'image/jpeg',
    );
    const oversized = await check(buyer, big.key, 'logo');
    expect(oversized.code).toBe(4201);
    expect(oversized.message).toBe('Logo不能超过 5 MB');

    const rows = await t.database.db.select().from(directUploads).where(eq(directUploads.userSid, buyer.sid));
    expect(rows.every((r) => r.checkedAt === null)).toBe(true);
    expect(await countRows(t, 'direct_uploads')).toBe(rowsBefore + 5);
  });
});

describe('after the check', () => {
  it('signs a short-lived link that serves the private file', async () => {
    const buyer = await createBuyer(t);
    const cred = await token(buyer, 'product');
    expect((await upload(cred, jpeg)).status).toBe(204);
    const link = signedUploadUrl(t.app.deps, cred.key, 120);
    expect(link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(120_000);
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(jpeg)).toBe(true);
    // Private uploads are never public media.
    const direct = await t.app.inject({ method: 'GET', url: `/media/${cred.key.replace(/^private\//, '')}` });
    expect(direct.statusCode).toBe(404);
  });

  it('purges unused uploads after the retention and keeps used ones', async () => {
    const buyer = await createBuyer(t);
    const user = (await findUserBySid(t.database.db, buyer.sid))!;
    const unused = await token(buyer, 'product');
    const used = await token(buyer, 'logo');
    expect((await upload(unused, jpeg)).status).toBe(204);
    expect((await upload(used, jpeg)).status).toBe(204);
    await markUploadsUsed(t.database.db, user, [used.key]);
    await expect(markUploadsUsed(t.database.db, user, [`${used.key}x`])).rejects.toMatchObject({
      spec: { code: 4205 },
    });
    await t.database.db
      .update(directUploads)
      .set({ createdAt: daysAgo(8) })
      .where(eq(directUploads.userSid, buyer.sid));

    const purged = await purgeUnusedUploads(t.app.deps);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(uploadFiles()).not.toContain(unused.key);
    expect(uploadFiles()).toContain(used.key);
    expect((await check(buyer, unused.key)).code).toBe(4205);
    expect((await check(buyer, used.key, 'logo')).code).toBe(0);
  });
});

describe('S3 presigned POST policy', () => {
  const s3: S3Config = {
    endpoint: 'https://oss-cn-shenzhen.aliyuncs.com',
    region: 'oss-cn-shenzhen',
    bucket: 'gemstock-media',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    publicBaseUrl: undefined,
    forcePathStyle: false,
  };

  it('limits the key, size, type and time, and is signed with SigV4', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const expiresAt = new Date(now.getTime() + UPLOAD_POLICY_TTL_SECONDS * 1000);
    const key = 'private/uploads/abc/logo/0123456789abcdef0123456789abcdef.png';
    const post = presignS3Post(s3, {
      key,
      maxBytes: UPLOAD_LIMITS.logo.maxBytes,
      contentType: 'image/png',
      expiresAt,
      now,
    });
    expect(post.url).toBe('https://gemstock-media.oss-cn-shenzhen.aliyuncs.com/');
    expect(post.fields).toMatchObject({
      key,
      'Content-Type': 'image/png',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': 'AKIDEXAMPLE/20261125/oss-cn-shenzhen/s3/aws4_request',
      'x-amz-date': '20261125T100000Z',
    });
    const decoded = JSON.parse(Buffer.from(post.fields.policy!, 'base64').toString('utf8'));
    expect(Date.parse(decoded.expiration) - now.getTime()).toBeLessThanOrEqual(15 * 60_000);
    expect(decoded.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'gemstock-media' },
        ['eq', '$key', key],
        ['content-length-range', 1, UPLOAD_LIMITS.logo.maxBytes],
        ['eq', '$Content-Type', 'image/png'],
        { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
        { 'x-amz-credential': 'AKIDEXAMPLE/20261125/oss-cn-shenzhen/s3/aws4_request' },
        { 'x-amz-date': '20261125T100000Z' },
      ]),
    );
    // Recomputed by hand: HMAC chain of the secret, date, region, service, then the policy.
    const kDate = createHmac('sha256', `AWS4${s3.secretAccessKey}`).update('20261125').digest();
    const kRegion = createHmac('sha256', kDate).update('oss-cn-shenzhen').digest();
    const kService = createHmac('sha256', kRegion).update('s3').digest();
    const kSigning = createHmac('sha256', kService).update('aws4_request').digest();
    expect(kSigning.equals(signingKey(s3.secretAccessKey, '20261125', 'oss-cn-shenzhen', 's3'))).toBe(true);
    const expected = createHmac('sha256', kSigning).update(post.fields.policy!).digest('hex');
    expect(post.fields['x-amz-signature']).toBe(expected);

    const anyImage = presignS3Post(
      { ...s3, forcePathStyle: true },
      { key, maxBytes: 10, contentType: undefined, expiresAt, now },
    );
    expect(anyImage.url).toBe('https://oss-cn-shenzhen.aliyuncs.com/gemstock-media');
    expect(anyImage.document.conditions).toContainEqual(['starts-with', '$Content-Type', 'image/']);
    expect(anyImage.fields['Content-Type']).toBeUndefined();
  });

  it('the token endpoint answers the bucket POST when storage is S3', async () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
      { jwtSecret: t.config.jwtSecret },
    );
    const buyer = await createBuyer(t);
    const user = (await findUserBySid(t.database.db, buyer.sid))!;
    const cred = await issueUploadCredentials(
      { config, db: t.database.db, uploadPolicies: t.app.deps.uploadPolicies },
      user,
      'product',
      'image/webp',
    );
    expect(cred.upload_url).toBe('https://gemstock-media.oss-cn-shenzhen.aliyuncs.com/');
    expect(cred.fields.key).toBe(cred.key);
    expect(cred.key).toMatch(new RegExp(`^private/uploads/${buyer.sid}/product/[a-f0-9]{32}\\.webp$`));
    expect(cred.fields['x-amz-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(cred.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // Pages may POST to the bucket.
    expect(pageDirectives(null, "'self'", uploadOriginOf(config))['connect-src']).toContain(
      'https://gemstock-media.oss-cn-shenzhen.aliyuncs.com',
    );
  });
});
