import { z } from '../zod-locale.js';
import { CHANNEL_PRESETS } from '../channel-presets.js';
import { defineEndpoint } from '../endpoint.js';
import { ZDownloadUrlResponse, ZMaterialIdParams } from './material.js';
import { ZDownloadQuery, ZDownloadResponse, ZOrderParams, ZPurchasedQuery, ZPurchasedResponse } from './order.js';

const PRESET_MESSAGE = '请选择支持的渠道尺寸：天猫、京东、小红书、抖音或微信公众号';

export const ZMaterialDownloadQuery = z.object({
  /** A channel-ready cut instead of the original (channel-presets.ts); absent → the original. */
  preset: z.enum(CHANNEL_PRESETS, { error: PRESET_MESSAGE }).optional(),
});
export type TMaterialDownloadQuery = z.infer<typeof ZMaterialDownloadQuery>;

/** Where a channel's cut falls on the picture, in fractions of its width and height (0–1). */
export const ZCropBox = z.object({
  left: z.number().min(0).max(1),
  top: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type TCropBox = z.infer<typeof ZCropBox>;

export const ZChannelCut = z.object({
  preset: z.enum(CHANNEL_PRESETS),
  name: z.string(),
  use: z.string(),
  ratio: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Whether this account may download the cut now; `reason` says why not. */
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The frame the cut keeps, on the subject; null when the cut cannot be made. */
  crop: ZCropBox.nullable(),
  /** A video's reframe being made now: the download answers 4423 until it is ready. Always false for a picture. */
  preparing: z.boolean(),
});
export type TChannelCut = z.infer<typeof ZChannelCut>;

/**
 * The channel cuts of a licensed image or video: `previewUrl` is the public watermarked preview, on which
 * the web app draws each cut's frame, so the preview never needs the clean original.
 */
export const ZChannelCutsResponse = z.object({
  material: z.string(),
  previewUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  cuts: z.array(ZChannelCut),
});
export type TChannelCutsResponse = z.infer<typeof ZChannelCutsResponse>;

/**
 * Licensed downloads and the purchased list (spec §7). The licence certificate (a PDF) and its
 * public verification page (HTML) are not endpoint declarations: their paths are
 * `ORDER_PATHS.certificate` and `ORDER_PATHS.verifyCertificate` in paths.ts.
 */
export const LICENCE_API = {
  materialDownload: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/download',
    access: 'user',
    params: ZMaterialIdParams,
    query: ZMaterialDownloadQuery,
    response: ZDownloadUrlResponse,
    summary:
      "A short-lived link to the original of a material the account's company has licensed, or with `preset` to its cut for a sales channel.",
  }),
  channelCuts: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/presets',
    access: 'user',
    params: ZMaterialIdParams,
    response: ZChannelCutsResponse,
    summary:
      "The channel-ready cuts of a licensed image or video: each one's size, whether it can be made, its frame, and whether a video's is being made.",
  }),
  orderDownload: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id/download',
    access: 'user',
    params: ZOrderParams,
    query: ZDownloadQuery,
    response: ZDownloadResponse,
    summary: 'Short-lived links to the originals of a paid order: one material, or all of them.',
  }),
  purchased: defineEndpoint({
    method: 'GET',
    path: '/api/user/material',
    access: 'user',
    query: ZPurchasedQuery,
    response: ZPurchasedResponse,
    summary: 'Licensed materials with their licence, download count and certificate.',
  }),
} as const;
