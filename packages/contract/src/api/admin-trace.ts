import { CHANNEL_PRESETS } from '../channel-presets.js';
import { z } from '../zod-locale.js';

/*
 * Operator console: 溯源. A copy of a picture found elsewhere is uploaded as the request body
 * itself (ADMIN_TRACE_PATH, the file's own Content-Type, like a design file) and read against the
 * trace mark every delivered original, channel cut and video carries (a video's copy: a still
 * grabbed from it, or a short video file of which a few stills are read together).
 * docs/decisions/0049-a-trace-on-delivered-originals.md.
 */

export const ZTraceQuery = z.object({
  /** The material the copy is of, when the operator knows it: no search by resemblance. */
  material: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{6,64}$/, { error: '素材编号不正确' })
    .optional(),
});
export type TTraceQuery = z.input<typeof ZTraceQuery>;

export const ZTraceDownload = z.object({
  at: z.string(),
  userSid: z.string(),
  /** The account's name, or its masked mobile when it has none. */
  account: z.string(),
  mobile: z.string().nullable(),
  /** The channel cut downloaded (tmall …), null for the original. */
  preset: z.string().nullable(),
});

export const ZTraceMatch = z.object({
  materialSid: z.string(),
  certNo: z.string(),
  traceNo: z.string(),
  orderNo: z.string().nullable(),
  orderSid: z.string(),
  /** The mark's z-score: how far above chance the copy matches this licence. */
  score: z.number(),
  /** The channel cut the copy was made from (its licence's marked cut); null: the original. */
  cut: z.enum(CHANNEL_PRESETS).nullable(),
  /**
   * For a video: when the frame the still shows is, in ms from the start (a video copy: the frame
   * its first still shows); null for a picture.
   */
  frameMs: z.number().nullable(),
  company: z.string().nullable(),
  /** The account that bought the licence. */
  buyer: z.object({ sid: z.string(), account: z.string(), mobile: z.string().nullable() }),
  licensedAt: z.string(),
  revoked: z.boolean(),
  /** The licence's downloads, newest first (at most 20). */
  downloads: z.array(ZTraceDownload),
});
export type TTraceMatch = z.infer<typeof ZTraceMatch>;

/** One thing of a material the copy was read against: its original, a channel cut, or a video's frame. */
export const ZTraceReading = z.object({
  /** The channel cut read; null: the original (a picture's, or the video's frame). */
  cut: z.enum(CHANNEL_PRESETS).nullable(),
  /** The video's frame the still was found to show, in ms; null for a picture. */
  frameMs: z.number().nullable(),
  placed: z.boolean(),
  /** Stills of a video copy read together (their residuals summed, one z-score); 1 for a picture or a still. */
  stills: z.number(),
  licencesCompared: z.number(),
  bestScore: z.number().nullable(),
});

export const ZTraceCandidate = z.object({
  sid: z.string(),
  title: z.string(),
  format: z.enum(['image', 'video']),
  thumbUrl: z.string().nullable(),
  /** Bits the copy's perceptual hash differs in; null when the operator named the material. */
  distance: z.number().nullable(),
  /** Whether the copy lined up with this material's original at all. */
  placed: z.boolean(),
  /** Licences of this material read against the copy. */
  licencesCompared: z.number(),
  /** The highest z-score among them (null when none was compared). */
  bestScore: z.number().nullable(),
  /** Each reading: the original, then each channel cut that was made (a picture's). */
  readings: z.array(ZTraceReading),
});

export const ZTraceResponse = z.object({
  /** False: 未检出 (no licence's mark reaches the threshold). */
  found: z.boolean(),
  threshold: z.number(),
  match: ZTraceMatch.nullable(),
  candidates: z.array(ZTraceCandidate),
  copy: z.object({
    /** A picture (or a still), or a short video of which a few stills were read. */
    kind: z.enum(['image', 'video']),
    width: z.number(),
    height: z.number(),
    bytes: z.number(),
    /** A video copy's length; null for a picture. */
    durationMs: z.number().nullable(),
  }),
});
export type TTraceResponse = z.infer<typeof ZTraceResponse>;
