import { ErrorCode, type StateMachine } from '@gemstock/contract';
import { AppError } from './app-error.js';

/**
 * Throws the action's coded refusal (ORDER_NOT_PAYABLE, DEMAND_WRONG_STAGE, …) unless the
 * machine lets `action` be done in `state`: what a service asks before it acts, so the rule and
 * its answer are read from the contract's table, never from a comparison of status strings.
 */
export function assertMay<S extends string, A extends string>(
  machine: StateMachine<S, A>,
  action: A,
  state: string,
): asserts state is S {
  const refusal = machine.refusalOf(action, state);
  if (refusal) {
    throw new AppError(ErrorCode[refusal], undefined, undefined, {
      cause: new Error(`${machine.name}: ${action} is not done in ${state}`),
    });
  }
}

/**
 * Throws ILLEGAL_STATE_TRANSITION unless the machine allows `from` → `to`. Services ask the
 * action first (`assertMay`), which answers with its own code; this is the last word, so no status changes along an edge the contract does not list.
 */
export function assertTransition<S extends string>(
  machine: StateMachine<S, string>,
  from: string,
  to: S,
): asserts from is S {
  if (!machine.can(from, to)) {
    throw new AppError(ErrorCode.ILLEGAL_STATE_TRANSITION, undefined, undefined, {
      cause: new Error(`${machine.name}: ${from} → ${to} is not a transition`),
    });
  }
}

/**
 * Moves an entity from `from` (the state the caller read or expects) to `to`: checks the edge,
 * then runs `write`, the UPDATE guarded by that same `from`. `undefined` from `write` means the
 * row was no longer in `from` — a lost race, returned as is for the caller to answer.
 */
export async function transition<S extends string, R>(
  machine: StateMachine<S, string>,
  from: string,
  to: S,
  write: (from: S, to: S) => Promise<R | undefined>,
): Promise<R | undefined> {
  assertTransition(machine, from, to);
  return write(from, to);
}

/**
 * Moves an entity to `to` from whichever state it is in, as long as the machine allows it: the
 * UPDATE `write` runs is guarded by every state that may reach `to`. For writers that record
 * what an outside party reported (a gateway's word on a trade) and must not go backwards.
 */
export async function transitionToward<S extends string, R>(
  machine: StateMachine<S, string>,
  to: S,
  write: (from: readonly S[], to: S) => Promise<R>,
): Promise<R> {
  return write(machine.sourcesOf(to), to);
}
