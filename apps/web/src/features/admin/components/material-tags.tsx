import { LoadingOutlined } from '@ant-design/icons';
import { type LicenceType, MATERIAL_REVIEW_LABEL, type TAdminMaterial } from '@gemstock/contract';
import { Tag, Tooltip } from 'antd';
import { licenceShortName } from '../lib/format';
import { PlainSpace, PlainTag } from './plain-text';

/*
 * The tags of a row of /admin/materials: PlainTag and PlainSpace (./plain-text.tsx) draw what antd's
 * Tag and Space draw without their hooks; a tag inside a Tooltip stays antd's.
 */

/**
 * 处理中 / 处理失败 (the job's error on hover), then review's word once processed: 待审核, 已驳回
 * (the reason on hover) or 已上架.
 */
export function MaterialStatusTag({ material }: { material: TAdminMaterial }) {
  const job = material.job;
  if (material.status === 'processing') {
    return (
      <PlainTag color="processing" icon={<LoadingOutlined />}>
        {job?.status === 'queued' && job.attempts > 0 ? `处理中（重试 ${job.attempts}）` : '处理中'}
      </PlainTag>
    );
  }
  if (material.status === 'failed') {
    return (
      <Tooltip title={job?.lastError ? `失败原因：${job.lastError}` : '处理失败'}>
        <Tag color="error">处理失败</Tag>
      </Tooltip>
    );
  }
  const busy = job && (job.status === 'queued' || job.status === 'running');
  const review = MATERIAL_REVIEW_LABEL[material.review];
  return (
    <PlainSpace size={4} wrap>
      {material.review === 'listed' ? (
        <PlainTag color="success">{review}</PlainTag>
      ) : material.review === 'rejected' ? (
        <Tooltip title={material.reviewReason ? `驳回原因：${material.reviewReason}` : undefined}>
          <Tag color="error">{review}</Tag>
        </Tooltip>
      ) : (
        <PlainTag color="gold">{review}</PlainTag>
      )}
      {busy && (
        <PlainTag color="processing" icon={<LoadingOutlined />}>
          重新处理中
        </PlainTag>
      )}
    </PlainSpace>
  );
}

export function LicenceTags({ types }: { types: LicenceType[] }) {
  return (
    <PlainSpace size={[2, 4]} wrap>
      {types.map((t) => (
        <PlainTag
          key={t}
          color={t === 1 ? 'gold' : t === 2 ? 'blue' : t === 3 ? 'cyan' : 'purple'}
          style={{ marginInlineEnd: 0 }}
        >
          {licenceShortName(t)}
        </PlainTag>
      ))}
    </PlainSpace>
  );
}

/** 精选 / 免费 / 已下架 flags. */
export function MaterialFlags({ material }: { material: TAdminMaterial }) {
  const flags = [
    material.featured && (
      <PlainTag key="featured" color="gold">
        精选
      </PlainTag>
    ),
    material.free && (
      <PlainTag key="free" color="green">
        免费中
      </PlainTag>
    ),
    !material.free && material.freeFrom && (
      <Tooltip key="free-window" title="设置了免费时段，当前不在时段内">
        <Tag>免费时段</Tag>
      </Tooltip>
    ),
    material.disabled && (
      <PlainTag key="disabled" color="default">
        已下架
      </PlainTag>
    ),
  ].filter(Boolean);
  return flags.length ? (
    <PlainSpace size={[2, 4]} wrap>
      {flags}
    </PlainSpace>
  ) : (
    <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
  );
}
