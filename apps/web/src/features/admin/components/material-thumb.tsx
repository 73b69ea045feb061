import { FileImageOutlined, LoadingOutlined, PlayCircleFilled, WarningOutlined } from '@ant-design/icons';
import type { TAdminMaterial } from '@gemstock/contract';
import { Image } from 'antd';

const BOX = { width: 72, height: 54, borderRadius: 6, overflow: 'hidden', background: '#f3f4f2' } as const;

/** The grid thumbnail (watermarked preview on click); a placeholder while processing. */
export function MaterialThumb({ material }: { material: TAdminMaterial }) {
  if (!material.thumbUrl) {
    const icon =
      material.status === 'processing' ? (
        <LoadingOutlined />
      ) : material.status === 'failed' ? (
        <WarningOutlined />
      ) : (
        <FileImageOutlined />
      );
    return (
      <div style={{ ...BOX, display: 'grid', placeItems: 'center', color: 'rgba(0,0,0,0.35)', fontSize: 18 }}>
        {icon}
      </div>
    );
  }
  return (
    <div style={{ ...BOX, position: 'relative' }}>
      <Image
        src={material.thumbUrl}
        alt={material.keywords.join('、') || material.sid}
        width={72}
        height={54}
        style={{ objectFit: 'cover' }}
        preview={material.watermarkUrl ? { src: material.watermarkUrl } : false}
      />
      {material.format === 'video' && (
        <PlayCircleFilled
          style={{ position: 'absolute', right: 4, bottom: 4, color: '#fff', fontSize: 16, pointerEvents: 'none' }}
        />
      )}
    </div>
  );
}
