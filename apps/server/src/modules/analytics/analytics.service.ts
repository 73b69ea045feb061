import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MONEY_ROLES,
  chinaDateOf,
  ErrorCode,
  mayCallWithRoles,
  type TBeaconRequest,
  type TBeaconResponse,
  type TDashboard,
  type TDashboardMoney,
  type TRevenueSlice,
} from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import type { BufferedWriter } from '../../lib/buffered-writer.js';
import {
  type AnalyticsEventRow,
  computeFigures,
  currentFigures,
  dailyFigures,
  dimensionFigures,
  rolledDays,
  rollupDay,
  type RollupFigure,
} from './analytics.repository.js';

export interface AnalyticsDeps extends Pick<AppDeps, 'db'> {
  /** Event rows, written in the background a moment later (never by the request that made them). */
  recorder: BufferedWriter<AnalyticsEventRow>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** A client's clock further than this from ours is not believed: the server's time is kept. */
const CLOCK_SKEW_MS = DAY_MS;
/** Days before yesterday the rollup looks back for days never rolled up (a server down over a weekend). */
export const ROLLUP_BACKFILL_DAYS = 31;
/** A day rolled up before this long after its end is rolled up again (beacons sent as it ended). */
const SETTLED_AFTER_MS = 3_600_000;
/** How often the rollup pass runs (server.ts). */
export const ANALYTICS_ROLLUP_INTERVAL_MS = 10 * 60_000;
/** Keywords the dashboard lists. */
const TOP_KEYWORDS = 20;

function nowOf(deps: AnalyticsDeps): Date {
  return deps.now?.() ?? new Date();
}

/** The instants a China-time day covers: [start, end). */
export function chinaDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00+08:00`));
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The China-time day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A browser's request not to be tracked: Do-Not-Track or Global Privacy Control. */
export function asksNotToBeTracked(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/**
 * POST /api/analytics/beacon: the page views are buffered for the background writer and the
 * request answers at once. Nothing is kept when the browser asks not to be tracked.
 */
export function acceptBeacon(
  deps: AnalyticsDeps,
  beacon: TBeaconRequest,
  user: UserRow | null,
  doNotTrack: boolean,
): TBeaconResponse {
  if (doNotTrack) return { accepted: 0 };
  const now = nowOf(deps).getTime();
  for (const view of beacon.events) {
    const at = view.at !== undefined && Math.abs(view.at - now) <= CLOCK_SKEW_MS ? view.at : now;
    deps.recorder.record({
      kind: 'page_view',
      visitor: beacon.visitor,
      userSid: user?.sid ?? null,
      route: view.route,
      referrer: view.referrer ?? null,
      source: view.source ?? null,
      utmSource: view.utm_source ?? null,
      utmMedium: view.utm_medium ?? null,
      utmCampaign: view.utm_campaign ?? null,
      device: view.device,
      subject: null,
      createdAt: new Date(Math.min(at, now)),
    });
  }
  return { accepted: beacon.events.length };
}

/** A detail view or a cart addition the server saw (event bus listeners, services.ts). */
export function recordServerEvent(
  deps: AnalyticsDeps,
  event: { kind: 'detail_view' | 'cart_add'; userSid: string | null; materialSid: string },
): void {
  deps.recorder.record({
    kind: event.kind,
    visitor: null,
    userSid: event.userSid,
    route: null,
    referrer: null,
    source: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    device: null,
    subject: event.materialSid,
    createdAt: nowOf(deps),
  });
}

/** Writes what the recorder holds (tests, shutdown). */
export async function flushEvents(deps: AnalyticsDeps): Promise<void> {
  await deps.recorder.flush();
}

/**
 * One background pass: rolls up each day of the last ROLLUP_BACKFILL_DAYS (up to yesterday,
 * China time) that was never rolled up or was rolled up before it had settled. Safe to repeat and
 * to run on several servers at once (each day under its advisory lock, delete + insert). Returns
 * the days rolled up.
 */
export async function rollupAnalytics(deps: AnalyticsDeps): Promise<string[]> {
  await deps.recorder.flush();
  const now = nowOf(deps);
  const yesterday = addDays(chinaDateOf(now), -1);
  const first = addDays(yesterday, -ROLLUP_BACKFILL_DAYS);
  const rolled = await rolledDays(deps.db, first, yesterday);
  const done: string[] = [];
  for (let day = first; day <= yesterday; day = addDays(day, 1)) {
    const { start, end } = chinaDayBounds(day);
    const at = rolled.get(day);
    if (at !== undefined && at >= end.getTime() + SETTLED_AFTER_MS) continue;
    await rollupDay(deps.db, day, start, end, now);
    done.push(day);
  }
  return done;
}

function slices(figures: RollupFigure[], revenue: string, count: string): TRevenueSlice[] {
  const counts = new Map(figures.filter((f) => f.metric === count).map((f) => [f.dim, f.value]));
  return figures
    .filter((f) => f.metric === revenue)
    .map((f) => ({ key: f.dim, cents: f.value, count: counts.get(f.dim) ?? 0 }))
    .sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key));
}

function topKeywords(figures: RollupFigure[], metric: string) {
  return figures
    .filter((f) => f.metric === metric)
    .sort((a, b) => b.value - a.value || a.dim.localeCompare(b.dim))
    .slice(0, TOP_KEYWORDS)
    .map((f) => ({ keyword: f.dim, count: f.value }));
}

/**
 * GET /api/admin/dashboard: the days before today from the rollups (a few rows per day, however
 * many events are stored), today from today's rows only; what stands now (invoices waiting,
 * demands by status, wallet money) by indexes over small states. Money only for 管理员 and 财务.
 */
export async function getDashboard(
  deps: AnalyticsDeps,
  query: { from: string; to: string },
  roles: readonly string[],
): Promise<TDashboard> {
  if (daysBetween(query.from, query.to) > DASHBOARD_MAX_DAYS) throw new AppError(ErrorCode.DASHBOARD_RANGE_TOO_LONG);
  const now = nowOf(deps);
  const today = chinaDateOf(now);
  const { from, to } = query;
  const storedTo = to < today ? to : addDays(today, -1);

  const perDay = from <= storedTo ? await dailyFigures(deps.db, from, storedTo) : [];
  const dims = from <= storedTo ? await dimensionFigures(deps.db, from, storedTo) : [];
  if (from <= today && today <= to) {
    const live = await computeFigures(deps.db, chinaDayBounds(today).start, now);
    for (const f of live) {
      if (f.dim === '') perDay.push({ day: today, metric: f.metric, value: f.value });
      else {
        const same = dims.find((d) => d.metric === f.metric && d.dim === f.dim);
        if (same) same.value += f.value;
        else dims.push({ ...f });
      }
    }
  }

  const byDay = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  for (const f of perDay) {
    const day = byDay.get(f.day) ?? new Map<string, number>();
    day.set(f.metric, (day.get(f.metric) ?? 0) + f.value);
    byDay.set(f.day, day);
    totals.set(f.metric, (totals.get(f.metric) ?? 0) + f.value);
  }
  const total = (metric: string) => totals.get(metric) ?? 0;
  const lastDay = to < today ? to : today;
  const dayList: string[] = [];
  for (let day = from; day <= lastDay; day = addDays(day, 1)) dayList.push(day);
  const of = (day: string, metric: string) => byDay.get(day)?.get(metric) ?? 0;

  const current = await currentFigures(deps.db, now);
  const delivered = total('demand_delivered');
  const seesMoney = mayCallWithRoles(roles, DASHBOARD_MONEY_ROLES);
  const money: TDashboardMoney | null = seesMoney
    ? {
        revenueCents: total('revenue'),
        refundedCents: total('refund'),
        refunds: total('refund_count'),
        netRevenueCents: total('revenue') - total('refund'),
        daily: dayList.map((day) => ({
          day,
          revenueCents: of(day, 'revenue'),
          refundedCents: of(day, 'refund'),
          couponCents: of(day, 'coupon'),
        })),
        byPayWay: slices(dims, 'revenue_pay_way', 'paid_pay_way'),
        byOrderType: slices(dims, 'revenue_order_type', 'paid_order_type'),
        byLicence: slices(dims, 'revenue_licence', 'paid_licence'),
        couponCents: total('coupon'),
        walletLiabilityCents: current.walletLiabilityCents,
        walletExpiredCents: total('wallet_expired'),
      }
    : null;

  return {
    from,
    to,
    today,
    days: dayList.map((day) => ({
      day,
      pageViews: of(day, 'page_view'),
      visitors: of(day, 'visitor'),
      searches: of(day, 'search'),
      zeroResultSearches: of(day, 'search_zero'),
      detailViews: of(day, 'detail_view'),
      cartAdds: of(day, 'cart_add'),
      ordersPlaced: of(day, 'order_placed'),
      ordersPaid: of(day, 'order_paid'),
    })),
    funnel: {
      detailViews: total('detail_view'),
      cartAdds: total('cart_add'),
      ordersPlaced: total('order_placed'),
      ordersPaid: total('order_paid'),
    },
    topSearches: topKeywords(dims, 'search_kw'),
    zeroResultSearches: topKeywords(dims, 'search_zero_kw'),
    surveys: dayList
      .filter((day) => of(day, 'survey') > 0)
      .map((day) => ({
        day,
        count: of(day, 'survey'),
        averageScore: Math.round(of(day, 'survey_score_tenths') / of(day, 'survey')) / 10,
      })),
    invoices: {
      requested: total('invoice_requested'),
      issued: total('invoice_issued'),
      waiting: current.invoicesWaiting,
      overdue: current.invoicesOverdue,
    },
    demands: {
      created: total('demand_created'),
      delivered,
      averageTurnaroundHours:
        delivered > 0 ? Math.round((total('demand_turnaround_s') / delivered / 3600) * 10) / 10 : null,
      byStatus: current.demandsByStatus,
      overdue: current.demandsOverdue,
    },
    money,
  };
}
