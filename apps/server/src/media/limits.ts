/**
 * Hard limits of the media code, whatever the configuration says. Configured upload limits
 * (config.ts) must stay inside them.
 */

/** Pixel budget for decoding untrusted images (sharp's limitInputPixels). */
export const MAX_DECODE_PIXELS = 120_000_000;

/** Longest side of a video the pipeline takes (8K). */
export const MAX_VIDEO_SIDE = 8192;

/** Longest video the pipeline takes: an hour. */
export const MAX_VIDEO_DURATION_MS = 60 * 60 * 1000;

/** Smallest image side worth storing. */
export const MIN_IMAGE_SIDE = 16;
