import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { MESSAGES } from '../validation.js';
import {
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_TEXT_MAX,
  PrivacyRequestKind,
} from '../privacy-request-machine.js';
import { ZAdminPageQuery } from './admin-material.js';
import { ZSidParams } from './user.js';

export const PRIVACY_MESSAGES = {
  kind: '请选择请求类型',
  correction: '请填写需要更正的内容',
  note: '请填写处理说明',
  reason: '请填写拒绝原因',
  status: '请求状态不正确',
} as const;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function text(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(PRIVACY_TEXT_MAX, { error: MESSAGES.tooLong(PRIVACY_TEXT_MAX) });
}

/**
 * POST /api/user/privacy_requests. A correction says what is wrong (`detail`, required); a copy
 * or a deletion may add a note. `forfeitBalance`: for a deletion, the user agrees to give up the
 * wallet's unexpired money (decision 0043); without it such a request is refused with 4345.
 */
export const ZPrivacyRequestCreate = z
  .object({
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: PRIVACY_MESSAGES.kind }),
    detail: z.preprocess(blankAsUndefined, text(PRIVACY_MESSAGES.correction).optional()),
    forfeitBalance: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === PrivacyRequestKind.CORRECTION && v.detail === undefined) {
      ctx.addIssue({ code: 'custom', path: ['detail'], message: PRIVACY_MESSAGES.correction });
    }
  });
export type TPrivacyRequestCreate = z.input<typeof ZPrivacyRequestCreate>;

/** A request as its user sees it. */
export const ZPrivacyRequest = z.object({
  sid: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  /** What the user wrote (what is wrong, for a correction). */
  detail: z.string().nullable(),
  /** When the answer is due: 24:00 China time of the 15th working day after the request. */
  dueAt: z.string(),
  /** That last day, "YYYY-MM-DD" (China calendar): what "请于 … 前" shows. */
  dueDate: z.string(),
  /** The operator's note (a correction made) or reason (a refusal). */
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** A produced copy: until when it may be downloaded (null: none, or removed). */
  archiveExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TPrivacyRequest = z.infer<typeof ZPrivacyRequest>;

export const ZPrivacyRequestListResponse = z.object({ requests: z.array(ZPrivacyRequest) });
export type TPrivacyRequestListResponse = z.infer<typeof ZPrivacyRequestListResponse>;

/**
 * What deleting the account involves, asked before the request is sent: what must be finished
 * first (`blockers`, each a sentence), the wallet money that would be given up, and the
 * sub-accounts deleted with a main account.
 */
export const ZPrivacyDeletionCheck = z.object({
  blockers: z.array(z.string()),
  balanceCents: z.number().int(),
  subAccounts: z.number().int(),
});
export type TPrivacyDeletionCheck = z.infer<typeof ZPrivacyDeletionCheck>;

/** A short-lived signed link to a produced copy (a zip). */
export const ZPrivacyArchiveLink = z.object({ url: z.string(), expiresAt: z.string() });
export type TPrivacyArchiveLink = z.infer<typeof ZPrivacyArchiveLink>;

/** A request as the operators' queue shows it. */
export const ZAdminPrivacyRequest = ZPrivacyRequest.extend({
  /** The account: username, e-mail or mobile (已注销 once deleted). */
  account: z.string(),
  company: z.string().nullable(),
  /** A main account (its deletion takes its sub-accounts along). */
  mainAccount: z.boolean(),
  /** Still waiting past its due time. */
  overdue: z.boolean(),
  /** A deletion: the wallet money the user agreed to give up when asking. */
  forfeitedBalanceCents: z.number().int().nullable(),
});
export type TAdminPrivacyRequest = z.infer<typeof ZAdminPrivacyRequest>;

export const ZAdminPrivacyListQuery = ZAdminPageQuery.extend({
  status: z.preprocess(
    blankAsUndefined,
    z.enum(PRIVACY_REQUEST_STATUSES, { error: PRIVACY_MESSAGES.status }).optional(),
  ),
  kind: z.preprocess(blankAsUndefined, z.enum(PRIVACY_REQUEST_KINDS, { error: PRIVACY_MESSAGES.kind }).optional()),
  cursor: zListCursor,
});
export type TAdminPrivacyListQuery = z.input<typeof ZAdminPrivacyListQuery>;

export const ZAdminPrivacyListResponse = ZListPageInfo.extend({
  total: z.number().int(),
  requests: z.array(ZAdminPrivacyRequest),
});
export type TAdminPrivacyListResponse = z.infer<typeof ZAdminPrivacyListResponse>;

/** What carrying out a deletion does, shown before the operator confirms. */
export const ZAdminPrivacyDeletionPreview = z.object({
  /** What must be finished first; the deletion is refused (4344) while any is listed. */
  blockers: z.array(z.string()),
  /** The accounts deleted: the requester, and a main account's sub-accounts. */
  accounts: z.array(z.string()),
  removed: z.array(z.string()),
  kept: z.array(z.string()),
});
export type TAdminPrivacyDeletionPreview = z.infer<typeof ZAdminPrivacyDeletionPreview>;

export const ZPrivacyNoteRequest = z.object({ note: text(PRIVACY_MESSAGES.note) });
export const ZPrivacyRefuseRequest = z.object({ reason: text(PRIVACY_MESSAGES.reason) });

export const PRIVACY_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/privacy_requests',
    access: 'user',
    response: ZPrivacyRequestListResponse,
    summary: "The account's own personal-information requests, newest first, with their state and due date.",
  }),
  deletionCheck: defineEndpoint({
    method: 'GET',
    path: '/api/user/privacy_requests/deletion_check',
    access: 'user',
    response: ZPrivacyDeletionCheck,
    summary: 'What must be finished before the account can be deleted, and the wallet money that would be given up.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/user/privacy_requests',
    access: 'user',
    body: ZPrivacyRequestCreate,
    response: ZPrivacyRequest,
    summary:
      'Asks for a copy of the data, a correction or the deletion of the account (a second waiting one of a kind: 4341; deletion blocked: 4344/4345).',
  }),
  archive: defineEndpoint({
    method: 'GET',
    path: '/api/user/privacy_requests/:id/archive',
    access: 'user',
    params: ZSidParams,
    response: ZPrivacyArchiveLink,
    summary: "A short-lived link to the account's produced copy (zip of JSON and CSV), while it lasts.",
  }),
} as const;

export const ADMIN_PRIVACY_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy_requests',
    access: 'operator',
    roles: ['service'],
    query: ZAdminPrivacyListQuery,
    response: ZAdminPrivacyListResponse,
    summary: 'The privacy request queue by due time (the most urgent first), optionally of one state and kind.',
  }),
  deletionPreview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy_requests/:id/deletion_preview',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    response: ZAdminPrivacyDeletionPreview,
    summary: 'What carrying out a deletion request removes and keeps, and what blocks it.',
  }),
  correct: defineEndpoint({
    method: 'POST',
    path: '/api/admin/privacy_requests/:id/correct',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZPrivacyNoteRequest,
    response: ZAdminPrivacyRequest,
    summary: 'Marks a correction request done, with a note of what was corrected; the user is told.',
  }),
  produce: defineEndpoint({
    method: 'POST',
    path: '/api/admin/privacy_requests/:id/produce',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    response: ZAdminPrivacyRequest,
    summary: "Produces the copy of the account's data (a zip) and tells the user it can be downloaded.",
  }),
  erase: defineEndpoint({
    method: 'POST',
    path: '/api/admin/privacy_requests/:id/erase',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    response: ZAdminPrivacyRequest,
    summary:
      'Carries out a deletion: personal data anonymised, sessions ended, the books kept (decision 0043); a second one: 4346.',
  }),
  refuse: defineEndpoint({
    method: 'POST',
    path: '/api/admin/privacy_requests/:id/refuse',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZPrivacyRefuseRequest,
    response: ZAdminPrivacyRequest,
    summary: 'Refuses a waiting request with a reason; the user is told.',
  }),
  archive: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy_requests/:id/archive',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    response: ZPrivacyArchiveLink,
    summary: 'A short-lived link to the produced copy, while it lasts.',
  }),
} as const;
