/**
 * A state machine as data: for each state, the states it may move to. The server moves a row
 * only along these edges (one `transition` per machine, with the UPDATE guarded by the state
 * it expects); the UI reads the same table to decide what an entity offers.
 */
export interface StateMachine<S extends string> {
  /** Names the entity in errors and logs: 'order', 'payment_attempt'. */
  readonly name: string;
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Whether `from` (any string, e.g. a stored value) may move to `to`. */
  can(from: string, to: S): boolean;
  /** The states from which `to` can be reached: what a guarded UPDATE to `to` expects. */
  sourcesOf(to: S): S[];
  /** A state with no way out. */
  isFinal(state: S): boolean;
  isState(value: string): value is S;
}

export function defineStateMachine<S extends string>(
  name: string,
  transitions: Readonly<Record<S, readonly S[]>>,
): StateMachine<S> {
  const states = Object.keys(transitions) as S[];
  const isState = (value: string): value is S => Object.prototype.hasOwnProperty.call(transitions, value);
  return {
    name,
    states,
    transitions,
    isState,
    can: (from, to) => isState(from) && transitions[from].includes(to),
    sourcesOf: (to) => states.filter((s) => transitions[s].includes(to)),
    isFinal: (state) => transitions[state].length === 0,
  };
}
