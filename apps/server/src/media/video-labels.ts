/** Labels shown with a video (spec §3 extra: aspect_ratio, resolution). Pure. */

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

const COMMON_RATIOS: Array<[number, number]> = [
  [16, 9],
  [9, 16],
  [4, 3],
  [3, 4],
  [1, 1],
  [21, 9],
  [4, 5],
  [5, 4],
  [3, 2],
  [2, 3],
];

/** "16:9", "9:16", "1:1" …; a size within 1 % of a common ratio gets that ratio's name. */
export function aspectRatioLabel(width: number, height: number): string {
  const ratio = width / height;
  for (const [w, h] of COMMON_RATIOS) if (Math.abs(ratio / (w / h) - 1) < 0.01) return `${w}:${h}`;
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

/** "4K", "2K", "1080p", "720p" … by the short side, as video platforms name them. */
export function resolutionLabel(width: number, height: number): string {
  const short = Math.min(width, height);
  if (short >= 2160) return '4K';
  if (short >= 1440) return '2K';
  if (short >= 1080) return '1080p';
  if (short >= 720) return '720p';
  return `${short}p`;
}
