/**
 * Why an uploaded file was refused. The media layer knows nothing of HTTP or the error
 * catalogue: the admin material service turns each reason into a coded, Chinese AppError.
 */
export type MediaRejectionReason =
  | 'empty'
  | 'unsupported'
  | 'too_large'
  | 'too_many_pixels'
  | 'too_small'
  | 'corrupt'
  | 'video_unavailable'
  | 'video_too_large';

export class MediaRejectedError extends Error {
  constructor(
    readonly reason: MediaRejectionReason,
    /** For the log and the operator: what exactly was wrong (never shown to buyers). */
    readonly detail: string,
    readonly facts: { limitBytes?: number; width?: number; height?: number; maxPixels?: number } = {},
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'MediaRejectedError';
  }
}

/** A tool (ffmpeg, sharp) failed on a file that had been accepted; the job may retry. */
export class MediaProcessingError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MediaProcessingError';
  }
}
