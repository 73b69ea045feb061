import type { Database } from '../db/client.js';

/**
 * What the process knows about itself, for readiness and metrics: whether it is draining for
 * a shutdown, and the database handle (pool counts). One instance per process, in AppDeps.
 */
export class ServiceState {
  /** Set on SIGTERM: readiness answers 503 so load balancers stop sending new requests. */
  draining = false;
  /** Why this server is not fit to serve next to the others (multi-server rule), or null. */
  clusterProblem: string | null = null;

  constructor(readonly database: Pick<Database, 'kind' | 'postgres'> | null = null) {}
}
