import { ContentHtml } from '../content-html';

/** The download-only licence agreement for free materials (spec §2, §9), as published in 内容管理. */
export function FreeLicenceText() {
  return (
    <div className="gs-agreement-text">
      <p>
        <strong>《授权许可使用协议》（免费素材下载版）</strong>
      </p>
      <ContentHtml documentKey="download_licence" />
    </div>
  );
}
