import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  dominantColor,
  findChannelCrops,
  makeCover,
  makeImageRenditions,
  makeThumbnail,
  makeWatermarkedPreview,
  rasteriseSvg,
  readImageInfo,
  THUMB_SMALL_LONG_SIDE,
  UnsupportedImageError,
} from '../../src/media/image-processor.js';
import { aspectRatioLabel, resolutionLabel } from '../../src/media/video-labels.js';
import { watermarkSvg } from '../../src/media/watermark.js';
import { composeScene } from '../../demo/artwork.js';

async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c8a050' } }).jpeg({ quality: 80 });
  return orientation ? image.withMetadata({ orientation }).toBuffer() : image.toBuffer();
}

describe('image processor', () => {
  it('frames a picture on a clear background on its product, and any other by attention', async () => {
    const ratios = [{ width: 1, height: 1 }];
    const scene = (background: string) =>
      rasteriseSvg(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="100%" height="100%" fill="${background}"/>` +
          `<circle cx="200" cy="300" r="150" fill="none" stroke="#222" stroke-width="30"/></svg>`,
      );
    const white = await findChannelCrops(await scene('#fafafa'), ratios);
    expect(white.framing).toBe('product');
    // The square frame's centre is the ring's (x 200 of 1200), held inside the picture.
    expect(white.crops[0]).toMatchObject({ left: 0, width: 0.5, top: 0, height: 1 });
    expect((await findChannelCrops(await scene('#e8e0d0'), ratios)).framing).toBe('attention');
    // A 白底 material's even background counts though it is not near-white.
    expect((await findChannelCrops(await scene('#e8e0d0'), ratios, { whiteScene: true })).framing).toBe('product');
    // No even border (a gradient scene): attention.
    const gradient = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    expect((await findChannelCrops(gradient, ratios, { whiteScene: true })).framing).toBe('attention');
  });

  it('reads size and type, with EXIF rotation applied', async () => {
    expect(await readImageInfo(await jpeg(300, 200))).toMatchObject({
      width: 300,
      height: 200,
      format: 'jpeg',
      mime: 'image/jpeg',
    });
    expect(await readImageInfo(await jpeg(300, 200, 6))).toMatchObject({ width: 200, height: 300 });
  });

  it('refuses what is not an image', async () => {
    await expect(readImageInfo(Buffer.from('<html>not an image</html>'))).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('makes a 480 px thumbnail and a 480 px (unmarked, so thumbnail-sized) cover, never enlarging', async () => {
    const big = await jpeg(3000, 2250);
    const thumb = await makeThumbnail(big);
    expect([thumb.width, thumb.height, thumb.mime]).toEqual([480, 360, 'image/webp']);
    const cover = await makeCover(big);
    expect([cover.width, cover.height]).toEqual([480, 360]);
    const small = await makeCover(await jpeg(300, 400));
    expect([small.width, small.height]).toEqual([300, 400]);
    const jpegThumb = await makeThumbnail(big, { format: 'jpeg' });
    expect((await sharp(jpegThumb.data).metadata()).format).toBe('jpeg');
  });

  it('makes a 240 px WebP thumbnail for 1× screens and narrow tiles, never enlarging', async () => {
    const small = await makeThumbnail(await jpeg(3000, 2250), { longSide: THUMB_SMALL_LONG_SIDE });
    expect([small.width, small.height, small.mime, small.ext]).toEqual([240, 180, 'image/webp', 'webp']);
    const meta = await sharp(small.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 180]);
    const tiny = await makeThumbnail(await jpeg(200, 150), { longSide: THUMB_SMALL_LONG_SIDE });
    expect([tiny.width, tiny.height]).toEqual([200, 150]);
  });

  it("takes the dominant colour as #rrggbb, close to a flat picture's own colour", async () => {
    const colour = await dominantColor(await jpeg(800, 600));
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    // the source is #c8a050 = (200, 160, 80); sharp's histogram has 16 levels per channel
    expect(Math.abs(r! - 200)).toBeLessThanOrEqual(12);
    expect(Math.abs(g! - 160)).toBeLessThanOrEqual(12);
    expect(Math.abs(b! - 80)).toBeLessThanOrEqual(12);
    // transparent areas are drawn on white, as in the thumbnail
    const clear = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect(await dominantColor(clear)).toMatch(/^#f[0-9a-f]f[0-9a-f]f[0-9a-f]$/);
  });

  it('turns EXIF-rotated pictures upright', async () => {
    const thumb = await makeThumbnail(await jpeg(800, 600, 6));
    expect([thumb.width, thumb.height]).toEqual([360, 480]);
  });

  it('covers the preview with a visible mark', async () => {
    const source = await jpeg(1600, 1200);
    const preview = await makeWatermarkedPreview(source);
    expect([preview.width, preview.height, preview.mime]).toEqual([1200, 900, 'image/webp']);
    const plain = await sharp(source).resize(1200, 900).raw().toBuffer();
    const marked = await sharp(preview.data).raw().toBuffer();
    // Tiled over the whole picture, not a corner logo: every cell of a 4 × 4 grid is marked.
    const cells = new Array<number>(16).fill(0);
    for (let y = 0; y < 900; y += 1) {
      for (let x = 0; x < 1200; x += 1) {
        const i = (y * 1200 + x) * 3;
        const diff =
          Math.abs(plain[i]! - marked[i]!) +
          Math.abs(plain[i + 1]! - marked[i + 1]!) +
          Math.abs(plain[i + 2]! - marked[i + 2]!);
        if (diff > 30) cells[Math.floor(y / 225) * 4 + Math.floor(x / 300)]! += 1;
      }
    }
    for (const n of cells) expect(n / (300 * 225)).toBeGreaterThan(0.01);
  });

  it('draws the mark with paths only, so no font is needed', () => {
    const svg = watermarkSvg(1200, 900);
    expect(svg).not.toMatch(/<text/);
    expect(svg).toContain('<path');
  });

  it("gives a flat picture's colour as the placeholder of all renditions", async () => {
    const r = await makeImageRenditions(await jpeg(1600, 1200));
    expect([r.thumbSmall.width, r.thumbSmall.height]).toEqual([240, 180]);
    const [red, green, blue] = [1, 3, 5].map((i) => parseInt(r.placeholderColor.slice(i, i + 2), 16));
    expect(Math.abs(red! - 200) + Math.abs(green! - 160) + Math.abs(blue! - 80)).toBeLessThanOrEqual(24);
  });

  it('makes all renditions from one decode', async () => {
    const pixels = await rasteriseSvg(
      composeScene(
        { subject: 'solitaire-ring', background: 'white', metal: 'gold', gem: 'diamond', seed: 1 },
        900,
        1200,
      ),
    );
    expect([pixels.width, pixels.height]).toEqual([900, 1200]);
    const r = await makeImageRenditions(pixels);
    expect([r.thumb.width, r.thumb.height]).toEqual([360, 480]);
    expect([r.thumbSmall.width, r.thumbSmall.height, r.thumbSmall.mime]).toEqual([180, 240, 'image/webp']);
    expect(r.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect([r.cover.width, r.cover.height]).toEqual([360, 480]);
    expect([r.preview.width, r.preview.height]).toEqual([900, 1200]);
  });
});

describe('artwork', () => {
  it('draws no text and is deterministic for a seed', () => {
    const spec = { subject: 'halo-pendant', background: 'qixi', metal: 'rose', gem: 'ruby', seed: 9 } as const;
    const a = composeScene(spec, 800, 600);
    expect(a).toBe(composeScene(spec, 800, 600));
    expect(a).not.toMatch(/<text/);
    expect(composeScene(spec, 800, 600, 0.5)).not.toBe(a);
  });
});

describe('video labels', () => {
  it('names aspect ratios and resolutions', () => {
    expect(aspectRatioLabel(1920, 1080)).toBe('16:9');
    expect(aspectRatioLabel(1080, 1920)).toBe('9:16');
    expect(aspectRatioLabel(1080, 1080)).toBe('1:1');
    expect(aspectRatioLabel(1366, 768)).toBe('16:9');
    expect(aspectRatioLabel(1000, 300)).toBe('10:3');
    expect(resolutionLabel(3840, 2160)).toBe('4K');
    expect(resolutionLabel(2560, 1440)).toBe('2K');
    expect(resolutionLabel(1080, 1920)).toBe('1080p');
    expect(resolutionLabel(1280, 720)).toBe('720p');
    expect(resolutionLabel(640, 360)).toBe('360p');
  });
});
