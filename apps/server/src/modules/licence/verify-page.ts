/** The public page a certificate's QR code opens: minimal server-rendered Chinese HTML. */
import { escapeHtml } from '../../lib/html.js';

export interface VerifiedLicence {
  certNo: string;
  licensee: string;
  materialSid: string;
  thumbUrl: string | null;
  licenceName: string;
  licenceUse: string;
  exclusive: boolean;
  licensedOn: string;
  /** Set when an upgrade replaced the certificate: the number of the one that replaces it. */
  supersededByCertNo?: string | null;
  supersededOn?: string | null;
  /** Set when the order that paid for it was refunded: the licence has ended (docs/decisions/0029). */
  revokedOn?: string | null;
  revokedReason?: string | null;
}

export function renderVerificationPage(siteName: string, certNo: string, found: VerifiedLicence | null): string {
  const title = `${escapeHtml(siteName)} · 授权证书核验`;
  const body = found
    ? `${
        found.revokedOn
          ? `<p class="bad">✘ 该证书已撤销，授权已终止（${escapeHtml(found.revokedOn)}${found.revokedReason ? `，${escapeHtml(found.revokedReason)}` : ''}）</p>`
          : found.supersededByCertNo
            ? `<p class="old">⚠ 该证书已因授权升级被取代${found.supersededOn ? `（${escapeHtml(found.supersededOn)}）` : ''}，现行证书编号：<a href="./${encodeURIComponent(found.supersededByCertNo)}">${escapeHtml(found.supersededByCertNo)}</a></p>`
            : '<p class="ok">✔ 证书有效</p>'
      }
  <dl>
    <dt>证书编号</dt><dd>${escapeHtml(found.certNo)}</dd>
    <dt>被授权方</dt><dd>${escapeHtml(found.licensee)}</dd>
    <dt>素材编号</dt><dd>${escapeHtml(found.materialSid)}</dd>
    <dt>授权类型</dt><dd>${escapeHtml(found.licenceName)}（${escapeHtml(found.licenceUse)}）</dd>
    <dt>授权性质</dt><dd>${found.exclusive ? '独家授权（定制设计成果）' : '非独家授权'}</dd>
    <dt>授权期限</dt><dd>永久</dd>
    <dt>授权日期</dt><dd>${escapeHtml(found.licensedOn)}</dd>
  </dl>
  ${found.thumbUrl ? `<img src="${escapeHtml(found.thumbUrl)}" alt="素材预览">` : ''}`
    : `<p class="bad">✘ 未找到编号为 ${escapeHtml(certNo)} 的授权证书，请核对编号或联系平台客服。</p>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; background: #f6f3ee; color: #222; }
  main { max-width: 560px; margin: 32px auto; background: #fff; padding: 24px 28px; border-radius: 8px; border: 1px solid #e4d8c4; }
  h1 { font-size: 20px; color: #8a6a35; margin-top: 0; }
  .ok { color: #1a7f37; font-size: 18px; font-weight: 600; }
  .bad { color: #b42318; }
  .old { color: #b54708; font-size: 16px; font-weight: 600; }
  dl { display: grid; grid-template-columns: 6em 1fr; gap: 8px 12px; }
  dt { color: #777; } dd { margin: 0; word-break: break-all; }
  img { max-width: 100%; margin-top: 12px; border-radius: 4px; }
</style>
</head>
<body><main>
  <h1>${title}</h1>
  ${body}
</main></body>
</html>`;
}
