import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.js';

/**
 * Keeps what each server caches in step with the changes any server makes (docs/decisions/0040).
 * A change is a row in `change_feed` and a `NOTIFY` on its channel, written in one statement after
 * the change committed; every server LISTENs on a connection of its own and drops the caches of a
 * channel when it hears of another server's change. A server that lost that connection (a
 * restart of PostgreSQL, a network fault) reconnects and compares the newest id of each channel
 * with the last it heard, so a notification sent while it was away still counts; a slow check of
 * the same ids bounds how long a connection that died silently can go unnoticed.
 */

/**
 * What the servers cache and must forget together. 'catalog': the buyer-side search caches;
 * 'content': the published documents (内容管理, docs/decisions/0042); 'settings': the console's
 * settings every payment applies (the order reward).
 */
export const CHANGE_CHANNELS = ['catalog', 'content', 'settings'] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/** The PostgreSQL channel a change channel is announced on. */
function pgChannelOf(channel: ChangeChannel): string {
  return `gemstock_${channel}_changed`;
}

export interface ChangeFeed {
  /** This process: its own changes are not announced back to it. */
  readonly origin: string;
  /** Announces a committed change to every server (this one already forgot its caches). */
  publish(channel: ChangeChannel): Promise<void>;
}

export function createChangeFeed(db: Db): ChangeFeed {
  const origin = randomBytes(8).toString('hex');
  return {
    origin,
    async publish(channel) {
      // One statement: the row the catch-up reads and the notification, delivered on commit.
      await db.execute(sql`
        with change as (
          insert into change_feed (channel, origin) values (${channel}, ${origin}) returning id
        )
        select pg_notify(${pgChannelOf(channel)}, ${origin} || ':' || id) from change`);
    },
  };
}

export interface ChangeListenerLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

export interface ChangeListenerOptions {
  connectionString: string;
  connectTimeoutMs: number;
  origin: string;
  /** What to forget when another server changed a channel. */
  handlers: Record<ChangeChannel, () => void>;
  log: ChangeListenerLog;
  /** How long to wait before reconnecting after the listening connection failed. */
  reconnectDelayMs?: number;
  /** How often the newest ids are read anyway (a connection that died without an error). */
  checkIntervalMs?: number;
}

/** A lost listening connection is tried again this soon, then less often. */
const RECONNECT_DELAY_MS = 500;
const MAX_RECONNECT_DELAY_MS = 10_000;
const CHECK_INTERVAL_MS = 5_000;

/**
 * One server's listener on PostgreSQL (the embedded database has one process, whose own event
 * bus already tells its caches). `start` resolves once it listens; it never throws after that:
 * a lost connection is logged and reopened.
 */
export class ChangeListener {
  private client: pg.Client | null = null;
  private readonly lastSeen = new Map<ChangeChannel, number>();
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(private readonly options: ChangeListenerOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    try {
      await this.connect();
    } catch (error) {
      // The server still serves; its caches follow other servers' changes once this connects.
      this.options.log.warn({ err: error }, 'change feed: listening failed; retrying');
      this.scheduleReconnect();
    }
    this.scheduleCheck();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
    });
    client.on('notification', (message) => this.heard(message));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    for (const channel of CHANGE_CHANNELS) await client.query(`LISTEN ${pgChannelOf(channel)}`);
    this.client = client;
    this.failures = 0;
    // Anything announced before this connection listened is found by its id.
    await this.catchUp(client);
  }

  private heard(message: pg.Notification): void {
    const channel = CHANGE_CHANNELS.find((c) => pgChannelOf(c) === message.channel);
    if (!channel || !message.payload) return;
    const [origin, id] = message.payload.split(':');
    this.seen(channel, Number(id));
    if (origin !== this.options.origin) this.options.handlers[channel]();
  }

  /** Records an id heard of; answers whether it is newer than the last one. */
  private seen(channel: ChangeChannel, id: number): boolean {
    const last = this.lastSeen.get(channel);
    if (last !== undefined && id <= last) return false;
    this.lastSeen.set(channel, id);
    return last !== undefined;
  }

  /** Forgets a channel whose newest change is newer than the last one heard of. */
  private async catchUp(client: pg.Client): Promise<void> {
    for (const channel of CHANGE_CHANNELS) {
      const { rows } = await client.query<{ id: string | null }>(
        'select max(id)::text as id from change_feed where channel = $1',
        [channel],
      );
      const newest = Number(rows[0]?.id ?? 0);
      if (this.seen(channel, newest)) this.options.handlers[channel]();
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.options.log.warn({ err: error }, 'change feed: the listening connection was lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const base = this.options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    const delay = Math.min(base * 2 ** this.failures, MAX_RECONNECT_DELAY_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect()
        .then(() => this.options.log.info({}, 'change feed: listening again'))
        .catch((error: unknown) => {
          this.failures += 1;
          this.options.log.warn({ err: error }, 'change feed: reconnecting failed');
          this.scheduleReconnect();
        });
    }, delay);
    this.reconnectTimer.unref();
  }

  private scheduleCheck(): void {
    if (this.stopped) return;
    this.checkTimer = setTimeout(() => {
      const client = this.client;
      const check = client ? this.catchUp(client).catch((error: Error) => this.lost(client, error)) : Promise.resolve();
      void check.finally(() => this.scheduleCheck());
    }, this.options.checkIntervalMs ?? CHECK_INTERVAL_MS);
    this.checkTimer.unref();
  }
}
