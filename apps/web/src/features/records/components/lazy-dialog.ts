import { type ComponentProps, type ComponentType, lazy } from 'react';
import type * as Dialogs from './records-dialogs';

type DialogName = keyof typeof Dialogs;

/** One of ./records-dialogs, loaded on first render (then antd's scope and the dialog's code). */
export function lazyDialog<K extends DialogName>(name: K): ComponentType<ComponentProps<(typeof Dialogs)[K]>> {
  return lazy(async () => ({
    default: (await import('./records-dialogs'))[name] as ComponentType<ComponentProps<(typeof Dialogs)[K]>>,
  }));
}
