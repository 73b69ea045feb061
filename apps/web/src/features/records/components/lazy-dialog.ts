import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';
import type * as Dialogs from './records-dialogs';

type DialogName = keyof typeof Dialogs;

/**
 * One of ./records-dialogs, loaded on first render (then antd's scope and the dialog's code).
 * Each of those is itself lazy, and a lazy component must resolve to a function, not to another
 * lazy one: it is rendered inside one, under the same Suspense boundary.
 */
export function lazyDialog<K extends DialogName>(name: K): ComponentType<ComponentProps<(typeof Dialogs)[K]>> {
  type Props = ComponentProps<(typeof Dialogs)[K]>;
  return lazy(async () => {
    const Dialog = (await import('./records-dialogs'))[name] as ComponentType<object>;
    return { default: (props: Props) => createElement(Dialog, props as object) };
  });
}
