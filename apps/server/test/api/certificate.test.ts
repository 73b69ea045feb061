import {
  ADMIN_DESIGN_API,
  ADMIN_DESIGN_FILE_PATH,
  DESIGN_API,
  ORDER_API,
  PREMIUM_CUSTOM_NOTE,
  LICENCE_API,
  MAX_LENGTH,
  ORDER_PATHS,
  pathUrl,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, users } from '../../src/db/schema/index.js';
import { traceKeyOf, traceNumberOf } from '../../src/media/trace-mark.js';
import { createTestOperator, makeJpeg } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  return text;
}

const COMPANY = {
  company: '深圳市翡翠鑫鎏珠宝有限公司',
  companyLicense: '91440300MA5GXXXX74',
  companyAddress: '深圳市罗湖区水贝一路 8 号',
};

async function buyOne(app: TestApp = t, company = COMPANY, format: 'image' | 'video' = 'image') {
  const buyer = await createCompanyBuyer(app, company);
  await fundWallet(app, buyer.sid, 100_000);
  const [m] = await createMaterials(app, 1, { format });
  const cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8a2c8' } })
    .webp()
    .toBuffer();
  await app.app.deps.storage.put(m!.coverKey!, cover, 'image/webp');
  const order = await placeOrder(app, buyer, { [m!.sid]: 1 });
  expect((await payByWallet(app, buyer, order.sid)).code).toBe(0);
  return { buyer, material: m!, order };
}

describe('licence certificate', () => {
  it('is a PDF naming the licensee company, credit code, material, licence, order and terms', async () => {
    const { buyer, material, order } = await buyOne();
    const res = await t.app.inject({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid }),
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The CJK font is embedded (as a subset) and the material preview image is in it.
    expect(pdf.toString('latin1')).toMatch(/FontFile[23]?/);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('深圳市翡翠鑫鎏珠宝有限公司');
    expect(text).toContain('91440300MA5GXXXX74');
    expect(text).toContain(material.sid);
    expect(text).toContain(order.orderNo);
    expect(text).toContain('扩展授权');
    expect(text).toContain('不可转让');
    expect(text).toContain('人工智能训练');
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(text).toContain(licence!.certNo);
    // The number of the invisible mark every downloaded original of this licence carries (decision 0049).
    expect(text).toContain(`溯源编号：${traceNumberOf(traceKeyOf(t.app.deps.config.traceSecret, licence!.sid))}`);
    expect(text).toContain('本授权下载的原图及渠道尺寸图均含此编号的隐形标记');
  }, 60_000);

  it("prints a video licence's 溯源编号 too: every frame of its download carries the mark", async () => {
    const { buyer, material, order } = await buyOne(t, COMPANY, 'video');
    const res = await t.app.inject({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid }),
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('素材类型：视频');
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(text).toContain(`溯源编号：${traceNumberOf(traceKeyOf(t.app.deps.config.traceSecret, licence!.sid))}`);
    expect(text).toContain('本授权下载的原视频每一帧均含此编号的隐形标记');
  }, 60_000);

  it('stays on one page with the longest company name and address a buyer may enter, printed whole', async () => {
    const company = '深圳市罗湖区水贝国际珠宝交易中心翡翠鑫鎏黄金钻石珠宝首饰设计研发生产销售'
      .repeat(3)
      .slice(0, MAX_LENGTH.company);
    const address = '广东省深圳市罗湖区翠竹街道水贝二路 18 号珠宝总部大厦 B 座 1806 室（近水贝地铁站 A 口）'
      .repeat(5)
      .slice(0, MAX_LENGTH.address);
    expect([company.length, address.length]).toEqual([MAX_LENGTH.company, MAX_LENGTH.address]);
    const { buyer, material, order } = await buyOne(t, { ...COMPANY, company, companyAddress: address });
    const res = await t.app.inject({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid }),
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode).toBe(200);
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), disableFontFace: true, verbosity: 0 })
      .promise;
    expect(pdf.numPages).toBe(1);
    // Every line sits inside the frame (drawn 28 pt in from the page's edge), the last one too.
    const page = await pdf.getPage(1);
    const baselines = (await page.getTextContent()).items.flatMap((item) =>
      'transform' in item && item.str.trim() ? [item.transform[5] as number] : [],
    );
    expect(Math.min(...baselines)).toBeGreaterThan(40);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain(company.replace(/\s+/g, ''));
    expect(text).toContain(address.replace(/\s+/g, ''));
    expect(text).toContain('溯源编号');
  }, 60_000);

  it('points its verify address and QR at PUBLIC_URL', async () => {
    const shop = await buildTestApp({ publicUrl: 'https://shop.example.cn' });
    try {
      const { buyer, material, order } = await buyOne(shop);
      const res = await shop.app.inject({
        method: 'GET',
        url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid }),
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
      expect(text).toMatch(/核验地址：https:\/\/shop\.example\.cn\/verify\/certificate\/GS-\d{8}-[A-Z2-9]{8}/);
      expect(text).not.toContain('localhost');
    } finally {
      await shop.close();
    }
  }, 60_000);

  it('is open to the company’s sub-accounts and 404 to anyone else', async () => {
    const { buyer, material, order } = await buyOne();
    const sub = await createSubAccount(t, buyer.sid);
    const url = pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid });
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${sub.token}` } })).statusCode,
    ).toBe(200);
    const stranger = await createCompanyBuyer(t);
    const denied = await t.call({ method: 'GET', url, token: stranger.token });
    expect(denied.status).toBe(404);
    expect(denied.code).toBe(4001);
    const notInOrder = await t.call({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: 'nosuchmaterial1' }),
      token: buyer.token,
    });
    expect(notInOrder.code).toBe(4031);
    expect((await t.call({ method: 'GET', url })).code).toBe(1000);
  });

  it('names the company as it stood when licensed: a later rename changes neither the certificate nor its page', async () => {
    const { buyer, material, order } = await buyOne();
    const certificate = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: material.sid }),
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    };
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    const [owner] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(owner!.company).toContain(COMPANY.company);
    expect(licence).toMatchObject({
      licenseeCompany: owner!.company,
      licenseeLicense: owner!.companyLicense,
      licenseeAddress: owner!.companyAddress,
    });
    await t.database.db
      .update(users)
      .set({ company: '广州市新名珠宝有限公司', companyLicense: '91440101MA9YYYYY12', companyAddress: '广州市天河区' })
      .where(eq(users.sid, buyer.sid));
    const text = await certificate();
    expect(text).toContain(owner!.company!);
    expect(text).toContain(owner!.companyLicense!);
    expect(text).not.toContain('广州市新名珠宝有限公司');
    const page = await t.app.inject({ method: 'GET', url: `/verify/certificate/${licence!.certNo}` });
    expect(page.body).toContain('深圳');
    expect(page.body).not.toContain('广州');

    // A licence granted before the licensee was kept names the company as it is now.
    await t.database.db
      .update(licences)
      .set({ licenseeCompany: null, licenseeLicense: null, licenseeAddress: null })
      .where(eq(licences.sid, licence!.sid));
    expect(await certificate()).toContain('广州市新名珠宝有限公司');
  }, 60_000);

  it('has a public verification page that confirms it without giving the buyer away', async () => {
    const { buyer, material, order } = await buyOne();
    const list = await injectApi(t, LICENCE_API.purchased, { token: buyer.token });
    const certNo = list.data.materials[0]!.certNo;
    const page = await t.app.inject({ method: 'GET', url: `/verify/certificate/${certNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('证书有效');
    expect(page.body).toContain(material.sid);
    expect(page.body).toContain('深圳');
    expect(page.body).not.toContain('深圳市翡翠鑫鎏珠宝有限公司');
    expect(page.body).not.toContain('91440300MA5GXXXX74');
    expect(page.body).not.toContain(order.orderNo);
    const missing = await t.app.inject({ method: 'GET', url: '/verify/certificate/GS-20260101-NOTREAL1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('未找到');
    const junk = await t.app.inject({ method: 'GET', url: '/verify/certificate/%3Cscript%3E' });
    expect(junk.statusCode).toBe(404);
    expect(junk.body).not.toContain('<script>');
  });

  /** The sizes of the pictures embedded in a PDF (pdfkit writes each as an image XObject). */
  function embeddedImageSizes(pdf: Buffer): { width: number; height: number }[] {
    const raw = pdf.toString('latin1');
    return [...raw.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((m) => ({
      width: Number(/\/Width (\d+)/.exec(m[0])?.[1]),
      height: Number(/\/Height (\d+)/.exec(m[0])?.[1]),
    }));
  }

  it('of a delivered custom design shows that design and says what was delivered, not the stock note', async () => {
    const ops = await createTestOperator(t);
    const buyer: TestBuyer = await createCompanyBuyer(t, {
      company: '深圳市翡翠鑫鎏珠宝有限公司',
      companyLicense: '91440300MA5GXXXX74',
      companyAddress: '深圳市罗湖区水贝一路 8 号',
    });
    await fundWallet(t, buyer.sid, 100_000);
    // The stock material is landscape; the delivered design is portrait, so the PDF tells them apart.
    const [m] = await createMaterials(t, 1);
    const cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8a2c8' } })
      .webp()
      .toBuffer();
    await t.app.deps.storage.put(m!.coverKey!, cover, 'image/webp');
    const placed = await injectApi(t, ORDER_API.placeCustom, {
      token: buyer.token,
      body: { material: m!.sid, source: null, product_key: null, logo_key: null, detail: {} },
    });
    expect((await payByWallet(t, buyer, placed.data.order.sid)).code).toBe(0);
    const demandSid = placed.data.order.demand!.sid;
    await injectApi(t, ADMIN_DESIGN_API.assign, {
      token: ops.token,
      params: { id: demandSid },
      body: { designer: ops.sid },
    });
    const delivered = await t.call({
      method: 'PUT',
      url: `${ADMIN_DESIGN_FILE_PATH.replace(':id', demandSid)}?kind=final&name=design.jpg`,
      token: ops.token,
      headers: { 'content-type': 'image/jpeg' },
      payload: await makeJpeg(600, 1200),
    });
    expect(delivered.code).toBe(0);
    const seen = await injectApi(t, DESIGN_API.details, { token: buyer.token, params: { id: demandSid } });

    const res = await t.app.inject({
      method: 'GET',
      url: seen.data.certificate!.url,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode).toBe(200);
    const pictures = embeddedImageSizes(res.rawPayload).filter((p) => p.width !== p.height); // the QR is square
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.height).toBeGreaterThan(pictures[0]!.width);

    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('独家授权（定制设计成果）');
    expect(text).toContain(`定制成果：定制需求${demandSid}`);
    expect(text).toContain('按被授权方的产品、Logo与文案制作并交付的定制设计成果');
    expect(text).not.toContain(PREMIUM_CUSTOM_NOTE.replace(/\s+/g, '').slice(0, 12));
  }, 60_000);
});
