import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.js';
import { PeriodicTask } from '../jobs/periodic-task.js';
import type { StorageLocation } from '../media/storage.js';
import {
  deleteHeartbeat,
  listLivePeers,
  type PeerRow,
  purgeStaleHeartbeats,
  upsertHeartbeat,
} from './heartbeat.repository.js';
import type { ServiceState } from './service-state.js';

/**
 * Servers on one database find each other through `server_heartbeats` (docs/decisions/0015):
 * each process registers a row at start, refreshes it every HEARTBEAT_INTERVAL_SECONDS and
 * deletes it on a clean shutdown. A peer is live while its row was refreshed within
 * PEER_WINDOW_INTERVALS intervals. A server whose media are on local disk next to a live peer
 * that cannot read that disk is not ready (`ServiceState.clusterProblem`, code 1604), and every
 * server tells the operators in the console (`ServiceState.clusterWarning`).
 */

/** A peer counts as live while its last refresh is at most this many intervals old. */
export const PEER_WINDOW_INTERVALS = 3;
/** Rows of processes that died without a clean shutdown are deleted when this old. */
export const HEARTBEAT_RETENTION_MS = 3_600_000;
/** How often a server deletes such rows (each server, idempotent). */
const PURGE_INTERVAL_MS = 3_600_000;
/** Peers named in a message; the rest are counted. */
const NAMED_PEERS = 3;

export interface ServerIdentity {
  instanceId: string;
  host: string;
  pid: number;
  storage: StorageLocation;
}

export interface ClusterAssessment {
  /** Why this server must not get traffic (readiness), or null. */
  problem: string | null;
  /** What the console shows operators: this server's problem or a peer's, or null. */
  warning: string | null;
}

/**
 * Whether a peer sees the same media as this server: the same S3 endpoint and bucket, or the
 * same local directory on the same host (several processes on one machine).
 */
export function sharesStorage(self: Pick<ServerIdentity, 'host' | 'storage'>, peer: PeerRow): boolean {
  if (peer.storageDriver !== self.storage.driver || peer.storageIdentity !== self.storage.identity) return false;
  return self.storage.driver === 's3' || peer.host === self.host;
}

function describePeer(peer: PeerRow): string {
  const storage = peer.storageDriver === 'local' ? `本地存储 ${peer.storageIdentity}` : `S3 ${peer.storageIdentity}`;
  return `${peer.host}（进程 ${peer.pid}，${storage}）`;
}

function describePeers(peers: PeerRow[]): string {
  const named = peers.slice(0, NAMED_PEERS).map(describePeer).join('、');
  return peers.length > NAMED_PEERS ? `${named} 等 ${peers.length} 台` : named;
}

/**
 * The multi-server rule, from this server's identity and the live peers (pure; unit-tested).
 * - This server on local disk, a live peer that does not share that disk: a problem (readiness
 *   fails) and the same warning.
 * - This server fine, a peer on local disk or on another bucket: a warning only; that peer's own
 *   readiness fails (local) or the operators must point both at one bucket.
 */
export function assessCluster(self: ServerIdentity, peers: PeerRow[]): ClusterAssessment {
  const foreign = peers.filter((peer) => !sharesStorage(self, peer));
  if (foreign.length === 0) return { problem: null, warning: null };
  if (self.storage.driver === 'local') {
    const problem =
      `本服务器（${self.host}，进程 ${self.pid}）的媒体存放在本地磁盘（${self.storage.identity}），` +
      `而同一数据库上还有 ${foreign.length} 台服务器在运行：${describePeers(foreign)}。` +
      '一台服务器保存的缩略图、预览和原图在其他服务器上无法访问，媒体任务也可能被没有原图的服务器领取。' +
      '多台服务器必须共用 S3 兼容对象存储（STORAGE_DRIVER=s3），在此之前本服务器的就绪检查（/readyz）返回 503（1604）。';
    return { problem, warning: problem };
  }
  const local = foreign.filter((peer) => peer.storageDriver === 'local');
  const otherBuckets = foreign.filter((peer) => peer.storageDriver !== 'local');
  const parts: string[] = [];
  if (local.length > 0) {
    parts.push(
      `服务器 ${describePeers(local)} 的媒体存放在本地磁盘，其他服务器无法访问它保存的文件，它的就绪检查返回 503（1604）。` +
        '多台服务器必须共用 S3 兼容对象存储（STORAGE_DRIVER=s3）。',
    );
  }
  if (otherBuckets.length > 0) {
    parts.push(
      `服务器 ${describePeers(otherBuckets)} 使用的对象存储与本服务器（S3 ${self.storage.identity}）不同，` +
        '各自保存的媒体在对方无法访问：请让所有服务器使用同一个存储桶。',
    );
  }
  return { problem: null, warning: parts.join('') };
}

export interface ClusterLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ClusterHeartbeatDeps {
  db: Db;
  state: ServiceState;
  storage: { location(): StorageLocation };
  config: { heartbeatIntervalMs: number };
}

/** A random id per process start: a restarted server is a new row, never a revived old one. */
export function newInstanceId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * This process's heartbeat: `register()` before the server listens, `start()` for the interval
 * refresh and the hourly purge, `stop()` on shutdown (deletes the row). Each refresh is one
 * upsert and one read of the live peers, after which ServiceState holds the rule's verdict.
 */
export class ClusterHeartbeat {
  readonly self: ServerIdentity;
  private readonly beatTask: PeriodicTask<ClusterAssessment>;
  private readonly purgeTask: PeriodicTask<number>;

  constructor(
    private readonly deps: ClusterHeartbeatDeps,
    private readonly log: ClusterLog,
    self: Partial<ServerIdentity> = {},
  ) {
    this.self = {
      instanceId: self.instanceId ?? newInstanceId(),
      host: self.host ?? hostname(),
      pid: self.pid ?? process.pid,
      storage: self.storage ?? deps.storage.location(),
    };
    this.beatTask = new PeriodicTask('heartbeat', () => this.beat(), deps.config.heartbeatIntervalMs, log);
    this.purgeTask = new PeriodicTask(
      'heartbeat purge',
      () => purgeStaleHeartbeats(deps.db, HEARTBEAT_RETENTION_MS),
      PURGE_INTERVAL_MS,
      log,
    );
  }

  /** Peers refreshed within this long are live. */
  get windowMs(): number {
    return PEER_WINDOW_INTERVALS * this.deps.config.heartbeatIntervalMs;
  }

  /** One refresh: the upsert, the live peers, the verdict in ServiceState (changes are logged). */
  async beat(): Promise<ClusterAssessment> {
    const { db, state } = this.deps;
    await upsertHeartbeat(db, {
      instanceId: this.self.instanceId,
      host: this.self.host,
      pid: this.self.pid,
      storageDriver: this.self.storage.driver,
      storageIdentity: this.self.storage.identity,
    });
    const peers = await listLivePeers(db, this.self.instanceId, this.windowMs);
    const verdict = assessCluster(this.self, peers);
    if (verdict.problem !== state.clusterProblem) {
      if (verdict.problem) this.log.error({ peers: peers.length }, verdict.problem);
      else if (state.clusterProblem)
        this.log.info({ peers: peers.length }, 'cluster problem cleared: readiness may pass');
    }
    if (verdict.warning !== state.clusterWarning && verdict.warning && !verdict.problem) {
      this.log.warn({ peers: peers.length }, verdict.warning);
    }
    state.clusterProblem = verdict.problem;
    state.clusterWarning = verdict.warning;
    return verdict;
  }

  /** The first refresh and purge, before the server listens; failures are logged, not thrown. */
  async register(): Promise<void> {
    await this.beatTask.runOnce();
    void this.purgeTask.runOnce();
  }

  start(): void {
    this.beatTask.start();
    this.purgeTask.start();
  }

  /** Stops refreshing and deletes this server's row, so peers stop counting it at once. */
  async stop(): Promise<void> {
    await Promise.all([this.beatTask.stop(), this.purgeTask.stop()]);
    try {
      await deleteHeartbeat(this.deps.db, this.self.instanceId);
    } catch (error) {
      // Not fatal: the row stops counting after the window and is purged after an hour.
      this.log.error({ err: error }, 'could not delete the heartbeat row');
    }
  }
}
