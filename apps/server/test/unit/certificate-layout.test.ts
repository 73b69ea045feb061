import { LicenceType, MaterialFormat } from '@gemstock/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { type CertificateData, renderCertificatePdf } from '../../src/modules/licence/certificate.pdf.js';

/**
 * The certificate is checked as printed: every text run's box is read back out of the real PDF
 * (pdfjs), then no two boxes may overlap, every box stays inside the frame, and runs of digits
 * or Latin letters sit on the same baseline as the Chinese text beside them.
 */

interface Box {
  text: string;
  left: number;
  right: number;
  baseline: number;
  top: number;
  bottom: number;
}

// Noto Sans CJK: ascender 0.88 em, descender 0.12 em.
const ASCENT = 0.88;
const DESCENT = 0.12;

async function readPdf(pdf: Buffer): Promise<{ pages: number; width: number; height: number; boxes: Box[] }> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const page = await doc.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  const content = await page.getTextContent();
  const boxes: Box[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const size = Math.hypot(item.transform[2] as number, item.transform[3] as number);
    const left = item.transform[4] as number;
    const baseline = item.transform[5] as number;
    boxes.push({
      text: item.str,
      left,
      right: left + item.width,
      baseline,
      top: baseline + ASCENT * size,
      bottom: baseline - DESCENT * size,
    });
  }
  return { pages: doc.numPages, width, height, boxes };
}

function overlaps(a: Box, b: Box): boolean {
  const e = 0.01;
  return a.left < b.right - e && b.left < a.right - e && a.bottom < b.top - e && b.bottom < a.top - e;
}

const hasLatinOrDigit = (s: string) => /[0-9A-Za-z]/.test(s);
const hasHan = (s: string) => /\p{Script=Han}/u.test(s);

function expectWellSet(read: Awaited<ReturnType<typeof readPdf>>) {
  const { boxes, width, height } = read;
  expect(read.pages).toBe(1);
  expect(boxes.length).toBeGreaterThan(20);
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i]!;
    // inside the gold frame (28 pt from the page edge)
    expect(a.left, a.text).toBeGreaterThanOrEqual(28);
    expect(a.right, a.text).toBeLessThanOrEqual(width - 28);
    expect(a.bottom, a.text).toBeGreaterThanOrEqual(28);
    expect(a.top, a.text).toBeLessThanOrEqual(height - 28);
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j]!;
      expect(overlaps(a, b), `"${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  }
  // Runs with digits or Latin letters next to Chinese text on the same line share its baseline.
  for (const a of boxes.filter((box) => hasLatinOrDigit(box.text))) {
    for (const b of boxes.filter((box) => box !== a && hasHan(box.text))) {
      const sameLine = a.bottom < b.top && b.bottom < a.top;
      if (sameLine) expect(Math.abs(a.baseline - b.baseline), `"${a.text}" beside "${b.text}"`).toBeLessThan(0.01);
    }
  }
}

const DEMO: CertificateData = {
  siteName: '宝图',
  certNo: 'GS-20260121-7KQ2M9XA',
  licensee: {
    company: '深圳市翡翠鑫鎏珠宝有限公司',
    license: '91440300MA5GXXXX74',
    address: '深圳市罗湖区水贝二路 18 号',
  },
  material: { sid: 'k3j9x2m4p8q1w5e7', format: MaterialFormat.IMAGE, previewJpeg: null },
  licenceType: LicenceType.STANDARD,
  exclusive: false,
  orderNo: '202601211432001234',
  licensedOn: '2026-01-21',
  verifyUrl: 'https://shop.example.cn/verify/certificate/GS-20260121-7KQ2M9XA',
};

const LONG_COMPANY = '深圳市罗湖区翡翠鑫鎏珠宝首饰设计研发生产销售进出口贸易集团股份有限公司深圳分公司';
const LONG_ADDRESS =
  '广东省深圳市罗湖区翠竹街道水贝社区水贝二路 18 号贝丽花园金展珠宝广场 B 座 2608 室（近地铁 3 号线水贝站 A 出口，东门进）';

describe('licence certificate layout', () => {
  it('sets the demo company in one embedded CJK font: nothing overlaps, digits sit on the Chinese baseline', async () => {
    const pdf = await renderCertificatePdf(DEMO);
    const raw = pdf.toString('latin1');
    expect(raw).not.toContain('/Helvetica');
    expect([...raw.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['NotoSansHans-Regular']),
    );
    expect(new Set([...raw.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]!.split('-')[0]))).toEqual(
      new Set(['NotoSansHans']),
    );
    const read = await readPdf(pdf);
    expectWellSet(read);
    const texts = read.boxes.map((b) => b.text);
    // each of these is one run, drawn with one font on one baseline
    expect(texts).toContain('宝图 · 素材授权证书');
    expect(texts).toContain('证书编号：GS-20260121-7KQ2M9XA');
    expect(texts).toContain('深圳市罗湖区水贝二路 18 号');
    expect(texts).toContain('标准授权（类型 2）');
    expect(texts.some((t) => t.includes('请于 5 日内通知平台'))).toBe(true);
    expect(texts.some((t) => t.includes('标准授权，可用于网络及印刷'))).toBe(true);
    expect(texts.join('')).toContain('核验地址：https://shop.example.cn/verify/certificate/GS-20260121-7KQ2M9XA');
  });

  it('wraps a 40-character company name and a long address inside their column, still one page', async () => {
    expect([...LONG_COMPANY]).toHaveLength(40);
    const pdf = await renderCertificatePdf({
      ...DEMO,
      licensee: { ...DEMO.licensee, company: LONG_COMPANY, address: LONG_ADDRESS },
      licenceType: LicenceType.PREMIUM_CUSTOM,
    });
    const read = await readPdf(pdf);
    expectWellSet(read);
    const label = read.boxes.find((b) => b.text === '被授权方：')!;
    const company = read.boxes.filter((b) => LONG_COMPANY.includes(b.text.trim()) && b.left > label.right);
    expect(company.length).toBeGreaterThanOrEqual(2);
    expect(company.map((b) => b.text.trim()).join('')).toBe(LONG_COMPANY);
    expect(company[0]!.baseline).toBeCloseTo(label.baseline, 2);
  });

  it('prints the video licence for a video', async () => {
    const pdf = await renderCertificatePdf({
      ...DEMO,
      material: { ...DEMO.material, format: MaterialFormat.VIDEO },
      licenceType: LicenceType.EXTENDED,
    });
    const read = await readPdf(pdf);
    expectWellSet(read);
    const text = read.boxes.map((b) => b.text).join('');
    expect(text).toContain('素材类型：视频');
    expect(text).toContain('网络、户外广告及线下大屏播放');
    expect(text).not.toContain('印刷');
  });

  it('says what 高级定制授权 delivers: the original now, one custom design paid for', async () => {
    const pdf = await renderCertificatePdf({ ...DEMO, licenceType: LicenceType.PREMIUM_CUSTOM });
    const text = (await readPdf(pdf)).boxes.map((b) => b.text).join('');
    expect(text).not.toContain('即将上线');
    expect(text).toContain('含本素材一次高级定制，无需另付');
  });

  it('a certificate replaced by an upgrade says so and names its successor, still one page', async () => {
    const pdf = await renderCertificatePdf({
      ...DEMO,
      licensee: { ...DEMO.licensee, company: LONG_COMPANY, address: LONG_ADDRESS },
      licenceType: LicenceType.PREMIUM_CUSTOM,
      superseded: { byCertNo: 'GS-20260301-ABCDEFGH', on: '2026-03-01' },
    });
    const read = await readPdf(pdf);
    expectWellSet(read);
    const text = read.boxes.map((b) => b.text).join('');
    expect(text).toContain('证书状态：');
    expect(text).toContain('已因授权升级被取代（2026-03-01）');
    expect(text).toContain('GS-20260301-ABCDEFGH');
  });

  it('the certificate of a delivered custom design says it is exclusive, in a row and in the terms, on one page', async () => {
    const pdf = await renderCertificatePdf({
      ...DEMO,
      licensee: { ...DEMO.licensee, company: LONG_COMPANY, address: LONG_ADDRESS },
      licenceType: LicenceType.PREMIUM_CUSTOM,
      exclusive: true,
    });
    const read = await readPdf(pdf);
    expectWellSet(read);
    const text = read.boxes.map((b) => b.text).join('');
    expect(text).toContain('独家授权（定制设计成果）');
    expect(text).toContain('授权性质：独占');
    expect(text).not.toContain('非独占');
  });
});
