import { DemandStateMachine, type DemandStatus } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { transition } from '../../lib/state-transition.js';
import { type DemandChange, type DemandRow, updateDemandStatus } from './design.repository.js';

/**
 * The one door through which a demand's status changes: the move must be an edge of
 * DemandStateMachine (otherwise ILLEGAL_STATE_TRANSITION) and the UPDATE is guarded by the
 * status the caller read, so a lost race comes back as `undefined` with nothing changed.
 */
export async function transitionDemand(
  tx: DbOrTx,
  demand: Pick<DemandRow, 'sid' | 'status'>,
  to: DemandStatus,
  change: DemandChange = {},
): Promise<DemandRow | undefined> {
  return transition(DemandStateMachine, demand.status, to, (from) =>
    updateDemandStatus(tx, demand.sid, from, to, change),
  );
}
