import { describe, expect, it } from 'vitest';
import { CHANNEL_PRESET_TABLE, channelPresetSpec, isChannelPreset, presetFits } from '../src/channel-presets.js';

describe('channel presets', () => {
  it('gives each channel the size it asks for', () => {
    const sizes = Object.fromEntries(CHANNEL_PRESET_TABLE.map((p) => [p.preset, [p.width, p.height]]));
    expect(sizes).toEqual({
      tmall: [800, 800],
      jd: [800, 800],
      xiaohongshu: [1242, 1656],
      douyin: [1080, 1920],
      wechat: [900, 383],
    });
    expect(channelPresetSpec('douyin').ratio).toBe('9:16');
    expect(isChannelPreset('wechat')).toBe(true);
    expect(isChannelPreset('weibo')).toBe(false);
  });

  it('fits an original only when it is at least as wide and as tall: a cut is never enlarged', () => {
    const xiaohongshu = channelPresetSpec('xiaohongshu');
    expect(presetFits(xiaohongshu, 3000, 2250)).toBe(true);
    expect(presetFits(xiaohongshu, 1242, 1656)).toBe(true);
    expect(presetFits(xiaohongshu, 2880, 1600)).toBe(false);
    expect(presetFits(channelPresetSpec('douyin'), 1200, 1200)).toBe(false);
    expect(presetFits(channelPresetSpec('tmall'), 800, 800)).toBe(true);
    expect(presetFits(channelPresetSpec('tmall'), 799, 4000)).toBe(false);
  });
});
