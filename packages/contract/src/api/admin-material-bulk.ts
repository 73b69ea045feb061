import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { LICENCE_TYPES } from '../enums.js';
import { BULK_JOB_STATUSES, BULK_PICK_MAX } from '../admin-lists.js';
import { zRequestKey } from '../validation.js';
import {
  ADMIN_MESSAGES,
  MAX_KEYWORDS_PER_MATERIAL,
  MAX_PRICE_CENTS,
  ZAdminMaterialFilter,
  zAdminKeyword,
} from './admin-material.js';

export {
  BULK_JOB_STATUS_LABEL,
  BULK_JOB_STATUSES,
  BULK_PICK_MAX,
  BulkJobStatus,
  MaterialBulkJobMachine,
} from '../admin-lists.js';

/*
 * 素材管理's bulk edits: one change applied to the materials picked in the list, or to every
 * material matching its search. A background job applies it in chunks; the console polls its
 * progress. One audit entry per bulk edit.
 */

const BULK_MESSAGES = {
  price: `价格必须是 0 到 ${MAX_PRICE_CENTS / 100} 元之间、精确到分的金额`,
  emptyPrices: '请至少填写一个授权的价格或特价',
  emptyKeywords: '请填写要添加或删除的关键词',
  sameKeyword: '同一个关键词不能既添加又删除',
  pick: `请选择 1 到 ${BULK_PICK_MAX} 个素材`,
  freeRange: ADMIN_MESSAGES.freeRange,
  freeRangeBoth: ADMIN_MESSAGES.freeRangeBoth,
  key: '批量修改请求编号格式不正确，请关闭对话框后重试',
} as const;

const zCents = z
  .number({ error: BULK_MESSAGES.price })
  .int({ error: BULK_MESSAGES.price })
  .min(0, { error: BULK_MESSAGES.price })
  .max(MAX_PRICE_CENTS, { error: BULK_MESSAGES.price });

const LICENCE_KEY = new RegExp(`^[${LICENCE_TYPES.join('')}]$`);

/** Per licence type: a price in cents, or null to go back to the licence table's (no special price). */
const zBulkPriceMap = z.record(z.string().regex(LICENCE_KEY), zCents.nullable(), {
  error: (issue) => (issue.code === 'invalid_key' ? ADMIN_MESSAGES.priceType : undefined),
});

const zIsoDateTime = z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.date });

const zBulkFacet = z.string().max(40).nullable().optional();

/** What a bulk edit changes: one kind of change per job. */
export const ZBulkChange = z.discriminatedUnion('kind', [
  /** 上架 (false) / 下架 (true). */
  z.strictObject({ kind: z.literal('disabled'), disabled: z.boolean({ error: ADMIN_MESSAGES.bool }) }),
  z.strictObject({ kind: z.literal('featured'), featured: z.boolean({ error: ADMIN_MESSAGES.bool }) }),
  /** Prices and special prices of the licence types named; the types not named keep theirs. */
  z
    .strictObject({
      kind: z.literal('prices'),
      pricesCents: zBulkPriceMap.default({}),
      specialPricesCents: zBulkPriceMap.default({}),
    })
    .refine((c) => Object.keys(c.pricesCents).length + Object.keys(c.specialPricesCents).length > 0, {
      error: BULK_MESSAGES.emptyPrices,
      path: ['pricesCents'],
    }),
  /** The free window, both ends, or both null to end it. */
  z
    .strictObject({
      kind: z.literal('free'),
      freeFrom: zIsoDateTime.nullable(),
      freeUntil: zIsoDateTime.nullable(),
    })
    .refine((c) => (c.freeFrom === null) === (c.freeUntil === null), {
      error: BULK_MESSAGES.freeRangeBoth,
      path: ['freeUntil'],
    })
    .refine((c) => !c.freeFrom || !c.freeUntil || Date.parse(c.freeFrom) < Date.parse(c.freeUntil), {
      error: BULK_MESSAGES.freeRange,
      path: ['freeUntil'],
    }),
  z
    .strictObject({
      kind: z.literal('keywords'),
      add: z.array(zAdminKeyword).max(MAX_KEYWORDS_PER_MATERIAL, { error: ADMIN_MESSAGES.keywordCount }).default([]),
      remove: z.array(zAdminKeyword).max(MAX_KEYWORDS_PER_MATERIAL, { error: ADMIN_MESSAGES.keywordCount }).default([]),
    })
    .refine((c) => c.add.length + c.remove.length > 0, { error: BULK_MESSAGES.emptyKeywords, path: ['add'] })
    .refine((c) => !c.add.some((k) => c.remove.includes(k)), { error: BULK_MESSAGES.sameKeyword, path: ['remove'] }),
  /**
   * 设置属性: the jewellery facets named are set (a code of FACET_VOCABULARY) or cleared (null);
   * those absent are left as they are. Codes are checked by the server (4400–4403), and a change
   * naming none is refused (4405).
   */
  z.strictObject({
    kind: z.literal('facets'),
    metal: zBulkFacet,
    gem: zBulkFacet,
    piece: zBulkFacet,
    scene: zBulkFacet,
  }),
]);
export type TBulkChange = z.output<typeof ZBulkChange>;
export type TBulkChangeInput = z.input<typeof ZBulkChange>;

/** The materials picked one by one, or every material matching the list's filter when the job starts. */
export const ZBulkSelection = z.union([
  z.strictObject({
    sids: z
      .array(z.string().min(1).max(64))
      .min(1, { error: BULK_MESSAGES.pick })
      .max(BULK_PICK_MAX, { error: BULK_MESSAGES.pick })
      .transform((list) => [...new Set(list)]),
  }),
  z.strictObject({ filter: ZAdminMaterialFilter }),
]);
export type TBulkSelection = z.output<typeof ZBulkSelection>;

export const ZBulkEditRequest = z.strictObject({
  selection: ZBulkSelection,
  change: ZBulkChange,
  /**
   * Made by the console once per confirmation: the same request sent again (a double click, a
   * retry after a lost answer) answers the job it started, and starts no second one.
   */
  idempotencyKey: zRequestKey(BULK_MESSAGES.key),
});
export type TBulkEditRequest = z.input<typeof ZBulkEditRequest>;

export const ZBulkJob = z.object({
  sid: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  change: ZBulkChange,
  /** Materials chosen when the job started. */
  total: z.number().int(),
  processed: z.number().int(),
  lastError: z.string().nullable(),
  operatorSid: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TBulkJob = z.infer<typeof ZBulkJob>;

export const ZBulkJobResponse = z.object({ job: ZBulkJob });
export type TBulkJobResponse = z.infer<typeof ZBulkJobResponse>;

export const ZBulkJobParams = z.object({
  id: z.string().min(1, { error: '批量任务编号不正确' }).max(64, { error: '批量任务编号不正确' }),
});

export const ADMIN_MATERIAL_BULK_API = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/admin/materials/bulk',
    access: 'operator',
    roles: ['content'],
    body: ZBulkEditRequest,
    response: ZBulkJobResponse,
    summary:
      'Starts a bulk edit of the materials picked (sids) or of every material matching a list filter now; refused whole (1001) when the change does not fit every one of them.',
  }),
  job: defineEndpoint({
    method: 'GET',
    path: '/api/admin/materials/bulk/:id',
    access: 'operator',
    roles: ['content'],
    params: ZBulkJobParams,
    response: ZBulkJobResponse,
    summary: "A bulk edit's progress (processed of total) and state.",
  }),
} as const;
