import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ImageRenditions,
  makeImageRenditions,
  renderWatermarkOverlay,
  type Rendition,
} from './image-processor.js';
import type { MediaKind } from './file-type.js';
import { fitEven, type VideoProcessor } from './video-processor.js';

/**
 * The rules the public files are made by. Anyone may fetch a public file, so each one is either
 * watermarked (the preview still, the video clip) or no larger than a thumbnail (thumbnail and
 * cover, 480 px on the long side; the small thumbnail, 240 px). Raise the version whenever those
 * rules change: materials made under an older one are rendered again from their originals
 * (media:rerender, and at start-up).
 *   1: cover 1200 px unmarked (withdrawn: usable on the web without a licence)
 *   2: cover 480 px
 *   3: a second grid thumbnail, 240 px, and the dominant colour as the grid's placeholder
 *   4: the watermarked still in WebP instead of JPEG
 *   5: the colour palette (searched by `color=`, compared by 相似素材), drawn from the thumbnail
 */
export const RENDITION_VERSION = 5;

/** Long side above which a public picture must carry the watermark. */
export const UNMARKED_MAX_LONG_SIDE = 480;

/** The public files of a material, made from its original. */
export interface MaterialRenditions {
  thumb: Rendition;
  /** The 240 px grid thumbnail. */
  thumbSmall: Rendition;
  cover: Rendition;
  /** The watermarked still: the image preview, or the video's watermarked poster frame. */
  watermark: Rendition;
  /** Video only: the small watermarked clip (MP4). */
  previewClip: Buffer | null;
  /** Dominant colour of the picture (the video's poster frame), `#rrggbb`. */
  placeholderColor: string;
}

/** Long side of the video preview clip. */
export const PREVIEW_CLIP_LONG_SIDE = 640;
/** Clips are cut to this length; shorter videos are previewed whole. */
export const PREVIEW_CLIP_MAX_SECONDS = 15;
/** Poster frames are taken at this size before the still renditions are made from them. */
const POSTER_LONG_SIDE = 1280;

export interface RenditionInput {
  kind: MediaKind;
  /** The original, as a local file. */
  path: string;
  /** Displayed size (after rotation), from the upload's inspection. */
  width: number;
  height: number;
  durationMs: number | null;
}

function stillsOf(stills: ImageRenditions): Omit<MaterialRenditions, 'previewClip'> {
  return {
    thumb: stills.thumb,
    thumbSmall: stills.thumbSmall,
    cover: stills.cover,
    watermark: stills.preview,
    placeholderColor: stills.placeholderColor,
  };
}

/**
 * Both thumbnails, cover, watermarked still and placeholder colour for any material; for a video
 * also the watermarked preview clip. Scratch files go to a private temporary directory under
 * `workDir`, removed before returning.
 */
export async function makeMaterialRenditions(
  input: RenditionInput,
  options: { video: VideoProcessor; workDir: string },
): Promise<MaterialRenditions> {
  if (input.kind === 'image') {
    const stills = await makeImageRenditions(await readFile(input.path));
    return { ...stillsOf(stills), previewClip: null };
  }
  const scratch = await mkdtemp(join(options.workDir, 'render-'));
  try {
    const durationMs = input.durationMs ?? 0;
    const poster = join(scratch, 'poster.jpg');
    const posterSize = fitEven(input.width, input.height, POSTER_LONG_SIDE);
    await options.video.extractPoster(input.path, poster, {
      // A moment in, past a fade from black, but inside even a very short clip.
      atMs: Math.min(1000, durationMs / 2),
      ...posterSize,
    });
    const stills = await makeImageRenditions(await readFile(poster));

    const clipSize = fitEven(input.width, input.height, PREVIEW_CLIP_LONG_SIDE);
    const overlay = join(scratch, 'overlay.png');
    await writeFile(overlay, await renderWatermarkOverlay(clipSize.width, clipSize.height));
    const clip = join(scratch, 'preview.mp4');
    await options.video.makePreviewClip(input.path, clip, {
      ...clipSize,
      maxSeconds: PREVIEW_CLIP_MAX_SECONDS,
      overlayPngPath: overlay,
    });
    return { ...stillsOf(stills), previewClip: await readFile(clip) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
