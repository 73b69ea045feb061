import { type ComponentProps, type ComponentType, type JSX, lazy } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
type AnyComponent = ComponentType<any>;

/**
 * A component whose code is loaded on first render, together with antd's theme and locale
 * (src/app/antd-scope.tsx), and rendered inside them: for the dialogs, popovers and panels that
 * pages without antd open.
 */
export function lazyWithAntd<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  return lazy(async () => {
    const [{ AntdScope }, module] = await Promise.all([import('./antd-scope'), load()]);
    const Inner = module[name];
    function WithAntd(props: ComponentProps<M[K]>): JSX.Element {
      return (
        <AntdScope>
          <Inner {...props} />
        </AntdScope>
      );
    }
    return { default: WithAntd };
  });
}
