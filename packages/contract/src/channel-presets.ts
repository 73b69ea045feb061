/**
 * Channel-ready cuts of a licensed image or video (docs/decisions/0046): the sizes the sales channels ask
 * for. A cut is the largest frame of the channel's ratio the original holds, placed on the
 * subject, then shrunk to the channel's size; it is never enlarged, so a preset needs an
 * original at least as wide and as tall as the channel's size.
 */
export const ChannelPreset = {
  TMALL: 'tmall',
  JD: 'jd',
  XIAOHONGSHU: 'xiaohongshu',
  DOUYIN: 'douyin',
  WECHAT: 'wechat',
} as const;
export type ChannelPreset = (typeof ChannelPreset)[keyof typeof ChannelPreset];
export const CHANNEL_PRESETS = Object.values(ChannelPreset) as [ChannelPreset, ...ChannelPreset[]];

export interface ChannelPresetSpec {
  preset: ChannelPreset;
  /** The channel as buyers name it. */
  name: string;
  /** What the cut is for on that channel. */
  use: string;
  width: number;
  height: number;
  /** The frame's ratio as the channel states it. */
  ratio: string;
}

export const CHANNEL_PRESET_TABLE: readonly ChannelPresetSpec[] = [
  { preset: ChannelPreset.TMALL, name: '天猫', use: '商品主图', width: 800, height: 800, ratio: '1:1' },
  { preset: ChannelPreset.JD, name: '京东', use: '商品主图', width: 800, height: 800, ratio: '1:1' },
  { preset: ChannelPreset.XIAOHONGSHU, name: '小红书', use: '笔记配图', width: 1242, height: 1656, ratio: '3:4' },
  { preset: ChannelPreset.DOUYIN, name: '抖音', use: '竖屏封面', width: 1080, height: 1920, ratio: '9:16' },
  { preset: ChannelPreset.WECHAT, name: '微信公众号', use: '文章封面', width: 900, height: 383, ratio: '2.35:1' },
];

export function isChannelPreset(value: unknown): value is ChannelPreset {
  return typeof value === 'string' && (CHANNEL_PRESETS as readonly string[]).includes(value);
}

export function channelPresetSpec(preset: ChannelPreset): ChannelPresetSpec {
  const spec = CHANNEL_PRESET_TABLE.find((p) => p.preset === preset);
  if (!spec) throw new RangeError(`unknown channel preset ${String(preset)}`);
  return spec;
}

/**
 * Whether an original of this size makes the channel's cut without enlarging: the largest frame
 * of the channel's ratio it holds is at least the channel's size exactly when the original is at
 * least as wide and as tall.
 */
export function presetFits(spec: ChannelPresetSpec, width: number, height: number): boolean {
  return width >= spec.width && height >= spec.height;
}

/**
 * The presets a licensed video is reframed to (decision 0046): 9:16 for 抖音 and 1:1 at 800×800
 * for the shops' main-image video (天猫 and 京东 take the same file). The others are pictures'
 * formats (a 小红书 note picture, a 公众号 cover); a video is downloaded as its original there.
 */
export const VIDEO_PRESET_USE: Partial<Record<ChannelPreset, string>> = {
  [ChannelPreset.TMALL]: '主图视频',
  [ChannelPreset.JD]: '主图视频',
  [ChannelPreset.DOUYIN]: '竖屏视频',
};

export function presetOffersVideo(preset: ChannelPreset): boolean {
  return VIDEO_PRESET_USE[preset] !== undefined;
}
