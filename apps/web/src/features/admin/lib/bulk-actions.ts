import {
  FACET_LABEL,
  facetLabel,
  FACETS,
  formatYuan,
  type LicenceType,
  licenceSpec,
  type TBulkChangeInput,
} from '@gemstock/contract';
import { formatDateTime } from '@/lib/date-time';

/** The bulk changes the materials list offers, in its 批量操作 menu's order. */
export const BULK_ACTIONS = [
  { key: 'enable', label: '上架' },
  { key: 'disable', label: '下架' },
  { key: 'feature', label: '设为精选' },
  { key: 'unfeature', label: '取消精选' },
  { key: 'prices', label: '修改价格' },
  { key: 'free', label: '设置免费期' },
  { key: 'keywords', label: '修改关键词' },
  { key: 'facets', label: '设置属性' },
] as const;
export type BulkActionKey = (typeof BULK_ACTIONS)[number]['key'];

/** What a change does, said as the confirmation says it: 「将把 12 个素材下架」. */
export function describeChange(change: TBulkChangeInput): string {
  switch (change.kind) {
    case 'disabled':
      return change.disabled ? '下架' : '上架（恢复销售）';
    case 'featured':
      return change.featured ? '设为精选' : '取消精选';
    case 'prices': {
      const parts: string[] = [];
      for (const [type, cents] of Object.entries(change.pricesCents ?? {})) {
        const name = licenceSpec(Number(type) as LicenceType).name;
        parts.push(cents === null ? `「${name}」恢复默认价` : `「${name}」价格改为 ${formatYuan(cents)}`);
      }
      for (const [type, cents] of Object.entries(change.specialPricesCents ?? {})) {
        const name = licenceSpec(Number(type) as LicenceType).name;
        parts.push(cents === null ? `「${name}」取消特价` : `「${name}」特价改为 ${formatYuan(cents)}`);
      }
      return parts.join('，');
    }
    case 'free':
      return change.freeFrom && change.freeUntil
        ? `设置免费期 ${formatDateTime(change.freeFrom)} 至 ${formatDateTime(change.freeUntil)}`
        : '取消免费期';
    case 'keywords': {
      const parts: string[] = [];
      if (change.add?.length) parts.push(`添加关键词「${change.add.join('、')}」`);
      if (change.remove?.length) parts.push(`删除关键词「${change.remove.join('、')}」`);
      return parts.join('，');
    }
    case 'facets':
      return FACETS.filter((f) => change[f] !== undefined)
        .map((f) => {
          const value = change[f];
          return value ? `${FACET_LABEL[f]}设为「${facetLabel(f, value)}」` : `清除${FACET_LABEL[f]}`;
        })
        .join('，');
  }
}

const STATUS_TEXT: Record<string, string> = { processing: '处理中', ready: '已就绪', failed: '处理失败' };

/** A list filter's yes/no as stored: the address's 'true' / 'false', or the parsed boolean. */
function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/**
 * How a bulk edit chose its materials, as the audit shows it: 「逐个选择的 50 个素材」, or
 * 「全部符合条件的素材（关键词或编号「婚戒」、已上架）」 for "all matching" with the filter it froze.
 */
export function describeSelection(selection: unknown): string {
  const chosen = (selection ?? {}) as { sids?: unknown; filter?: Record<string, unknown> };
  if (Array.isArray(chosen.sids)) return `逐个选择的 ${chosen.sids.length} 个素材`;
  const filter = chosen.filter ?? {};
  const parts: string[] = [];
  if (typeof filter.q === 'string' && filter.q) parts.push(`关键词或编号「${filter.q}」`);
  if (typeof filter.status === 'string') parts.push(STATUS_TEXT[filter.status] ?? filter.status);
  if (filter.format === 'image' || filter.format === 'video') parts.push(filter.format === 'video' ? '视频' : '图片');
  const disabled = flag(filter.disabled);
  if (disabled !== undefined) parts.push(disabled ? '已下架' : '已上架');
  const featured = flag(filter.featured);
  if (featured !== undefined) parts.push(featured ? '精选' : '非精选');
  return parts.length ? `全部符合条件的素材（${parts.join('、')}）` : '全部素材';
}
