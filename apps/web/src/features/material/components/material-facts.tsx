import { MaterialFormat, type TMaterial } from '@gemstock/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { orientationOf } from '@gemstock/contract';
import { FORMAT_LABEL, ORIENTATION_LABEL, formatDuration } from '@/lib/material-licence';

/** Format, size and orientation; for a video also duration, aspect ratio and resolution. */
export function MaterialFacts({ material }: { material: TMaterial }) {
  const items: DescriptionsProps['items'] = [
    { key: 'sid', label: '素材编号', children: material.sid },
    { key: 'format', label: '格式', children: FORMAT_LABEL[material.format] },
    { key: 'size', label: '尺寸', children: `${material.width} × ${material.height} px` },
    { key: 'orientation', label: '方向', children: ORIENTATION_LABEL[orientationOf(material.width, material.height)] },
  ];
  if (material.format === MaterialFormat.VIDEO) {
    const extra = material.extra;
    items.push(
      { key: 'duration', label: '时长', children: extra?.duration != null ? formatDuration(extra.duration) : '—' },
      { key: 'aspect', label: '画面比例', children: extra?.aspect_ratio ?? '—' },
      { key: 'resolution', label: '分辨率', children: extra?.resolution ?? '—' },
    );
  }
  return <Descriptions size="small" column={2} items={items} className="gs-facts" />;
}
