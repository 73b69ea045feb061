import {
  FACETS,
  isFacetValue,
  AuditAction,
  AuditEntity,
  ErrorCode,
  type LicenceType,
  licenceSpec,
  type TBulkChange,
  type TBulkJob,
  type ZBulkEditRequest,
  ZBulkChange,
} from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import type { OperatorRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { unknownFacetError } from '../../lib/facet-errors.js';
import { newSid } from '../../lib/ids.js';
import { recordOperatorAction } from '../audit/index.js';
import { searchTokensFor } from '../search/index.js';
import type { AdminMaterialDeps } from './admin-material.service.js';
import {
  advanceBulkJob,
  type BulkJobRow,
  claimNextBulkJob,
  countNotQualifying,
  countSpecialAboveList,
  countTooManyKeywords,
  endBulkJob,
  findBulkJob,
  findBulkJobByKey,
  freezeBulkJobItems,
  insertBulkJob,
  lockMaterialsBySeq,
  lockOwnedBulkJob,
  nextBulkItems,
  unknownSids,
  updateChunk,
  updateKeywords,
} from './material-bulk.repository.js';

/*
 * 素材管理's bulk edits. Starting one checks the change against every chosen material and freezes
 * the list of them, all in one transaction with its one audit entry; a background job then
 * applies it a chunk at a time, each chunk a transaction of its own that also moves the job's
 * progress, so a chunk is applied once whichever server runs it.
 */

export type BulkDeps = Pick<AdminMaterialDeps, 'db' | 'events'>;

/** Materials per chunk: one short transaction each. */
export const BULK_CHUNK = 500;
/** A running job not heard of for this long belonged to a server that died; another takes it over. */
export const BULK_STALE_MS = 60_000;

function licenceName(type: number): string {
  return licenceSpec(type as LicenceType).name;
}

function refuse(message: string, path = 'change'): AppError {
  return new AppError(ErrorCode.VALIDATION, message, [{ path, message }]);
}

function some(n: number, sid: string | null): string {
  return n === 1 ? `素材 ${sid} ` : `${n} 个素材（如 ${sid}）`;
}

/** The change checked against every chosen material; the first rule broken refuses it whole. */
async function checkChange(db: DbOrTx, jobId: number, change: TBulkChange): Promise<void> {
  if (change.kind === 'prices') {
    const types = new Set([...Object.keys(change.pricesCents), ...Object.keys(change.specialPricesCents)].map(Number));
    for (const type of [...types].sort()) {
      const key = String(type);
      const price = change.pricesCents[key];
      const special = change.specialPricesCents[key];
      if (price != null || special != null) {
        const lacking = await countNotQualifying(db, jobId, type);
        if (lacking.n > 0) {
          throw refuse(`${some(lacking.n, lacking.sid)}不满足「${licenceName(type)}」的尺寸要求，不能为其定价`);
        }
      }
      const above = await countSpecialAboveList(db, jobId, type, { price, special });
      if (above.n > 0) throw refuse(`${some(above.n, above.sid)}的「${licenceName(type)}」特价将高于原价`);
    }
  }
  if (change.kind === 'keywords' && change.add.length > 0) {
    const over = await countTooManyKeywords(db, jobId, change.add, change.remove);
    if (over.n > 0) throw refuse(`${some(over.n, over.sid)}的关键词将超过 30 个`);
  }
}

/** A 设置属性 change names at least one facet, each with a code of the vocabulary or null. */
function checkFacetChange(change: Extract<TBulkChange, { kind: 'facets' }>): void {
  const named = FACETS.filter((f) => change[f] !== undefined);
  if (named.length === 0) throw new AppError(ErrorCode.FACET_BULK_EMPTY);
  for (const facet of named) {
    const value = change[facet];
    if (value !== null && value !== undefined && !isFacetValue(facet, value)) throw unknownFacetError(facet, [value]);
  }
}

export function toBulkJob(row: BulkJobRow): TBulkJob {
  return {
    sid: row.sid,
    status: row.status as TBulkJob['status'],
    change: ZBulkChange.parse(row.change),
    total: row.total,
    processed: row.processed,
    lastError: row.lastError,
    operatorSid: row.operatorSid,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** JSON with every object's keys sorted: a jsonb column gives its keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The job an earlier request with this key started, or null when the key is new. The same key
 * with another change, selection or operator is refused (BULK_KEY_REUSED): answering that job
 * would tell the operator a change was started that was not.
 */
async function jobOfKey(
  db: DbOrTx,
  key: string,
  asked: { operatorSid: string; change: TBulkChange; selection: Record<string, unknown> },
): Promise<BulkJobRow | null> {
  const earlier = await findBulkJobByKey(db, key);
  if (!earlier) return null;
  const same =
    earlier.operatorSid === asked.operatorSid &&
    canonical(earlier.change) === canonical(asked.change) &&
    canonical(earlier.selection) === canonical(asked.selection);
  if (!same) throw new AppError(ErrorCode.BULK_KEY_REUSED);
  return earlier;
}

/**
 * Starts a bulk edit: the chosen materials are frozen (for "all matching", those matching now),
 * the change is checked against every one of them, and the job and its one audit entry are
 * written; bad input refuses the whole edit and leaves nothing behind. The job runs in the
 * background (runBulkJobs). Idempotent by `idempotencyKey`: the same request again, however many
 * arrive at once, answers the job the first one started.
 */
export async function startBulkEdit(
  deps: BulkDeps,
  operator: OperatorRow,
  request: z.output<typeof ZBulkEditRequest>,
): Promise<TBulkJob> {
  const { selection, change, idempotencyKey } = request;
  const stored = 'sids' in selection ? { sids: selection.sids } : { filter: selection.filter };
  const asked = { operatorSid: operator.sid, change, selection: stored };
  const earlier = await jobOfKey(deps.db, idempotencyKey, asked);
  if (earlier) return toBulkJob(earlier);
  if (change.kind === 'facets') checkFacetChange(change);
  try {
    return toBulkJob(await createBulkJob(deps, operator, request, stored));
  } catch (error) {
    // A twin committed first: the unique key stopped this one, and its job is the answer.
    if (uniqueViolationConstraint(error) !== 'material_bulk_jobs_idempotency_key') throw error;
    const twin = await jobOfKey(deps.db, idempotencyKey, asked);
    if (!twin) throw error;
    return toBulkJob(twin);
  }
}

async function createBulkJob(
  deps: BulkDeps,
  operator: OperatorRow,
  { selection, change, idempotencyKey }: z.output<typeof ZBulkEditRequest>,
  stored: Record<string, unknown>,
): Promise<BulkJobRow> {
  return deps.db.transaction(async (tx) => {
    if ('sids' in selection) {
      const unknown = await unknownSids(tx, selection.sids);
      if (unknown.length > 0) throw refuse(`素材 ${unknown.slice(0, 3).join('、')} 不存在`, 'selection');
    }
    const job = await insertBulkJob(tx, {
      sid: newSid(),
      operatorSid: operator.sid,
      change,
      selection: stored,
      idempotencyKey,
    });
    const total = await freezeBulkJobItems(tx, job.id, selection);
    if (total === 0) throw refuse('没有符合条件的素材', 'selection');
    await checkChange(tx, job.id, change);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.MATERIAL_BULK_UPDATE,
      entity: AuditEntity.MATERIAL_BULK_JOB,
      entitySid: job.sid,
      // Materials picked one by one are findable in the audit by their sids; "all matching" keeps its filter.
      refs: 'sids' in selection ? selection.sids : [],
      before: null,
      after: { change, selection: job.selection, total },
    });
    return { ...job, total };
  });
}

export async function getBulkJob(deps: BulkDeps, sid: string): Promise<TBulkJob> {
  const row = await findBulkJob(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '批量任务不存在');
  return toBulkJob(row);
}

/** The SQL that applies one change of a set-based kind, and the condition of the rows it changes. */
function setOf(change: Exclude<TBulkChange, { kind: 'keywords' }>) {
  switch (change.kind) {
    case 'disabled':
      return { set: sql`disabled = ${change.disabled}`, changes: sql`disabled <> ${change.disabled}` };
    case 'featured':
      return { set: sql`featured = ${change.featured}`, changes: sql`featured <> ${change.featured}` };
    case 'free': {
      const from = change.freeFrom === null ? null : new Date(change.freeFrom).toISOString();
      const until = change.freeUntil === null ? null : new Date(change.freeUntil).toISOString();
      return {
        set: sql`free_from = ${from}::timestamptz, free_until = ${until}::timestamptz`,
        changes: sql`(free_from IS DISTINCT FROM ${from}::timestamptz OR free_until IS DISTINCT FROM ${until}::timestamptz)`,
      };
    }
    case 'prices': {
      const merged = (column: string, map: Record<string, number | null>) => {
        const set = Object.fromEntries(Object.entries(map).filter(([, v]) => v !== null));
        const drop = Object.entries(map)
          .filter(([, v]) => v === null)
          .map(([k]) => k);
        return sql`((${sql.raw(column)} || ${JSON.stringify(set)}::jsonb) - ${`{${drop.join(',')}}`}::text[])`;
      };
      const prices = merged('prices_cents', change.pricesCents);
      const specials = merged('special_prices_cents', change.specialPricesCents);
      return {
        set: sql`prices_cents = ${prices}, special_prices_cents = ${specials}`,
        changes: sql`(prices_cents IS DISTINCT FROM ${prices} OR special_prices_cents IS DISTINCT FROM ${specials})`,
      };
    }
    case 'facets': {
      // Column names come from FACETS, never from the request; the values are bound.
      const named = FACETS.filter((f) => change[f] !== undefined);
      const value = (f: (typeof FACETS)[number]) => change[f] ?? null;
      return {
        set: sql.join(
          named.map((f) => sql`${sql.raw(f)} = ${value(f)}::text`),
          sql`, `,
        ),
        changes: sql`(${sql.join(
          named.map((f) => sql`${sql.raw(f)} IS DISTINCT FROM ${value(f)}::text`),
          sql` OR `,
        )})`,
      };
    }
  }
}

function nextKeywords(current: string[], change: Extract<TBulkChange, { kind: 'keywords' }>): string[] {
  const kept = current.filter((k) => !change.remove.includes(k));
  return [...kept, ...change.add.filter((k) => !kept.includes(k))];
}

export type BulkChunkOutcome = 'applied' | 'done' | 'lost';

/**
 * Applies the next chunk of a claimed job, in one transaction that first checks the claim still
 * holds (the job's row locked, its attempt unchanged) and ends by moving the job's progress: a
 * chunk is applied once, even when two servers hold the same job one after the other.
 */
export async function applyBulkChunk(deps: BulkDeps, claimed: Pick<BulkJobRow, 'id' | 'attempts'>) {
  return deps.db.transaction(async (tx): Promise<BulkChunkOutcome> => {
    const job = await lockOwnedBulkJob(tx, claimed);
    if (!job) return 'lost';
    const seqs = await nextBulkItems(tx, job.id, job.lastSeq, BULK_CHUNK);
    if (seqs.length === 0) {
      await endBulkJob(tx, job.id, { status: 'done' });
      return 'done';
    }
    const change = ZBulkChange.parse(job.change);
    if (change.kind === 'keywords') {
      const rows = await lockMaterialsBySeq(tx, seqs);
      const changed = rows
        .map((r) => ({ sid: r.sid, keywords: nextKeywords(r.keywords, change) }))
        .filter((r, i) => JSON.stringify(r.keywords) !== JSON.stringify(rows[i]!.keywords))
        .map((r) => ({ ...r, tokens: searchTokensFor(r.keywords) }));
      await updateKeywords(tx, changed);
    } else {
      const { set, changes } = setOf(change);
      await updateChunk(tx, seqs, set, changes);
    }
    await advanceBulkJob(tx, job.id, seqs.at(-1)!, seqs.length);
    return 'applied';
  });
}

/**
 * Runs every due bulk job to its end, a chunk at a time; buyers' searches made through this
 * process see each chunk as soon as it commits (as after a single edit). Safe on any number of
 * servers at once. Returns how many chunks were applied.
 */
export async function runBulkJobs(deps: BulkDeps, options: { staleAfterMs?: number } = {}): Promise<number> {
  let chunks = 0;
  for (;;) {
    const job = await claimNextBulkJob(deps.db, options.staleAfterMs ?? BULK_STALE_MS);
    if (!job) return chunks;
    for (;;) {
      let outcome: BulkChunkOutcome;
      try {
        outcome = await applyBulkChunk(deps, job);
      } catch (error) {
        await deps.db.transaction(async (tx) => {
          if (await lockOwnedBulkJob(tx, job)) {
            await endBulkJob(tx, job.id, { status: 'failed', lastError: String(error).slice(0, 500) });
          }
        });
        break;
      }
      if (outcome === 'applied') {
        chunks++;
        await deps.events?.emit('catalog.changed', {});
      }
      if (outcome !== 'applied') break;
    }
  }
}
