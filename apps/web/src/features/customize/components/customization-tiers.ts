import { DEFAULT_CUSTOMIZATION_PRICE_CENTS } from '@gemstock/contract';

export type TierKey = 'advanced' | 'super' | 'ai-video';

export interface CustomizationTier {
  key: TierKey;
  name: string;
  tagline: string;
  points: string[];
  /** Price in cents, or null when it is quoted one to one. */
  priceCents: number | null;
  priceNote: string;
  leadTime: string;
}

/** The three tiers of the global customization dialog (spec §1, §9). */
export const CUSTOMIZATION_TIERS: readonly CustomizationTier[] = [
  {
    key: 'advanced',
    name: '高级定制',
    tagline: '在心仪素材上换成您的产品',
    points: ['替换为您的产品图、品牌 Logo 与文案', '独占授权，仅供贵司使用', '3 个工作日内出首稿，含两轮修改'],
    priceCents: DEFAULT_CUSTOMIZATION_PRICE_CENTS,
    priceNote: '每张',
    leadTime: '2–3 个工作日',
  },
  {
    key: 'super',
    name: '超级定制',
    tagline: '设计师一对一，从创意到成片',
    points: ['根据品牌调性全新创意设计', '一对一沟通需求，按需报价', '适合新品发布、节日大促主视觉'],
    priceCents: null,
    priceNote: '一对一报价',
    leadTime: '3–5 个工作日（复杂需求最长 7 个工作日）',
  },
  {
    key: 'ai-video',
    name: 'AI视频定制',
    tagline: '把产品图变成珠宝短视频',
    points: ['基于您的产品图生成展示短视频', '适配小红书、抖音等新媒体比例', '可搭配品牌 Logo 与文案'],
    priceCents: null,
    priceNote: '咨询客服报价',
    leadTime: '由客服根据需求评估',
  },
];
