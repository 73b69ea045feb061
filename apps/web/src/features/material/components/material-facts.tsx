import { FACET_LABEL, FACETS, facetLabel, MaterialFormat, type TMaterial, orientationOf } from '@gemstock/contract';
import { FORMAT_LABEL, ORIENTATION_LABEL, formatDuration } from '@/lib/material-licence';

/**
 * Format, size and orientation; for a video also duration, aspect ratio and resolution; then the
 * jewellery facets the material has (金属, 宝石, 款式, 场景).
 */
export function MaterialFacts({ material }: { material: TMaterial }) {
  const items: { label: string; value: string }[] = [
    { label: '素材编号', value: material.sid },
    { label: '格式', value: FORMAT_LABEL[material.format] },
    { label: '尺寸', value: `${material.width} × ${material.height} px` },
    { label: '方向', value: ORIENTATION_LABEL[orientationOf(material.width, material.height)] },
  ];
  if (material.format === MaterialFormat.VIDEO) {
    const extra = material.extra;
    items.push(
      { label: '时长', value: extra?.duration != null ? formatDuration(extra.duration) : '—' },
      { label: '画面比例', value: extra?.aspect_ratio ?? '—' },
      { label: '分辨率', value: extra?.resolution ?? '—' },
    );
  }
  for (const facet of FACETS) {
    const value = material.facets?.[facet];
    if (value) items.push({ label: FACET_LABEL[facet], value: facetLabel(facet, value) });
  }
  return (
    <dl className="gs-facts-list gs-facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
