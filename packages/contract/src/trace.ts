import { OperatorRole } from './operator-roles.js';

/*
 * 溯源's limits and who may use it, without zod: the console's menu reads them
 * (docs/decisions/0049-a-trace-on-delivered-originals.md).
 */

/** Who may trace: 内容 (rights over the catalogue) and 客服 (a buyer's or a rights holder's complaint); 管理员 always. */
export const ADMIN_TRACE_ACCESS = { roles: [OperatorRole.CONTENT, OperatorRole.SERVICE] } as const;

/** The types a picture copy may be: what browsers and the picture pipeline read. */
export const TRACE_IMAGE_COPY_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The types a short video copy may be: what a phone records or a video site serves (MP4, MOV, WebM). */
export const TRACE_VIDEO_COPY_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
/** Every type 溯源 takes as the request body. */
export const TRACE_COPY_TYPES = [...TRACE_IMAGE_COPY_TYPES, ...TRACE_VIDEO_COPY_TYPES] as const;
/**
 * A video copy longer than this is refused (4491): a few stills spread over it are read, so a
 * longer clip adds no evidence, only a longer upload; the operator cuts out the part that matters.
 */
export const TRACE_VIDEO_COPY_MAX_MS = 60_000;
/** A copy larger than this is not a file found online (and is not decoded). */
export const TRACE_COPY_MAX_BYTES = 20 * 1024 * 1024;
/** A copy smaller than this on its shorter side carries too few cells to read. */
export const TRACE_COPY_MIN_SIDE = 64;
