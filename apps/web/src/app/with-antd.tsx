import { type ComponentProps, type ComponentType, type JSX, lazy } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
type AnyComponent = ComponentType<any>;

/**
 * Loads a component's code together with antd's theme and locale (src/app/antd-scope.tsx) and
 * returns it rendered inside them: the pages built with antd (`antdPage` in the router) and the
 * dialogs, popovers and panels that pages without antd open (`lazyWithAntd`).
 */
export async function loadWithAntd<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [{ AntdScope }, Inner] = await Promise.all([import('./antd-scope'), load()]);
  function WithAntd(props: P): JSX.Element {
    return (
      <AntdScope>
        <Inner {...props} />
      </AntdScope>
    );
  }
  return WithAntd;
}

/** A component whose code (and antd's scope) is loaded on first render. */
export function lazyWithAntd<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  return lazy(async () => ({
    default: await loadWithAntd<ComponentProps<M[K]>>(async () => (await load())[name]),
  }));
}
