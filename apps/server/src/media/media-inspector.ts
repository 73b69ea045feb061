import { open } from 'node:fs/promises';
import { checkIsoBmffStructure } from './file-type.js';
import { readImageHeader, UnsupportedImageError, verifyImageDecodes } from './image-processor.js';
import { MIN_IMAGE_SIDE } from './limits.js';
import { MediaRejectedError } from './media-errors.js';
import type { StagedFile } from './upload-staging.js';
import { aspectRatioLabel, resolutionLabel } from './video-labels.js';
import type { VideoProcessor } from './video-processor.js';

/** The true facts of an accepted upload, read from its content. */
export interface InspectedMedia {
  width: number;
  height: number;
  durationMs: number | null;
  aspectRatio: string | null;
  resolution: string | null;
}

export interface InspectOptions {
  video: VideoProcessor;
  /** Images above width × height = maxPixels are refused from the header, before decoding. */
  maxPixels: number;
}

/** sharp's format names for the types the sniffer recognises. */
const SHARP_FORMAT: Record<string, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', tiff: 'tiff' };

async function inspectImage(file: StagedFile, maxPixels: number): Promise<InspectedMedia> {
  let header;
  try {
    header = await readImageHeader(file.path);
  } catch (error) {
    throw new MediaRejectedError('corrupt', (error as Error).message);
  }
  if (header.format !== SHARP_FORMAT[file.type.format]) {
    throw new MediaRejectedError('corrupt', `starts like ${file.type.format} but reads as ${header.format}`);
  }
  const { width, height } = header;
  if (width * height > maxPixels) {
    throw new MediaRejectedError('too_many_pixels', `${width}x${height}`, { width, height, maxPixels });
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new MediaRejectedError('too_small', `${width}x${height}`, { width, height });
  }
  try {
    await verifyImageDecodes(file.path);
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new MediaRejectedError('corrupt', error.message);
    throw error;
  }
  return { width, height, durationMs: null, aspectRatio: null, resolution: null };
}

async function inspectVideo(file: StagedFile, video: VideoProcessor): Promise<InspectedMedia> {
  if (!video.available) throw new MediaRejectedError('video_unavailable', 'ffmpeg/ffprobe not found');
  const handle = await open(file.path, 'r');
  try {
    const structure = await checkIsoBmffStructure(handle, file.bytes);
    if (!structure.ok) throw new MediaRejectedError('corrupt', structure.reason);
  } finally {
    await handle.close();
  }
  const probe = await video.probe(file.path);
  if (Math.min(probe.width, probe.height) < MIN_IMAGE_SIDE) {
    throw new MediaRejectedError('too_small', `${probe.width}x${probe.height}`, probe);
  }
  return {
    width: probe.width,
    height: probe.height,
    durationMs: probe.durationMs,
    aspectRatio: aspectRatioLabel(probe.width, probe.height),
    resolution: resolutionLabel(probe.width, probe.height),
  };
}

/**
 * Reads the true size (and duration, aspect ratio, resolution for video) of a staged upload and
 * refuses what must not go further: too many pixels (from the header alone), too small, cut
 * short, damaged, or a fake that only starts like an accepted type.
 */
export function inspectStagedFile(file: StagedFile, options: InspectOptions): Promise<InspectedMedia> {
  return file.type.kind === 'image' ? inspectImage(file, options.maxPixels) : inspectVideo(file, options.video);
}
