import { InvoiceStateMachine, RefundStatus } from '@gemstock/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

/** One event row as the recorder buffers it. */
export interface AnalyticsEventRow {
  kind: 'page_view' | 'detail_view' | 'cart_add';
  visitor: string | null;
  userSid: string | null;
  route: string | null;
  referrer: string | null;
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: string | null;
  subject: string | null;
  createdAt: Date;
}

/** One rollup figure: a metric, its dimension ('' when none) and its value. */
export interface RollupFigure {
  metric: string;
  dim: string;
  value: number;
}

/** Keywords kept per day and list (top searches, top zero-result searches). */
export const KEYWORDS_PER_DAY = 100;
/** Any constant: two servers rolling up the same day take turns (the second redoes it, same result). */
const ROLLUP_LOCK = 7_310_641;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function insertAnalyticsEvents(db: DbOrTx, rows: AnalyticsEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(analyticsEvents).values(rows);
}

/**
 * Every figure of the instants [start, end), read where each is recorded: the event table (page
 * views, visitors, detail views, cart additions), the search log, and the books (orders by when
 * placed and when paid, their items by licence type, order refunds by when the money went back
 * (a payment exception's refund returns money that was never revenue), coupons, surveys, invoices, demands, wallet
 * lots whose validity ended in the range: what was left in them, written off yet or not). Each part reads one index over that range only (the indexes are
 * named in drizzle/0041_analytics.sql), so a day costs the same whatever the tables hold.
 */
function figuresOf(start: Date, end: Date): SQL {
  const s = sql`${start.toISOString()}::timestamptz`;
  const e = sql`${end.toISOString()}::timestamptz`;
  return sql`
    select 'page_view' as metric, '' as dim, count(*)::bigint as value
      from analytics_events where created_at >= ${s} and created_at < ${e} and kind = 'page_view'
    union all select 'visitor', '', count(distinct visitor)::bigint
      from analytics_events where created_at >= ${s} and created_at < ${e} and kind = 'page_view'
    union all select 'detail_view', '', count(*)::bigint
      from analytics_events where created_at >= ${s} and created_at < ${e} and kind = 'detail_view'
    union all select 'cart_add', '', count(*)::bigint
      from analytics_events where created_at >= ${s} and created_at < ${e} and kind = 'cart_add'
    union all select 'search', '', count(*)::bigint
      from search_logs where created_at >= ${s} and created_at < ${e}
    union all select 'search_zero', '', count(*)::bigint
      from search_logs where created_at >= ${s} and created_at < ${e} and result_count = 0
    union all (select 'search_kw', keyword, count(*)::bigint
      from search_logs where created_at >= ${s} and created_at < ${e}
      group by keyword order by 3 desc, 2 limit ${KEYWORDS_PER_DAY})
    union all (select 'search_zero_kw', keyword, count(*)::bigint
      from search_logs where created_at >= ${s} and created_at < ${e} and result_count = 0
      group by keyword order by 3 desc, 2 limit ${KEYWORDS_PER_DAY})
    union all select 'order_placed', '', count(*)::bigint
      from orders where created_at >= ${s} and created_at < ${e}
    union all select 'order_paid', '', count(*)::bigint
      from orders where pay_time >= ${s} and pay_time < ${e}
    union all select 'revenue', '', coalesce(sum(coalesce(paid_amount_cents, price_cents)), 0)::bigint
      from orders where pay_time >= ${s} and pay_time < ${e}
    union all select 'refund', '', coalesce(sum(amount_cents), 0)::bigint
      from refunds where settled_at >= ${s} and settled_at < ${e} and status = ${RefundStatus.SUCCEEDED}
      and order_sid is not null
    union all select 'refund_count', '', count(*)::bigint
      from refunds where settled_at >= ${s} and settled_at < ${e} and status = ${RefundStatus.SUCCEEDED}
      and order_sid is not null
    union all select 'coupon', '', coalesce(sum(discount_coupon_cents), 0)::bigint
      from orders where pay_time >= ${s} and pay_time < ${e}
    union all select 'revenue_pay_way', coalesce(pay_way, ''), sum(coalesce(paid_amount_cents, price_cents))::bigint
      from orders where pay_time >= ${s} and pay_time < ${e} group by pay_way
    union all select 'paid_pay_way', coalesce(pay_way, ''), count(*)::bigint
      from orders where pay_time >= ${s} and pay_time < ${e} group by pay_way
    union all select 'revenue_order_type', order_type, sum(coalesce(paid_amount_cents, price_cents))::bigint
      from orders where pay_time >= ${s} and pay_time < ${e} group by order_type
    union all select 'paid_order_type', order_type, count(*)::bigint
      from orders where pay_time >= ${s} and pay_time < ${e} group by order_type
    union all select 'revenue_licence', i.spec::text, sum(i.unit_price_cents)::bigint
      from orders o join order_items i on i.order_sid = o.sid
      where o.pay_time >= ${s} and o.pay_time < ${e} group by i.spec
    union all select 'paid_licence', i.spec::text, count(*)::bigint
      from orders o join order_items i on i.order_sid = o.sid
      where o.pay_time >= ${s} and o.pay_time < ${e} group by i.spec
    union all select 'survey', '', count(*)::bigint
      from surveys where created_at >= ${s} and created_at < ${e}
    union all select 'survey_score_tenths', '', coalesce(sum(score_tenths), 0)::bigint
      from surveys where created_at >= ${s} and created_at < ${e}
    union all select 'invoice_requested', '', count(*)::bigint
      from invoices where created_at >= ${s} and created_at < ${e}
    union all select 'invoice_issued', '', count(*)::bigint
      from invoices where issued_at >= ${s} and issued_at < ${e}
    union all select 'demand_created', '', count(*)::bigint
      from demands where created_at >= ${s} and created_at < ${e}
    union all select 'demand_delivered', '', count(*)::bigint
      from demands where delivered_at >= ${s} and delivered_at < ${e}
    union all select 'demand_turnaround_s', '', coalesce(sum(extract(epoch from delivered_at - created_at)), 0)::bigint
      from demands where delivered_at >= ${s} and delivered_at < ${e}
    union all select 'wallet_expired', '', coalesce(sum(l.remaining_cents - coalesce(x.amount_cents, 0)), 0)::bigint
      from wallet_lots l left join ledger_entries x on x.idempotency_key = 'expire:' || l.sid
      where l.valid_before >= ${s} and l.valid_before < least(${e}, now())`;
}

/** The figures of [start, end) without storing them: today's part of the dashboard. */
export async function computeFigures(db: DbOrTx, start: Date, end: Date): Promise<RollupFigure[]> {
  const rows = rowsOf<{ metric: string; dim: string; value: string | number }>(
    await db.execute(sql`select metric, dim, value from (${figuresOf(start, end)}) as f where value <> 0`),
  );
  return rows.map((r) => ({ metric: r.metric, dim: r.dim, value: Number(r.value) }));
}

/**
 * Rolls up one China-time day: under the day's advisory lock, deletes its rows and inserts them
 * again from the sources, with the `rolled` marker (when, in ms). Repeating it, or two servers
 * doing it at once, leaves the same rows.
 */
export async function rollupDay(db: DbOrTx, day: string, start: Date, end: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, ${dayNumberOf(day)})`);
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    await tx.execute(sql`
      insert into analytics_daily (day, metric, dim, value)
      select ${day}::date, metric, dim, value from (${figuresOf(start, end)}) as f where value <> 0
      union all select ${day}::date, 'rolled', '', ${now.getTime()}::bigint`);
  });
}

/** Days since 1970-01-01: the second key of a day's advisory lock. */
function dayNumberOf(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** When each day of [from, to] was last rolled up (ms), for the days that were. */
export async function rolledDays(db: DbOrTx, from: string, to: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; value: string | number }>(
    await db.execute(sql`
      select day::text as day, value from analytics_daily
      where metric = 'rolled' and dim = '' and day between ${from}::date and ${to}::date`),
  );
  return new Map(rows.map((r) => [r.day, Number(r.value)]));
}

/** The per-day figures (no dimension) of [from, to], as stored. */
export async function dailyFigures(db: DbOrTx, from: string, to: string) {
  const rows = rowsOf<{ day: string; metric: string; value: string | number }>(
    await db.execute(sql`
      select day::text as day, metric, value from analytics_daily
      where day between ${from}::date and ${to}::date and dim = '' and metric <> 'rolled'`),
  );
  return rows.map((r) => ({ day: r.day, metric: r.metric, value: Number(r.value) }));
}

/** The figures with a dimension (keywords, pay ways…) of [from, to], summed over the days. */
export async function dimensionFigures(db: DbOrTx, from: string, to: string): Promise<RollupFigure[]> {
  const rows = rowsOf<{ metric: string; dim: string; value: string | number }>(
    await db.execute(sql`
      select metric, dim, sum(value)::bigint as value from analytics_daily
      where day between ${from}::date and ${to}::date and dim <> ''
      group by metric, dim`),
  );
  return rows.map((r) => ({ metric: r.metric, dim: r.dim, value: Number(r.value) }));
}

/**
 * What stands now rather than per day: invoice requests waiting to be issued and those past their
 * date (invoices_status_due_idx), demands by status and those past their stage's deadline
 * (demands_board_idx, demands_deadline_idx), and the wallet money still spendable
 * (wallet_lots_valid_before_idx, the unexpired lots only).
 */
export async function currentFigures(db: DbOrTx, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const waitingStates = sql.join(
    InvoiceStateMachine.actions.issue.from.map((status) => sql`${status}`),
    sql`, `,
  );
  const [invoices] = rowsOf<{ waiting: string | number; overdue: string | number }>(
    await db.execute(sql`
      select count(*)::bigint as waiting, count(*) filter (where due_at < ${at})::bigint as overdue
      from invoices where status in (${waitingStates})`),
  );
  const byStatus = rowsOf<{ status: string; count: string | number }>(
    await db.execute(sql`select status, count(*)::bigint as count from demands group by status order by status`),
  );
  const [overdue] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*)::bigint as n from demands where stage_deadline < ${at}`),
  );
  const [wallet] = rowsOf<{ cents: string | number }>(
    await db.execute(sql`
      select coalesce(sum(remaining_cents), 0)::bigint as cents from wallet_lots where valid_before > ${at}`),
  );
  return {
    invoicesWaiting: Number(invoices?.waiting ?? 0),
    invoicesOverdue: Number(invoices?.overdue ?? 0),
    demandsByStatus: byStatus.map((r) => ({ status: r.status, count: Number(r.count) })),
    demandsOverdue: Number(overdue?.n ?? 0),
    walletLiabilityCents: Number(wallet?.cents ?? 0),
  };
}
