import { LoadingOutlined } from '@ant-design/icons';
import { type LicenceType, MATERIAL_REVIEW_LABEL, type TAdminMaterial } from '@gemstock/contract';
import { Space, Tag, Tooltip } from 'antd';
import { formatDateTime } from '@/lib/date-time';
import { licenceShortName } from '../lib/format';

/**
 * 处理中 / 处理失败 (the job's error on hover), then review's word once processed: 待审核, 已驳回
 * (the reason on hover) or 已上架.
 */
export function MaterialStatusTag({ material }: { material: TAdminMaterial }) {
  const job = material.job;
  if (material.status === 'processing') {
    return (
      <Tag color="processing" icon={<LoadingOutlined />}>
        {job?.status === 'queued' && job.attempts > 0 ? `处理中（重试 ${job.attempts}）` : '处理中'}
      </Tag>
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
    <Space size={4} wrap>
      {material.review === 'listed' ? (
        <Tag color="success">{review}</Tag>
      ) : material.review === 'rejected' ? (
        <Tooltip title={material.reviewReason ? `驳回原因：${material.reviewReason}` : undefined}>
          <Tag color="error">{review}</Tag>
        </Tooltip>
      ) : (
        <Tag color="gold">{review}</Tag>
      )}
      {busy && (
        <Tag color="processing" icon={<LoadingOutlined />}>
          重新处理中
        </Tag>
      )}
    </Space>
  );
}

export function LicenceTags({ types }: { types: LicenceType[] }) {
  return (
    <Space size={[2, 4]} wrap>
      {types.map((t) => (
        <Tag
          key={t}
          color={t === 1 ? 'gold' : t === 2 ? 'blue' : t === 3 ? 'cyan' : 'purple'}
          style={{ marginInlineEnd: 0 }}
        >
          {licenceShortName(t)}
        </Tag>
      ))}
    </Space>
  );
}

/** "免费时段 2026-12-07 00:00 至 2026-12-13 23:59，当前不在时段内" (China time). */
function freeWindowText(material: Pick<TAdminMaterial, 'freeFrom' | 'freeUntil'>, state: string): string {
  if (!material.freeFrom || !material.freeUntil) return state;
  return `免费时段 ${formatDateTime(material.freeFrom)} 至 ${formatDateTime(material.freeUntil)}，${state}`;
}

/** Wide enough for the period on one line: at antd's 250 px it broke inside the second date. */
const FREE_WINDOW_TOOLTIP = { root: { maxWidth: 400 } };

/** 精选 / 免费 / 已下架 flags. */
export function MaterialFlags({ material }: { material: TAdminMaterial }) {
  const flags = [
    material.featured && (
      <Tag key="featured" color="gold">
        精选
      </Tag>
    ),
    // the window itself on hover: after a bulk edit the list is where its dates are checked
    material.free && (
      <Tooltip key="free" title={freeWindowText(material, '正在免费')} styles={FREE_WINDOW_TOOLTIP}>
        <Tag color="green">免费中</Tag>
      </Tooltip>
    ),
    !material.free && material.freeFrom && (
      <Tooltip key="free-window" title={freeWindowText(material, '当前不在时段内')} styles={FREE_WINDOW_TOOLTIP}>
        <Tag>免费时段</Tag>
      </Tooltip>
    ),
    material.disabled && (
      <Tag key="disabled" color="default">
        已下架
      </Tag>
    ),
  ].filter(Boolean);
  return flags.length ? (
    <Space size={[2, 4]} wrap>
      {flags}
    </Space>
  ) : (
    <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
  );
}
