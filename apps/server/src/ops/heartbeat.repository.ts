import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverHeartbeats } from '../db/schema/index.js';

export type HeartbeatRow = typeof serverHeartbeats.$inferSelect;
export type PeerRow = Pick<HeartbeatRow, 'instanceId' | 'host' | 'pid' | 'storageDriver' | 'storageIdentity'>;

/** `now() - ms`, on the database's clock. */
function ago(ms: number) {
  return sql`now() - make_interval(secs => ${ms / 1000})`;
}

/** Registers the server or refreshes its row: one statement (a purged row comes back). */
export async function upsertHeartbeat(
  db: Db,
  row: Pick<HeartbeatRow, 'instanceId' | 'host' | 'pid' | 'storageDriver' | 'storageIdentity'>,
): Promise<void> {
  await db
    .insert(serverHeartbeats)
    .values(row)
    .onConflictDoUpdate({ target: serverHeartbeats.instanceId, set: { lastSeenAt: sql`now()` } });
}

/** The other servers seen within `windowMs` (server_heartbeats_last_seen_idx). */
export async function listLivePeers(db: Db, instanceId: string, windowMs: number): Promise<PeerRow[]> {
  return db
    .select({
      instanceId: serverHeartbeats.instanceId,
      host: serverHeartbeats.host,
      pid: serverHeartbeats.pid,
      storageDriver: serverHeartbeats.storageDriver,
      storageIdentity: serverHeartbeats.storageIdentity,
    })
    .from(serverHeartbeats)
    .where(and(gt(serverHeartbeats.lastSeenAt, ago(windowMs)), ne(serverHeartbeats.instanceId, instanceId)))
    .orderBy(serverHeartbeats.host, serverHeartbeats.pid);
}

/** A clean shutdown takes the server's row away at once. */
export async function deleteHeartbeat(db: Db, instanceId: string): Promise<void> {
  await db.delete(serverHeartbeats).where(eq(serverHeartbeats.instanceId, instanceId));
}

/** Rows of processes that died without a clean shutdown, not seen for `olderThanMs`. */
export async function purgeStaleHeartbeats(db: Db, olderThanMs: number): Promise<number> {
  const gone = await db
    .delete(serverHeartbeats)
    .where(lt(serverHeartbeats.lastSeenAt, ago(olderThanMs)))
    .returning({ instanceId: serverHeartbeats.instanceId });
  return gone.length;
}
