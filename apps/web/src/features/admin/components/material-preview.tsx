import type { TAdminMaterial } from '@gemstock/contract';
import { Alert, Image } from 'antd';

/** The material as buyers see it: the watermarked picture, or the video preview; a note while there is none. */
export function MaterialPreview({ material }: { material: TAdminMaterial }) {
  if (material.format === 'video' && material.previewUrl) {
    return (
      <video
        src={material.previewUrl}
        poster={material.watermarkUrl ?? undefined}
        controls
        muted
        loop
        style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 8 }}
      />
    );
  }
  if (material.watermarkUrl) {
    return (
      <Image
        src={material.watermarkUrl}
        alt="带水印预览"
        style={{ width: '100%', maxHeight: 320, objectFit: 'contain', background: '#f3f4f2', borderRadius: 8 }}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={material.status === 'failed' ? '没有预览：处理失败' : '预览生成中，完成后自动显示'}
    />
  );
}
