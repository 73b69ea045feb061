import type { SceneSpec } from './artwork.js';

/**
 * The demo videos. They are rendered once, by scripts/make-seed-videos.sh (which needs ffmpeg),
 * and the MP4s are committed under seed-assets/videos: a fresh machine has no ffmpeg, so the
 * seed only copies them. The seed takes sizes and durations from the manifest the script
 * writes with ffprobe, never from this list.
 */
export interface DemoVideo {
  /** File stem under seed-assets/videos. */
  name: string;
  scene: SceneSpec;
  width: number;
  height: number;
  seconds: number;
  keywords: string[];
  featured: boolean;
}

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    name: 'diamond-ring-1080p',
    scene: { subject: 'solitaire-ring', background: 'velvet', metal: 'platinum', gem: 'diamond', seed: 101, hue: 10 },
    width: 1920,
    height: 1080,
    seconds: 8,
    keywords: ['钻石戒指', '戒指', '钻石', '铂金', '婚戒'],
    featured: true,
  },
  {
    name: 'sapphire-pendant-vertical',
    scene: { subject: 'halo-pendant', background: 'silk', metal: 'rose', gem: 'sapphire', seed: 102, hue: 330 },
    width: 1080,
    height: 1920,
    seconds: 6,
    keywords: ['项链', '吊坠', '蓝宝石', '宝石', '玫瑰金'],
    featured: true,
  },
  {
    name: 'pearl-necklace-720p',
    scene: { subject: 'pearl-necklace', background: 'podium', metal: 'gold', gem: 'diamond', seed: 103, hue: 28 },
    width: 1280,
    height: 720,
    seconds: 6,
    keywords: ['珍珠', '项链', '珍珠项链', '场景图'],
    featured: false,
  },
  {
    name: 'ruby-gems-square',
    scene: { subject: 'loose-gems', background: 'velvet', metal: 'gold', gem: 'ruby', seed: 104, hue: 100 },
    width: 1080,
    height: 1080,
    seconds: 6,
    keywords: ['宝石', '红宝石', '裸石', '产品图'],
    featured: false,
  },
  {
    name: 'jade-bangle-2k',
    scene: { subject: 'jade-bangle', background: 'ink', metal: 'gold', gem: 'emerald', seed: 105, hue: 120 },
    width: 2560,
    height: 1440,
    seconds: 8,
    keywords: ['手镯', '翡翠', '玉', '新中式'],
    featured: true,
  },
  {
    name: 'gold-chain-vertical-720p',
    scene: { subject: 'gold-chain', background: 'guochao', metal: 'gold', gem: 'diamond', seed: 106, hue: 0 },
    width: 720,
    height: 1280,
    seconds: 5,
    keywords: ['金项链', '项链', '黄金', '古法金', '国潮'],
    featured: false,
  },
];

/** What make-seed-videos.sh measured with ffprobe, per video. */
export interface SeedVideoManifestEntry {
  name: string;
  file: string;
  poster: string;
  preview: string;
  width: number;
  height: number;
  durationMs: number;
  bytes: number;
  previewWidth: number;
  previewHeight: number;
}

export interface SeedVideoManifest {
  generatedBy: string;
  videos: SeedVideoManifestEntry[];
}
