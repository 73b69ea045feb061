import { licenceSpec, type LicenceType, MaterialFormat } from '@gemstock/contract';
import { create as createFont, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The licence certificate PDF. Every character — hanzi, CJK punctuation, Latin letters, digits,
 * dashes — is set in one font family, Noto Sans CJK SC (Source Han Sans; shipped by
 * @embedpdf/fonts-sc, SIL OFL), so all text of a line shares one baseline and one set of
 * metrics. Every line is placed at an explicit position computed from the measured height of
 * the text above it, never by pdfkit's running cursor, so a long company name or address wraps
 * inside its column and pushes what follows down instead of overlapping it. pdfkit embeds only
 * the glyphs used, so a certificate stays a few tens of kB.
 */

const require = createRequire(import.meta.url);
// The package exports only its index (a list of its files); the fonts sit beside it in fonts/.
const FONT_DIR = join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
const FONT_FILES = {
  regular: join(FONT_DIR, 'NotoSansHans-Regular.otf'),
  bold: join(FONT_DIR, 'NotoSansHans-Bold.otf'),
} as const;

type Weight = keyof typeof FONT_FILES;
const fonts = new Map<Weight, Font>();
/** Parsing the fonts happens once per process, not per certificate. */
function loadFont(weight: Weight): Font {
  let font = fonts.get(weight);
  if (!font) {
    font = createFont(readFileSync(FONT_FILES[weight]));
    fonts.set(weight, font);
  }
  return font;
}

export interface CertificateData {
  siteName: string;
  certNo: string;
  licensee: { company: string; license: string | null; address: string | null };
  material: { sid: string; format: MaterialFormat; previewJpeg: Buffer | null };
  /**
   * The custom design delivered under an exclusive licence: the certificate pictures it, not the
   * stock material it started from, and says what was delivered instead of the stock note.
   */
  design?: { demandSid: string; deliveredOn: string | null; previewJpeg: Buffer | null } | null;
  licenceType: LicenceType;
  /** A delivered custom design: licensed to this company alone. */
  exclusive: boolean;
  orderNo: string;
  /**
   * The number of the invisible trace mark every downloaded original of this licence carries
   * (docs/decisions/0049), pictures and videos alike; null for an exclusive design delivery.
   */
  traceNo?: string | null;
  /** China-time calendar date of the purchase, e.g. "2026-01-21". */
  licensedOn: string;
  verifyUrl: string;
  /** Set when an upgrade replaced this certificate (docs/decisions/0016). */
  superseded?: { byCertNo: string; on: string | null } | null;
}

/** The terms of spec §9, as printed on every certificate, for the material's format. */
export function certificateTerms(
  type: LicenceType,
  format: MaterialFormat = MaterialFormat.IMAGE,
  exclusive = false,
): string[] {
  const spec = licenceSpec(type, format);
  return [
    exclusive
      ? `授权性质：独占（本定制设计成果仅授权被授权方使用）、不可转让、永久有效的使用许可。`
      : `授权性质：非独占（定制素材为独占）、不可转让、永久有效的使用许可。`,
    `授权地域：中华人民共和国境内（含香港、澳门特别行政区及台湾地区）。`,
    // The stock licence's note is about the original file; an exclusive certificate is of a delivered design.
    `授权范围：${spec.name}，可用于${spec.use}。${spec.note && !exclusive ? `${spec.note}。` : ''}`,
    exclusive ? `单件授权：本证书仅对上列一件定制设计成果有效。` : `单件授权：本证书仅对上列一件素材有效。`,
    `权利主张：如收到第三方权利主张，请于 5 日内通知平台。`,
    `费用：未按约支付费用的，经催告后 45 日内仍未支付，授权终止。`,
    `禁止：将素材用于商标注册或作为商标使用；用于人工智能训练；转售、转授权或将素材本身作为商品出售。`,
    `数字商品一经售出，不予退款。证书到期或信息变更的，平台于 5 个工作日内补发。`,
    `本授权适用中华人民共和国法律，争议由平台所在地人民法院管辖。`,
  ];
}

/** What an exclusive certificate says was delivered (the stock licence's note speaks of the original file). */
export const CUSTOM_DESIGN_NOTE =
  '依据上列素材，按被授权方的产品、Logo 与文案制作并交付的定制设计成果（图示为交付的设计），设计文件可在“定制记录”中下载';

type Doc = InstanceType<typeof PDFDocument>;

const PAGE_MARGIN = 56;
const LABEL_WIDTH = 176;
const COLOURS = {
  gold: '#8a6a35',
  frame: '#b08d57',
  label: '#666666',
  text: '#111111',
  body: '#333333',
  muted: '#888888',
};

interface TextStyle {
  size: number;
  weight?: Weight;
  colour: string;
  align?: 'left' | 'center';
  /** Extra space between wrapped lines, in points. */
  lineGap?: number;
}

/**
 * Writes a block of text at (x, y) wrapped to `width` and returns its measured height; with
 * `draw` false it only measures. Always one font, so the block's lines share metrics; nothing
 * depends on pdfkit's text cursor.
 */
function block(doc: Doc, draw: boolean, text: string, x: number, y: number, width: number, style: TextStyle): number {
  const options = { width, align: style.align ?? 'left', lineGap: style.lineGap ?? 2, lineBreak: true } as const;
  doc
    .font(style.weight ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.colour);
  const height = doc.heightOfString(text, options);
  if (draw) doc.text(text, x, y, options);
  return height;
}

/** Largest and smallest height of the preview-and-QR band; it gives way to long text. */
const MEDIA_BAND = { max: 175, min: 96 };
/** How far the body text may shrink, when the band alone cannot make room: still legible when printed. */
const MIN_TEXT_SCALE = 0.75;

/**
 * Lays the certificate out from the top; returns where the text ends. Run to measure (draw
 * false) until the text fits the page — first the media band gives way, then the body text
 * shrinks by `scale` — and once more to draw.
 */
async function layOut(doc: Doc, data: CertificateData, draw: boolean, bandHeight: number, scale = 1): Promise<number> {
  const pageWidth = doc.page.width;
  const left = PAGE_MARGIN;
  const contentWidth = pageWidth - 2 * PAGE_MARGIN;

  let y = PAGE_MARGIN - 8;
  y += block(doc, draw, `${data.siteName} · 素材授权证书`, left, y, contentWidth, {
    size: 24,
    weight: 'bold',
    colour: COLOURS.gold,
    align: 'center',
  });
  y += 4;
  y += block(doc, draw, `证书编号：${data.certNo}`, left, y, contentWidth, {
    size: 10,
    colour: COLOURS.muted,
    align: 'center',
  });
  y += 18;

  const spec = licenceSpec(data.licenceType, data.material.format);
  const rows: [string, string][] = [
    ['被授权方', data.licensee.company],
    ['统一社会信用代码/纳税人识别号', data.licensee.license ?? '—'],
    ...(data.licensee.address ? ([['企业地址', data.licensee.address]] as [string, string][]) : []),
    ['素材编号', data.material.sid],
    ['素材类型', data.material.format === MaterialFormat.VIDEO ? '视频' : '图片'],
    ['授权类型', `${spec.name}（类型 ${spec.type}）`],
    // The terms state the licence is non-exclusive; only an exclusive one earns a row of its own.
    ...(data.exclusive ? ([['授权性质', '独家授权（定制设计成果）']] as [string, string][]) : []),
    ['授权用途', spec.use],
    ...(data.design
      ? ([
          [
            '定制成果',
            `定制需求 ${data.design.demandSid}${data.design.deliveredOn ? `，${data.design.deliveredOn} 交付` : ''}`,
          ],
          ['交付说明', CUSTOM_DESIGN_NOTE],
        ] as [string, string][])
      : spec.note
        ? ([['交付说明', spec.note]] as [string, string][])
        : []),
    ['授权期限', '永久'],
    ...(data.traceNo
      ? ([
          [
            '溯源编号',
            data.material.format === MaterialFormat.VIDEO
              ? `${data.traceNo}（本授权下载的原视频每一帧均含此编号的隐形标记）`
              : `${data.traceNo}（本授权下载的原图及渠道尺寸图均含此编号的隐形标记）`,
          ],
        ] as [string, string][])
      : []),
    ['订单编号', data.orderNo],
    ['授权日期', data.licensedOn],
    ...(data.superseded
      ? ([
          [
            '证书状态',
            `已因授权升级被取代${data.superseded.on ? `（${data.superseded.on}）` : ''}，现行证书编号 ${data.superseded.byCertNo}`,
          ],
        ] as [string, string][])
      : []),
  ];
  for (const [label, value] of rows) {
    // Label and value start on the same line, so they share its baseline; each wraps in its own
    // column and the row is as tall as the taller of the two.
    const labelHeight = block(doc, draw, `${label}：`, left, y, LABEL_WIDTH, {
      size: 11 * scale,
      colour: COLOURS.label,
    });
    const valueHeight = block(doc, draw, value, left + LABEL_WIDTH, y, contentWidth - LABEL_WIDTH, {
      size: 11 * scale,
      colour: COLOURS.text,
    });
    y += Math.max(labelHeight, valueHeight) + 4 * scale;
  }

  const bandTop = y + 6;
  const captionHeight = 14;
  const qrSize = Math.min(110, bandHeight - captionHeight - 10);
  if (draw) {
    const picture = data.design ? data.design.previewJpeg : data.material.previewJpeg;
    if (picture) doc.image(picture, left, bandTop, { fit: [220, bandHeight - 10] });
    const qrLeft = pageWidth - PAGE_MARGIN - qrSize;
    const qr = await QRCode.toBuffer(data.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
    doc.image(qr, qrLeft, bandTop, { width: qrSize });
    block(doc, draw, '扫码核验证书', qrLeft - 20, bandTop + qrSize + 2, qrSize + 40, {
      size: 8,
      colour: COLOURS.muted,
      align: 'center',
    });
  }
  y = bandTop + bandHeight;

  y +=
    block(doc, draw, '授权条款', left, y, contentWidth, { size: 12 * scale, weight: 'bold', colour: COLOURS.text }) + 3;
  for (const [i, term] of certificateTerms(data.licenceType, data.material.format, data.exclusive).entries()) {
    y += block(doc, draw, `${i + 1}. ${term}`, left, y, contentWidth, {
      size: 9.5 * scale,
      colour: COLOURS.body,
      lineGap: 1.5 * scale,
    });
    y += 2 * scale;
  }
  y += 6;
  y += block(doc, draw, `核验地址：${data.verifyUrl}`, left, y, contentWidth, {
    size: 8.5 * scale,
    colour: COLOURS.muted,
  });
  return y;
}

export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `${data.siteName} 素材授权证书 ${data.certNo}`, Author: data.siteName },
  });
  // pdfkit takes parsed fontkit fonts as they are.
  doc.registerFont('regular', loadFont('regular') as unknown as Buffer);
  doc.registerFont('bold', loadFont('bold') as unknown as Buffer);
  // Every line is placed explicitly; pdfkit must not start a page of its own below the margin.
  doc.page.margins.bottom = 0;
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(1.5)
    .strokeColor(COLOURS.frame)
    .stroke();

  const textBottom = doc.page.height - PAGE_MARGIN + 10;
  const measured = await layOut(doc, data, false, MEDIA_BAND.max);
  const band = Math.max(MEDIA_BAND.min, MEDIA_BAND.max - Math.max(0, measured - textBottom));
  // The longest company name and address a buyer may enter still fit one page, inside the frame.
  let scale = 1;
  while (scale > MIN_TEXT_SCALE && (await layOut(doc, data, false, band, scale)) > textBottom) scale -= 0.05;
  await layOut(doc, data, true, band, scale);

  doc.end();
  return finished;
}
