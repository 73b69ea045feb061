/**
 * A service's operations with its dependencies applied. Each operation is written as a function
 * whose first parameter is the dependencies it uses (`listCart(deps, user)`); the service built
 * from it is called with the rest (`cart.listCart(user)`).
 */
export type BoundOperations<Operations> = {
  [K in keyof Operations]: Operations[K] extends (deps: never, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * Applies `deps` to every operation once. The type check makes sure `deps` holds what each
 * operation's first parameter asks for, so a service cannot be built without a dependency.
 */
export function bindService<Deps, Operations extends Record<string, (deps: Deps, ...args: never[]) => unknown>>(
  deps: Deps,
  operations: Operations,
): BoundOperations<Operations> {
  const bound: Record<string, (...args: never[]) => unknown> = {};
  for (const [name, operation] of Object.entries(operations)) {
    bound[name] = (...args: never[]) => operation(deps, ...args);
  }
  return bound as BoundOperations<Operations>;
}
