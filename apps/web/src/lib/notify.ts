import { TOAST_DURATION_MS } from '@gemstock/contract';
import type { MessageInstance } from 'antd/es/message/interface';

type Toaster = Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;
type Kind = keyof Toaster;

/**
 * Toasts for code outside React components (the api-client). They are shown by antd's message
 * through the App context of one host (ToastHost in src/app/antd-scope.tsx), which is loaded the
 * first time a toast is asked for: until it has bound itself here, toasts wait in a queue.
 */
let instance: Toaster | null = null;
const waiting: [Kind, string][] = [];
let hostWanted = false;
const listeners = new Set<() => void>();

export function bindNotifier(next: Toaster): () => void {
  instance = next;
  for (const [kind, content] of waiting.splice(0)) void next[kind](content, seconds);
  return () => {
    if (instance === next) instance = null;
  };
}

/** Whether a toast has been asked for, so the host must be mounted (useSyncExternalStore). */
export const toastHost = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: (): boolean => hostWanted,
};

const seconds = TOAST_DURATION_MS / 1000;

function show(kind: Kind, content: string): void {
  if (instance) {
    void instance[kind](content, seconds);
    return;
  }
  waiting.push([kind, content]);
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
}

export const notify = {
  success: (content: string): void => show('success', content),
  error: (content: string): void => show('error', content),
  info: (content: string): void => show('info', content),
  warning: (content: string): void => show('warning', content),
};
