import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  auditLogs,
  auditLogsArchive,
  boards,
  boardShares,
  changeFeed,
  downloads,
  mediaJobs,
  outboxMessages,
  paymentEvents,
  paymentEventsArchive,
  signInGuards,
  usedChallenges,
  verificationCodes,
} from '../../src/db/schema/index.js';
import { connectPostgres, type Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/sql.js';
import { enforceRetention, RETENTION } from '../../src/modules/common/retention.js';
import { listOrderPaymentEvents } from '../../src/modules/payment/payment-admin.service.js';
import { createBuyer, daysAgo, insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const HOUR = 3_600_000;

/** The instant a China-time calendar year begins. */
function chinaYearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - 8 * HOUR);
}
const chinaYearNow = new Date(Date.now() + 8 * HOUR).getUTCFullYear();

/** Small batches, so every rule needs several to clear what it removes. */
const BATCH = 3;

/**
 * Every table that only grows has a lifetime (docs/decisions/0027): the retention pass deletes or
 * archives exactly what is past it, keeps everything else, and does the same however often it
 * runs and however many servers run it at once.
 */
describe('retention of the tables that only grow', () => {
  let t: TestApp;
  let buyerSid: string;
  let materialSids: string[];
  const boardSid = 'retention-board';

  beforeAll(async () => {
    t = await buildTestApp();
    buyerSid = (await createBuyer(t)).sid;
    materialSids = [];
    for (let i = 0; i < 3; i += 1) materialSids.push((await insertMaterial(t, { keywords: ['戒指'] })).sid);
    await t.database.db
      .insert(boards)
      .values({ sid: boardSid, ownerSid: buyerSid, creatorSid: buyerSid, name: '候选' });
  });
  afterAll(async () => {
    await t.close();
  });

  const tables = [
    'outbox_messages',
    'downloads',
    'media_jobs',
    'sign_in_guards',
    'payment_events',
    'payment_events_archive',
    'audit_logs',
    'audit_logs_archive',
    'verification_codes',
    'used_challenges',
    'change_feed',
    'analytics_events',
    'board_shares',
  ] as const;

  beforeEach(async () => {
    for (const table of tables) await t.database.db.execute(sql.raw(`delete from ${table}`));
    await seed();
  });

  /** Rows on both sides of every lifetime; each row's text says whether it must stay. */
  async function seed() {
    const db = t.database.db;
    const outbox = [];
    for (let i = 0; i < 7; i += 1) {
      outbox.push({ channel: 'sms', recipient: 'old', text: 'go', createdAt: daysAgo(RETENTION.outboxDays + 1 + i) });
    }
    outbox.push({ channel: 'sms', recipient: 'new', text: 'stay', createdAt: daysAgo(RETENTION.outboxDays - 1) });
    await db.insert(outboxMessages).values(outbox);

    const dl = [];
    for (let i = 0; i < 5; i += 1) {
      dl.push({
        userSid: buyerSid,
        materialSid: materialSids[0]!,
        kind: 'go',
        createdAt: daysAgo(RETENTION.downloadDays + 1 + i),
      });
    }
    dl.push({
      userSid: buyerSid,
      materialSid: materialSids[0]!,
      kind: 'stay',
      createdAt: daysAgo(RETENTION.downloadDays - 1),
    });
    await db.insert(downloads).values(dl);

    const old = daysAgo(RETENTION.mediaJobDays + 5);
    const recent = daysAgo(RETENTION.mediaJobDays - 5);
    const job = (material: number, status: string, finishedAt: Date | null, lastError: string) => ({
      materialSid: materialSids[material]!,
      kind: 'renditions',
      status,
      finishedAt,
      lastError,
    });
    // Inserted in id order: per material, the last one is its newest job.
    await db.insert(mediaJobs).values([
      job(0, 'done', old, 'go'),
      job(0, 'failed', old, 'go'),
      job(0, 'done', old, 'go'),
      job(0, 'failed', old, 'go'),
      job(0, 'failed', old, 'stay'), // the newest of material 0: the console shows it
      job(1, 'done', recent, 'stay'), // finished too recently
      job(1, 'queued', null, 'stay'), // never finished
      job(2, 'done', old, 'stay'), // the newest renditions job of material 2, though reframes came after
      { ...job(2, 'failed', old, 'go'), kind: 'reframe:800x800' },
      { ...job(2, 'done', old, 'stay'), kind: 'reframe:800x800' }, // the newest reframe of its size
    ]);

    const code = (marker: string, createdAt: Date) => ({
      sid: `${marker}-${createdAt.getTime()}`,
      channel: 'email',
      target: `${marker}@example.com`,
      purpose: 'register',
      codeHash: '0'.repeat(64),
      expiresAt: new Date(createdAt.getTime() + 600_000),
      createdAt,
    });
    await db.insert(verificationCodes).values([
      ...Array.from({ length: 4 }, (_, i) => code('go', daysAgo(RETENTION.verificationCodeDays + 0.5 + i))),
      // Still counted against the day's sending cap.
      code('stay', daysAgo(RETENTION.verificationCodeDays - 0.5)),
    ]);
    await db.insert(usedChallenges).values([
      ...Array.from({ length: 5 }, (_, i) => ({
        signature: `go-${i}`,
        expiresAt: new Date(Date.now() - (i + 1) * HOUR),
      })),
      { signature: 'stay', expiresAt: new Date(Date.now() + HOUR) },
    ]);
    // Change announcements between servers: only the last day's can matter to a catch-up.
    await db.insert(changeFeed).values([
      ...Array.from({ length: 3 }, (_, i) => ({
        channel: 'catalog',
        origin: 'go',
        createdAt: daysAgo(RETENTION.changeFeedDays + 0.1 + i),
      })),
      { channel: 'catalog', origin: 'stay', createdAt: daysAgo(RETENTION.changeFeedDays - 0.1) },
    ]);
    // Raw analytics events: the daily rollups keep their figures.
    await db.insert(analyticsEvents).values([
      ...Array.from({ length: 2 }, (_, i) => ({
        kind: 'page_view',
        route: 'go',
        createdAt: daysAgo(RETENTION.analyticsEventDays + 0.1 + i),
      })),
      { kind: 'page_view', route: 'stay', createdAt: daysAgo(RETENTION.analyticsEventDays - 0.1) },
    ]);

    await db.insert(signInGuards).values([
      { accountKey: 'go:1', failures: 3, windowStartedAt: daysAgo(2), lockedUntil: null },
      { accountKey: 'go:2', failures: 10, windowStartedAt: daysAgo(3), lockedUntil: daysAgo(3) },
      { accountKey: 'go:3', failures: 1, windowStartedAt: daysAgo(5), lockedUntil: null },
      { accountKey: 'go:4', failures: 1, windowStartedAt: daysAgo(6), lockedUntil: null },
      { accountKey: 'stay:window', failures: 2, windowStartedAt: new Date(Date.now() - HOUR), lockedUntil: null },
      {
        accountKey: 'stay:locked',
        failures: 10,
        windowStartedAt: daysAgo(2),
        lockedUntil: new Date(Date.now() + HOUR),
      },
    ]);

    const events = [];
    for (let i = 0; i < 5; i += 1) {
      events.push({
        orderSid: `order-${i}`,
        gateway: 'wechat',
        kind: 'notify',
        tradeNo: `archive-${i}`,
        amountCents: 100 + i,
        verified: true,
        outcome: 'settled',
        payload: { n: i },
        createdAt: daysAgo(RETENTION.hotDays + 1 + i),
      });
    }
    events.push({
      orderSid: 'order-hot',
      gateway: 'alipay',
      kind: 'notify',
      tradeNo: 'hot',
      amountCents: 1,
      verified: false,
      outcome: 'exception',
      payload: null,
      createdAt: daysAgo(RETENTION.hotDays - 1),
    });
    await db.insert(paymentEvents).values(events);

    const audits = [];
    for (let i = 0; i < 4; i += 1) {
      audits.push({
        operatorSid: 'op',
        action: 'archive',
        entity: 'order',
        entitySid: `o-${i}`,
        before: { i },
        after: null,
        createdAt: daysAgo(RETENTION.hotDays + 1 + i),
      });
    }
    audits.push({
      operatorSid: 'op',
      action: 'hot',
      entity: 'order',
      entitySid: 'o-hot',
      before: null,
      after: null,
      createdAt: daysAgo(1),
    });
    await db.insert(auditLogs).values(audits);

    // Archived rows: a period of N years runs to the end of the N-th China year after the row's.
    const lastKept = (years: number) => chinaYearStart(chinaYearNow - years);
    const justBefore = (at: Date, ms: number) => new Date(at.getTime() - ms);
    // Ids the hot tables have not reached: an archived row's id is never reused.
    const archivedEvent = (id: number, tradeNo: string, createdAt: Date) => ({
      id: 1_000_000 + id,
      gateway: 'wechat',
      kind: 'notify',
      tradeNo,
      verified: true,
      outcome: 'settled',
      createdAt,
    });
    await db
      .insert(paymentEventsArchive)
      .values([
        archivedEvent(1, 'go', justBefore(lastKept(RETENTION.paymentEventYears), 1000)),
        archivedEvent(2, 'go', justBefore(lastKept(RETENTION.paymentEventYears), 400 * 86_400_000)),
        archivedEvent(3, 'stay', lastKept(RETENTION.paymentEventYears)),
        archivedEvent(4, 'stay', daysAgo(RETENTION.hotDays + 30)),
      ]);
    const archivedAudit = (id: number, action: string, createdAt: Date) => ({
      id: 1_000_000 + id,
      operatorSid: 'op',
      action,
      entity: 'order',
      createdAt,
    });
    await db
      .insert(auditLogsArchive)
      .values([
        archivedAudit(1, 'go', justBefore(lastKept(RETENTION.auditYears), 1000)),
        archivedAudit(2, 'go', justBefore(lastKept(RETENTION.auditYears), 100 * 86_400_000)),
        archivedAudit(3, 'go', justBefore(lastKept(RETENTION.auditYears), 200 * 86_400_000)),
        archivedAudit(4, 'stay', lastKept(RETENTION.auditYears)),
      ]);

    const share = (token: string, ended: { revokedAt?: Date; expiresAt?: Date }) => ({
      token,
      boardSid,
      createdBy: buyerSid,
      createdAt: daysAgo(400),
      ...ended,
    });
    const past = (extra: number) => daysAgo(RETENTION.boardShareDays + extra);
    const later = new Date(Date.now() + 30 * 86_400_000);
    await db
      .insert(boardShares)
      .values([
        share('go-revoked', { revokedAt: past(1) }),
        share('go-revoked-before-expiry', { revokedAt: past(2), expiresAt: later }),
        share('go-expired', { expiresAt: past(1) }),
        share('go-expired-then-revoked', { expiresAt: past(3), revokedAt: daysAgo(1) }),
        share('stay-revoked-lately', { revokedAt: daysAgo(RETENTION.boardShareDays - 1) }),
        share('stay-expired-lately', { expiresAt: daysAgo(RETENTION.boardShareDays - 1) }),
        share('stay-live', {}),
        share('stay-live-until-later', { expiresAt: later }),
      ]);
  }

  const expectedRemoved = {
    outbox_messages: 7,
    downloads: 5,
    media_jobs: 5,
    sign_in_guards: 4,
    payment_events: 5,
    audit_logs: 4,
    payment_events_archive: 2,
    audit_logs_archive: 3,
    verification_codes: 4,
    used_challenges: 5,
    change_feed: 3,
    analytics_events: 2,
    board_shares: 4,
  };

  async function values(query: string): Promise<string[]> {
    return rowsOf<{ v: string }>(await t.database.db.execute(sql.raw(query)))
      .map((r) => String(r.v))
      .sort();
  }

  /** What is left, table by table, as the markers of the rows. */
  async function state() {
    return {
      outbox: await values('select text as v from outbox_messages'),
      downloads: await values('select kind as v from downloads'),
      mediaJobs: await values('select last_error as v from media_jobs'),
      guards: await values('select account_key as v from sign_in_guards'),
      events: await values('select trade_no as v from payment_events'),
      eventsArchive: await values('select trade_no as v from payment_events_archive'),
      audits: await values('select action as v from audit_logs'),
      auditsArchive: await values('select action as v from audit_logs_archive'),
      codes: await values("select split_part(target, '@', 1) as v from verification_codes"),
      challenges: await values('select signature as v from used_challenges'),
      changes: await values('select origin as v from change_feed'),
      analytics: await values('select route as v from analytics_events'),
      shares: await values("select split_part(token, '-', 1) as v from board_shares"),
    };
  }

  const expectedState = {
    outbox: ['stay'],
    downloads: ['stay'],
    mediaJobs: ['stay', 'stay', 'stay', 'stay', 'stay'],
    guards: ['stay:locked', 'stay:window'],
    events: ['hot'],
    eventsArchive: ['archive-0', 'archive-1', 'archive-2', 'archive-3', 'archive-4', 'stay', 'stay'].sort(),
    audits: ['hot'],
    auditsArchive: ['archive', 'archive', 'archive', 'archive', 'stay'],
    codes: ['stay'],
    challenges: ['stay'],
    changes: ['stay'],
    analytics: ['stay'],
    shares: ['stay', 'stay', 'stay', 'stay'],
  };

  it('removes what is past its lifetime, archives old payment events and audit entries, and keeps the rest', async () => {
    const removed = await enforceRetention(t.database, BATCH);
    expect(removed).toEqual(expectedRemoved);
    expect(await state()).toEqual(expectedState);
  });

  it('moves a payment event and an audit entry to the archive unchanged, with its id', async () => {
    const before = await t.database.db
      .select()
      .from(paymentEvents)
      .where(sql`trade_no = 'archive-2'`);
    const auditBefore = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`entity_sid = 'o-2'`);
    await enforceRetention(t.database, BATCH);
    const after = await t.database.db
      .select()
      .from(paymentEventsArchive)
      .where(sql`trade_no = 'archive-2'`);
    const auditAfter = await t.database.db
      .select()
      .from(auditLogsArchive)
      .where(sql`entity_sid = 'o-2'`);
    expect(after).toEqual(before);
    expect(auditAfter).toEqual(auditBefore);
    // The console's payment events of the order still show it.
    const listed = await listOrderPaymentEvents(t.database, 'order-2');
    expect(listed.events.map((e) => [e.id, e.tradeNo])).toEqual([[before[0]!.id, 'archive-2']]);
  });

  it('changes nothing when run again', async () => {
    await enforceRetention(t.database, BATCH);
    const again = await enforceRetention(t.database, BATCH);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await state()).toEqual(expectedState);
  });

  it('removes each row once when two servers run it at the same time', async () => {
    // On PostgreSQL the second server has its own pool on the same database; PGlite has one connection.
    let other: Database | null = null;
    if (process.env.DATABASE_URL) {
      const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${row!.name}`;
      other = connectPostgres(url.toString(), 2);
    }
    const [a, b] = await Promise.all([
      enforceRetention(t.database, BATCH),
      enforceRetention(other ?? t.database, BATCH),
    ]).finally(() => other?.close());
    const total = Object.fromEntries(Object.keys(expectedRemoved).map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)]));
    expect(total).toEqual(expectedRemoved);
    expect(await state()).toEqual(expectedState);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'leaves a rule to the server that holds its lock, and does the other rules',
    async () => {
      let removed: Record<string, number> = {};
      await t.database.db.transaction(async (tx) => {
        // The outbox rule (key 1) held by "another server" for the whole pass.
        await tx.execute(sql`select pg_advisory_xact_lock(7310627, 1)`);
        removed = await enforceRetention(t.database, BATCH);
      });
      expect(removed).toEqual({ ...expectedRemoved, outbox_messages: 0 });
      expect((await state()).outbox).toHaveLength(8);
      expect(await enforceRetention(t.database, BATCH)).toMatchObject({ outbox_messages: 7 });
    },
  );
});
