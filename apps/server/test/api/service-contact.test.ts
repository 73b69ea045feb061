import type { TServiceQrSetting } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, siteSettings } from '../../src/db/schema/index.js';
import { createTestOperator, makeImage, type TestOperator } from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API, SERVICE_QR_API, SERVICE_QR_PATHS, endpointUrl, pathUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * The customer-service QR reaches a person: the operator uploads the WeChat / WeCom QR picture;
 * until then the local demo shows a sample marked 演示 and a real deployment shows the written
 * contact — never a QR that opens the FAQ.
 */

const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

describe('customer-service contact', () => {
  describe('local demo', () => {
    let t: TestApp;
    let operator: TestOperator;
    beforeAll(async () => {
      t = await buildTestApp();
      operator = await createTestOperator(t);
    });
    afterAll(() => t.close());

    const ACTIONS = { GET: SERVICE_QR_API.setting, PUT: SERVICE_QR_API.upload, DELETE: SERVICE_QR_API.clear };
    const setting = (method: 'GET' | 'PUT' | 'DELETE', payload?: unknown, token = operator.token) =>
      t.call<TServiceQrSetting>({
        method,
        url: endpointUrl(ACTIONS[method]),
        token,
        ...(payload ? { payload } : {}),
      });

    it('shows a sample QR marked as a demo until one is uploaded, and the console warns', async () => {
      const res = await injectApi(t, COMMON_API.service);
      expect(res.data).toEqual({ service: SERVICE_QR_PATHS.demoQr, demo: true, phone: null, email: null });
      const svg = await t.app.inject({ method: 'GET', url: pathUrl(SERVICE_QR_PATHS.demoQr, {}) });
      expect(svg.body).toContain('<svg');
      const current = await setting('GET');
      expect(current.data.source).toBe('demo');
      expect(current.data.warning).toContain('演示');
    });

    it('the sample QR does not open the FAQ: scanning it says it is a sample', async () => {
      const faq = await QRCode.toString(`${t.config.publicUrl}/question`, { type: 'svg', margin: 1, width: 240 });
      const svg = await t.app.inject({ method: 'GET', url: pathUrl(SERVICE_QR_PATHS.demoQr, {}) });
      expect(svg.body).not.toBe(faq);
    });

    it('an operator uploads the QR picture; buyers then see it, stored as a clean PNG, audit-logged', async () => {
      const picture = await makeImage('png', 430, 430);
      const saved = await setting('PUT', { image: dataUrl(picture) });
      expect(saved.code, saved.raw).toBe(0);
      expect(saved.data).toMatchObject({ source: 'uploaded', warning: null });
      expect(saved.data.qrUrl).toMatch(/\/settings\/service-qr-[0-9a-f]{16}\.png$/);

      const res = await injectApi(t, COMMON_API.service);
      expect(res.data).toMatchObject({ service: saved.data.qrUrl, demo: false });
      const key = `public/${saved.data.qrUrl!.slice(saved.data.qrUrl!.indexOf('settings/'))}`;
      const stored = await t.app.deps.storage.getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(1, 4).toString()).toBe('PNG');

      const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'settings'));
      expect(logs.map((l) => l.action)).toContain('settings.service_qr.upload');
      expect(logs[0]!.operatorSid).toBe(operator.sid);
    });

    it('refuses a file that is not a picture, or too small to scan, and changes nothing', async () => {
      const before = await t.database.db.select().from(siteSettings);
      const text = await setting('PUT', { image: dataUrl(Buffer.from('这不是图片 not an image at all')) });
      expect(text.status).toBe(400);
      expect(text.code).toBe(3120);
      expect(text.message).toContain('图片');
      const tiny = await setting('PUT', { image: dataUrl(await makeImage('png', 40, 40)) });
      expect(tiny.code).toBe(3121);
      const wrongType = await setting('PUT', { image: 'data:text/html;base64,PGgxPg==' });
      expect(wrongType.code).toBe(1001);
      expect(await t.database.db.select().from(siteSettings)).toEqual(before);
    });

    it('only operators may change it', async () => {
      const buyer = await createBuyer(t);
      const res = await setting('PUT', { image: dataUrl(await makeImage('png', 300, 300)) }, buyer.token);
      expect(res.status).toBeGreaterThanOrEqual(401);
      expect(res.code).not.toBe(0);
      expect((await injectApi(t, SERVICE_QR_API.clear)).code).not.toBe(0);
    });

    it('clearing it returns to the demo sample', async () => {
      const cleared = await setting('DELETE');
      expect(cleared.data.source).toBe('demo');
      const res = await injectApi(t, COMMON_API.service);
      expect(res.data.demo).toBe(true);
    });
  });

  describe('a public deployment without a QR', () => {
    let t: TestApp;
    let operator: TestOperator;
    beforeAll(async () => {
      t = await buildTestApp({
        publicUrl: 'https://shop.example.cn',
        servicePhone: '400-800-1234',
        serviceEmail: 'service@shop.example.cn',
      });
      operator = await createTestOperator(t);
    });
    afterAll(() => t.close());

    it('shows the written contact instead of a QR, and the console warns', async () => {
      const res = await injectApi(t, COMMON_API.service);
      expect(res.data).toEqual({
        service: null,
        demo: false,
        phone: '400-800-1234',
        email: 'service@shop.example.cn',
      });
      const current = await injectApi(t, SERVICE_QR_API.setting, { token: operator.token });
      expect(current.data).toMatchObject({ source: 'contact', qrUrl: null });
      expect(current.data.warning).toContain('尚未上传客服二维码');
    });
  });
});
