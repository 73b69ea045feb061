import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { orders } from './order.js';
import { operators } from './operator.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A custom design request (DemandStateMachine in the contract). `ownerSid` is the company (the
 * main account) so every account of it sees the request; `stageDeadline` is when the current
 * stage is due (null while it is the buyer's turn), kept on the row so the operators' board
 * pages by it through an index instead of computing it per row.
 */
export const demands = pgTable(
  'demands',
  {
    sid: text().primaryKey(),
    materialSid: text().references(() => materials.sid),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text().references(() => orders.sid),
    tier: text().notNull().default('advanced'),
    status: text().notNull().default('CREATED'),
    productKey: text(),
    logoKey: text(),
    resultKey: text(),
    detail: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Quoted tiers: what the buyer asked for (text, reference keys, AI video duration and ratio). */
    brief: jsonb().$type<DemandBriefRow>(),
    quotePriceCents: integer(),
    quoteLeadDays: integer(),
    designerSid: text().references(() => operators.sid),
    revisionsUsed: integer().notNull().default(0),
    stageDeadline: timestamp({ withTimezone: true }),
    /** The buyer's latest feedback, and when a designer said it was taken up (same working day). */
    feedbackAt: timestamp({ withTimezone: true }),
    feedbackAnsweredAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // 定制记录 of one account or a company, newest first, sid breaking ties.
    index('demands_user_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
    index('demands_owner_idx').on(t.ownerSid, t.createdAt.desc(), t.sid.desc()),
    index('demands_board_idx').on(t.status, t.stageDeadline, t.sid),
    index('demands_deadline_idx').on(t.stageDeadline, t.sid),
    uniqueIndex('demands_order_key').on(t.orderSid),
  ],
);

export interface DemandBriefRow {
  text: string;
  references: string[];
  duration: number | null;
  aspectRatio: string | null;
}

/**
 * What a designer handed over: drafts (version 1 = first draft, then one per revision) and the
 * final delivery (at most one per demand). The file itself is private; `previewKey` is a
 * downsized picture for the browser (null for a video).
 */
export const designFiles = pgTable(
  'design_files',
  {
    sid: text().primaryKey(),
    demandSid: text()
      .notNull()
      .references(() => demands.sid),
    kind: text().notNull(),
    version: integer().notNull(),
    fileKey: text().notNull(),
    previewKey: text(),
    contentType: text().notNull(),
    width: integer(),
    height: integer(),
    bytes: bigint({ mode: 'number' }).notNull(),
    fileName: text().notNull(),
    uploadedBy: text()
      .notNull()
      .references(() => operators.sid),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('design_files_version_key').on(t.demandSid, t.kind, t.version),
    uniqueIndex('design_files_final_key')
      .on(t.demandSid)
      .where(sql`${t.kind} = 'final'`),
  ],
);

/** Feedback on a draft: pinned to a point (x, y as fractions) or general; from the buyer or a designer. */
export const designComments = pgTable(
  'design_comments',
  {
    sid: text().primaryKey(),
    demandSid: text()
      .notNull()
      .references(() => demands.sid),
    fileSid: text()
      .notNull()
      .references(() => designFiles.sid),
    authorKind: text().notNull(),
    authorSid: text().notNull(),
    x: doublePrecision(),
    y: doublePrecision(),
    body: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('design_comments_demand_idx').on(t.demandSid, t.createdAt)],
);
