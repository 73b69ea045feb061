import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { MATERIAL_FORMATS } from '../enums.js';
import { ZMaterial, zLicenceType } from '../entities.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { zSid } from '../validation.js';
import { BOARD_LIMITS, BOARD_MESSAGES } from '../board-limits.js';
import { zSpec } from './cart.js';
import { ZPageQuery } from './material.js';

const zBoardName = z
  .string({ error: BOARD_MESSAGES.name })
  .trim()
  .min(1, { error: BOARD_MESSAGES.name })
  .max(BOARD_LIMITS.nameMax, { error: BOARD_MESSAGES.nameMax });

export const ZBoardNameRequest = z.object({ name: zBoardName });
export type TBoardNameRequest = z.input<typeof ZBoardNameRequest>;

export const ZBoardItemParams = z.object({ id: zSid, material: zSid });
export const ZBoardShareParams = z.object({
  id: zSid,
  token: z.string().regex(/^[a-z0-9]{32}$/, { error: BOARD_MESSAGES.token }),
});
export const ZBoardShareTokenParams = z.object({
  token: z.string().regex(/^[a-z0-9]{32}$/, { error: BOARD_MESSAGES.token }),
});

/** Adds a material (or changes the licence type of one already on the board). Without `spec`: the material's first type. */
export const ZBoardAddRequest = z.object({ material: zSid, spec: zSpec.optional() });
export type TBoardAddRequest = z.input<typeof ZBoardAddRequest>;

/** Puts the material right after `after` (null: first on the board). */
export const ZBoardMoveRequest = z.object({ material: zSid, after: zSid.nullable() });
export type TBoardMoveRequest = z.input<typeof ZBoardMoveRequest>;

export const ZBoardCommentRequest = z.object({
  body: z
    .string({ error: BOARD_MESSAGES.comment })
    .trim()
    .min(1, { error: BOARD_MESSAGES.comment })
    .max(BOARD_LIMITS.commentMax, { error: BOARD_MESSAGES.commentMax }),
});
export type TBoardCommentRequest = z.input<typeof ZBoardCommentRequest>;

/** A share link valid for `days` days, or until revoked when null. */
export const ZBoardShareRequest = z.object({
  days: z
    .number({ error: BOARD_MESSAGES.shareDays })
    .int({ error: BOARD_MESSAGES.shareDays })
    .min(1, { error: BOARD_MESSAGES.shareDays })
    .max(BOARD_LIMITS.shareDaysMax, { error: BOARD_MESSAGES.shareDays })
    .nullable(),
});
export type TBoardShareRequest = z.input<typeof ZBoardShareRequest>;

export const ZBoardQuery = ZPageQuery.extend({ cursor: zListCursor });
export type TBoardQuery = z.input<typeof ZBoardQuery>;

export const ZBoardSummary = z.object({
  sid: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  /** Up to four thumbnails of its first materials. */
  covers: z.array(z.string()),
  creatorName: z.string(),
  /** Whether the signed-in account may rename, delete and share it. */
  editable: z.boolean(),
  createdAt: z.string(),
});
export type TBoardSummary = z.infer<typeof ZBoardSummary>;

export const ZBoardListResponse = ZListPageInfo.extend({
  total: z.number().int(),
  boards: z.array(ZBoardSummary),
});
export type TBoardListResponse = z.infer<typeof ZBoardListResponse>;

/** A material on a board: as the catalogue shows it (disabled: 已下架), the licence type to buy, its unit price. */
export const ZBoardItem = ZMaterial.extend({
  spec: zLicenceType,
  unitPrice: z.number().int(),
  position: z.number().int(),
  addedByName: z.string(),
  commentCount: z.number().int(),
  addedAt: z.string(),
});
export type TBoardItem = z.infer<typeof ZBoardItem>;

export const ZBoardShare = z.object({
  token: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TBoardShare = z.infer<typeof ZBoardShare>;

/** The board in its order, with its live share links (only for who may share it). */
export const ZBoardResponse = z.object({
  board: ZBoardSummary,
  items: z.array(ZBoardItem),
  shares: z.array(ZBoardShare),
});
export type TBoardResponse = z.infer<typeof ZBoardResponse>;

export const ZBoardComment = z.object({
  sid: z.string(),
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type TBoardComment = z.infer<typeof ZBoardComment>;

export const ZBoardCommentsResponse = z.object({ comments: z.array(ZBoardComment) });
export type TBoardCommentsResponse = z.infer<typeof ZBoardCommentsResponse>;

/** What "buy all" did: each material added to the caller's cart, and those skipped with why. */
export const ZBoardBuyResponse = z.object({
  added: z.array(z.string()),
  skipped: z.array(z.object({ sid: z.string(), title: z.string(), reason: z.enum(['disabled', 'owned']) })),
  count: z.number().int(),
});
export type TBoardBuyResponse = z.infer<typeof ZBoardBuyResponse>;

/** A board as a client sees it through a share link: watermarked previews, no prices, no names of the company's people. */
export const ZSharedBoardItem = z.object({
  sid: z.string(),
  format: z.enum(MATERIAL_FORMATS),
  title: z.string(),
  thumbUrl: z.string().nullable(),
  watermarkUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  disabled: z.boolean(),
});
export type TSharedBoardItem = z.infer<typeof ZSharedBoardItem>;

export const ZSharedBoardResponse = z.object({
  name: z.string(),
  expiresAt: z.string().nullable(),
  items: z.array(ZSharedBoardItem),
});
export type TSharedBoardResponse = z.infer<typeof ZSharedBoardResponse>;

const ZIdParams = z.object({ id: zSid });

/** A company's boards (收藏夹): the main account and its sub-accounts share them (decision 0047). */
export const BOARD_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/boards',
    access: 'user',
    query: ZBoardQuery,
    response: ZBoardListResponse,
    summary: "The company's boards, newest first, a page at a time; `cursor` goes on after a page.",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards',
    access: 'user',
    body: ZBoardNameRequest,
    response: ZBoardSummary,
    summary: 'Creates a board of the company (at most BOARD_LIMITS.boardsPerCompany).',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/user/boards/:id',
    access: 'user',
    params: ZIdParams,
    response: ZBoardResponse,
    summary: 'A board of the company with its materials in order and its live share links.',
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/api/user/boards/:id',
    access: 'user',
    params: ZIdParams,
    body: ZBoardNameRequest,
    response: ZBoardSummary,
    summary: 'Renames a board (the main account, or the sub-account that made it).',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/boards/:id',
    access: 'user',
    params: ZIdParams,
    response: z.object({}),
    summary: 'Deletes a board, its comments and share links (the main account, or the sub-account that made it).',
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards/:id/items',
    access: 'user',
    params: ZIdParams,
    body: ZBoardAddRequest,
    response: z.object({ itemCount: z.number().int() }),
    summary: 'Puts a material on the board last, or changes the licence type of one already there.',
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/boards/:id/items/:material',
    access: 'user',
    params: ZBoardItemParams,
    response: z.object({ itemCount: z.number().int() }),
    summary: 'Takes a material off the board with its comments.',
  }),
  moveItem: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards/:id/move',
    access: 'user',
    params: ZIdParams,
    body: ZBoardMoveRequest,
    response: z.object({}),
    summary: 'Moves a material right after another (or first).',
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: '/api/user/boards/:id/items/:material/comments',
    access: 'user',
    params: ZBoardItemParams,
    response: ZBoardCommentsResponse,
    summary: 'The comments on a material of the board, oldest first.',
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards/:id/items/:material/comments',
    access: 'user',
    params: ZBoardItemParams,
    body: ZBoardCommentRequest,
    response: ZBoardComment,
    summary: 'Comments on a material of the board.',
  }),
  buyAll: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards/:id/buy',
    access: 'user',
    params: ZIdParams,
    response: ZBoardBuyResponse,
    summary:
      "Puts every material of the board on sale into the caller's cart with its licence type; skips those off sale or already licensed.",
  }),
  share: defineEndpoint({
    method: 'POST',
    path: '/api/user/boards/:id/shares',
    access: 'user',
    params: ZIdParams,
    body: ZBoardShareRequest,
    response: ZBoardShare,
    summary: 'Makes a read-only link to the board for a client (optionally expiring).',
  }),
  revokeShare: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/boards/:id/shares/:token',
    access: 'user',
    params: ZBoardShareParams,
    response: z.object({}),
    summary: 'Ends a share link at once.',
  }),
  shared: defineEndpoint({
    method: 'GET',
    path: '/api/board_share/:token',
    access: 'public',
    params: ZBoardShareTokenParams,
    response: ZSharedBoardResponse,
    summary: 'A shared board as a client sees it: watermarked previews only, no prices, no names.',
  }),
} as const;
