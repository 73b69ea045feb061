import { TOAST_DURATION_MS } from '@gemstock/contract';
import { type App, message } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts for code outside React components (the api-client). The app binds antd's App-context
 * message instance on start so toasts follow the theme; before that, the static API is used.
 */
let instance: Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'> = message;

export function bindNotifier(next: MessageInstance): void {
  instance = next;
}

const seconds = TOAST_DURATION_MS / 1000;

export const notify = {
  success(content: string): void {
    void instance.success(content, seconds);
  },
  error(content: string): void {
    void instance.error(content, seconds);
  },
  info(content: string): void {
    void instance.info(content, seconds);
  },
  warning(content: string): void {
    void instance.warning(content, seconds);
  },
};
