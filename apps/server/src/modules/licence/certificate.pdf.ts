import { licenceSpec, type LicenceType } from '@gemstock/contract';
import { create as createFont, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The licence certificate PDF. Chinese text is set in Source Han Sans SC (the subset shipped
 * by @librescore/fonts: every GBK hanzi and CJK punctuation, 3.5 MB, SIL OFL) which has no
 * Latin letters or digits, so text is split into runs and Latin runs use the PDF standard
 * Helvetica. pdfkit embeds only the glyphs used, so a certificate is a few tens of kB.
 */

const require = createRequire(import.meta.url);
const CJK_FONT_PATH = require.resolve('@librescore/fonts/SourceHanSansCN.min.woff2');
const LATIN_FONT = 'Helvetica';
const LATIN_BOLD_FONT = 'Helvetica-Bold';

let cjkFont: { font: Font } | null = null;
function loadCjkFont() {
  cjkFont ??= { font: createFont(readFileSync(CJK_FONT_PATH)) };
  return cjkFont;
}

export interface CertificateData {
  siteName: string;
  certNo: string;
  licensee: { company: string; license: string | null; address: string | null };
  material: { sid: string; format: 'image' | 'video'; previewJpeg: Buffer | null };
  licenceType: LicenceType;
  orderNo: string;
  /** China-time calendar date of the purchase, e.g. "2026-01-21". */
  licensedOn: string;
  verifyUrl: string;
}

/** The terms of spec §9, as printed on every certificate. */
export function certificateTerms(type: LicenceType): string[] {
  const spec = licenceSpec(type);
  return [
    `授权性质：非独占（定制图片为独占）、不可转让、永久有效的使用许可。`,
    `授权地域：中华人民共和国境内（含香港、澳门特别行政区及台湾地区）。`,
    `授权范围：${spec.name}——${spec.use}。`,
    `单图授权：本证书仅对上列一件素材有效。`,
    `权利主张：如收到第三方权利主张，请于 5 日内通知平台。`,
    `费用：未按约支付费用的，经催告后 45 日内仍未支付，授权终止。`,
    `禁止：将素材用于商标注册或作为商标使用；用于人工智能训练；转售、转授权或将素材本身作为商品出售。`,
    `数字商品一经售出，不予退款。证书到期或信息变更的，平台于 5 个工作日内补发。`,
    `本授权适用中华人民共和国法律，争议由平台所在地人民法院管辖。`,
  ];
}

type Doc = InstanceType<typeof PDFDocument>;

/** Splits text into runs the CJK font can draw and runs left to Helvetica. */
function fontRuns(text: string, font: Font): { cjk: boolean; text: string }[] {
  const runs: { cjk: boolean; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const cjk = code > 0x7f && font.hasGlyphForCodePoint(code);
    const last = runs[runs.length - 1];
    if (last && last.cjk === cjk) last.text += char;
    else runs.push({ cjk, text: char });
  }
  return runs;
}

function writeMixed(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions & { bold?: boolean } = {}) {
  const { bold, ...textOptions } = options;
  const runs = fontRuns(text, loadCjkFont().font);
  runs.forEach((run, index) => {
    doc.font(run.cjk ? 'cjk' : bold ? LATIN_BOLD_FONT : LATIN_FONT);
    doc.text(run.text, { ...textOptions, continued: index < runs.length - 1 || Boolean(textOptions.continued) });
  });
}

function row(doc: Doc, label: string, value: string) {
  doc.fontSize(11).fillColor('#666666');
  writeMixed(doc, `${label}：`, { continued: true } as PDFKit.Mixins.TextOptions);
  doc.fillColor('#111111');
  writeMixed(doc, value);
  doc.moveDown(0.35);
}

export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${data.siteName} 素材授权证书 ${data.certNo}`, Author: data.siteName },
  });
  // pdfkit takes a parsed fontkit font as it is: decoding the WOFF2 (≈1 s of CPU) happens once
  // per process, not per certificate.
  doc.registerFont('cjk', loadCjkFont().font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width;
  doc
    .rect(28, 28, width - 56, doc.page.height - 56)
    .lineWidth(1.5)
    .strokeColor('#b08d57')
    .stroke();

  doc.fillColor('#8a6a35').fontSize(24);
  writeMixed(doc, `${data.siteName} · 素材授权证书`, { align: 'center' });
  doc.moveDown(0.2).fontSize(10).fillColor('#888888');
  writeMixed(doc, `证书编号 ${data.certNo}`, { align: 'center' });
  doc.moveDown(1.2);

  const spec = licenceSpec(data.licenceType);
  row(doc, '被授权方', data.licensee.company);
  row(doc, '统一社会信用代码/纳税人识别号', data.licensee.license ?? '—');
  if (data.licensee.address) row(doc, '企业地址', data.licensee.address);
  row(doc, '素材编号', data.material.sid);
  row(doc, '素材类型', data.material.format === 'video' ? '视频' : '图片');
  row(doc, '授权类型', `${spec.name}（类型 ${spec.type}）`);
  row(doc, '授权用途', spec.use);
  row(doc, '授权期限', '永久');
  row(doc, '订单编号', data.orderNo);
  row(doc, '授权日期', data.licensedOn);

  const previewTop = doc.y + 6;
  if (data.material.previewJpeg) {
    doc.image(data.material.previewJpeg, 56, previewTop, { fit: [220, 165] });
  }
  const qr = await QRCode.toBuffer(data.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  doc.image(qr, width - 56 - 110, previewTop, { width: 110 });
  doc
    .font('cjk')
    .fontSize(8)
    .fillColor('#888888')
    .text('扫码核验证书', width - 56 - 110, previewTop + 114, { width: 110, align: 'center' });
  doc.y = previewTop + 175;
  doc.x = 56;

  doc.fontSize(12).fillColor('#111111');
  writeMixed(doc, '授权条款', { bold: true });
  doc.moveDown(0.3).fontSize(9.5).fillColor('#333333');
  certificateTerms(data.licenceType).forEach((term, i) => {
    writeMixed(doc, `${i + 1}. ${term}`, { width: width - 112, lineGap: 2 });
    doc.moveDown(0.15);
  });
  doc.moveDown(0.6).fontSize(8.5).fillColor('#888888');
  writeMixed(doc, `核验地址：${data.verifyUrl}`, { width: width - 112 });

  doc.end();
  return finished;
}
