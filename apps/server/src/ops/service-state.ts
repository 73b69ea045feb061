import type { Database } from '../db/client.js';

/**
 * What the process knows about itself, for readiness, metrics and the console: whether it is
 * draining for a shutdown, whether it fits next to the other servers, and the database handle
 * (pool counts). One instance per process, in AppDeps.
 */
export class ServiceState {
  /** Set on SIGTERM: readiness answers 503 so load balancers stop sending new requests. */
  draining = false;
  /**
   * Why this server is not fit to serve next to the others (multi-server rule: its media on
   * local disk while another server runs on the same database), or null. Readiness fails with
   * 1604 while it is set. Kept by the heartbeat (ops/cluster.ts), cleared when the peer is gone.
   */
  clusterProblem: string | null = null;
  /** What the console warns operators about the servers together (this one's problem or a peer's), or null. */
  clusterWarning: string | null = null;

  constructor(readonly database: Pick<Database, 'kind' | 'postgres'> | null = null) {}
}
