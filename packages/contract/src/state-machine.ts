import type { ErrorCodeName } from './errors.js';

/**
 * Something someone does to an entity: the states it may be done in, where it takes the entity
 * (none: it acts on the entity without moving it, e.g. downloading a paid order's files) and the
 * coded refusal when it is asked in any other state: a name in the error catalogue, not its
 * entry, so a page that asks what an order offers does not load every error message (the
 * server turns the name into the coded error). `refusalIn` names a sharper refusal for
 * particular states (cancelling a paid order: ORDER_ALREADY_PAID rather than "not cancellable").
 */
export interface MachineAction<S extends string> {
  readonly from: readonly S[];
  readonly to?: S | readonly S[];
  readonly refusal: ErrorCodeName;
  readonly refusalIn?: Readonly<Partial<Record<S, ErrorCodeName>>>;
}

/**
 * A state machine as data: its states and its named actions. The edges (which state may follow
 * which) are the actions' from → to, so a rule is written once. Services ask `may` (or the
 * server's `assertMay`, which throws the action's coded error) before acting; the one door per
 * machine on the server checks the edge and runs the UPDATE guarded by the state it read; the
 * web derives what an entity offers (its buttons) from `capabilities`.
 */
export interface StateMachine<S extends string, A extends string = string> {
  /** Names the entity in errors and logs: 'order', 'payment_attempt'. */
  readonly name: string;
  readonly states: readonly S[];
  readonly actions: Readonly<Record<A, MachineAction<S>>>;
  /** For each state, the states it may move to (derived from the actions). */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Whether `action` may be done to an entity in `state` (any string, e.g. a stored value). */
  may(action: A, state: string): boolean;
  /** Why `action` is refused in `state` (a name in the error catalogue), or null when it may be done. */
  refusalOf(action: A, state: string): ErrorCodeName | null;
  /** Every action and whether it may be done in `state`: what a page offers. */
  capabilities(state: string): Record<A, boolean>;
  /** Whether `from` may move to `to` (an edge): what the server's doors check. */
  can(from: string, to: S): boolean;
  /** The states from which `to` can be reached: what a guarded UPDATE to `to` expects. */
  sourcesOf(to: S): S[];
  /** A state with no way out. */
  isFinal(state: S): boolean;
  isState(value: string): value is S;
}

function targetsOf<S extends string>(action: MachineAction<S>): readonly S[] {
  if (action.to === undefined) return [];
  return typeof action.to === 'string' ? [action.to as S] : (action.to as readonly S[]);
}

export function defineStateMachine<S extends string, A extends string>(
  name: string,
  states: readonly S[],
  actions: Readonly<Record<A, MachineAction<S>>>,
): StateMachine<S, A> {
  const isState = (value: string): value is S => (states as readonly string[]).includes(value);
  const actionList = Object.entries(actions) as [A, MachineAction<S>][];
  const transitions = Object.fromEntries(
    states.map((state) => [
      state,
      [...new Set(actionList.filter(([, a]) => a.from.includes(state)).flatMap(([, a]) => targetsOf(a)))],
    ]),
  ) as Record<S, S[]>;
  const refusalOf = (action: A, state: string): ErrorCodeName | null => {
    const rule = actions[action];
    if (isState(state) && rule.from.includes(state)) return null;
    return (isState(state) ? rule.refusalIn?.[state] : undefined) ?? rule.refusal;
  };
  return {
    name,
    states,
    actions,
    transitions,
    isState,
    may: (action, state) => refusalOf(action, state) === null,
    refusalOf,
    capabilities: (state) =>
      Object.fromEntries(actionList.map(([action]) => [action, refusalOf(action, state) === null])) as Record<
        A,
        boolean
      >,
    can: (from, to) => isState(from) && transitions[from].includes(to),
    sourcesOf: (to) => states.filter((s) => transitions[s].includes(to)),
    isFinal: (state) => transitions[state].length === 0,
  };
}
