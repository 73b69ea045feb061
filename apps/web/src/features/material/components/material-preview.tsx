import { MaterialFormat, type TMaterial, previewStillUrl } from '@gemstock/contract';
import type { CSSProperties } from 'react';
import { materialLabel } from '@/lib/material-licence';

/** Tallest the preview may be drawn; wide pictures take the column's width instead. */
const MAX_PREVIEW_HEIGHT = 600;

/**
 * The watermarked preview at the material's own aspect ratio, sized before anything loads.
 * A video plays its watermarked preview clip (muted, looping, with controls) over its poster.
 */
export function MaterialPreview({ material }: { material: TMaterial }) {
  const { width, height } = material;
  const ratio = width > 0 && height > 0 ? width / height : 1;
  const box: CSSProperties = {
    aspectRatio: `${width || 1} / ${height || 1}`,
    width: `min(100%, ${Math.round(MAX_PREVIEW_HEIGHT * ratio)}px)`,
  };
  const label = materialLabel(material);
  const still = previewStillUrl(material);

  return (
    <div className="gs-preview">
      <div className="gs-preview__media" style={box}>
        {material.format === MaterialFormat.VIDEO && material.previewUrl ? (
          <video
            key={material.previewUrl}
            src={material.previewUrl}
            poster={still}
            controls
            muted
            loop
            autoPlay
            playsInline
            preload="metadata"
            aria-label={`${label}（带水印预览）`}
          />
        ) : still ? (
          // the page's main picture: the server preloads it, and a drawn page starts its app after it
          <img src={still} alt={label} fetchPriority="high" />
        ) : (
          <span className="gs-tile__missing">预览生成中</span>
        )}
      </div>
      <p className="gs-preview__note">预览图含水印，购买授权后可下载无水印原文件</p>
    </div>
  );
}
