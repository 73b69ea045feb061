import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { afterFirstPaint } from '@/hooks/use-after-first-paint';
import { WEB_STORAGE_KEYS, safeStorage } from '@/lib/storage';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

/**
 * After the browser's first idle moment. On a page the server drew, that moment can come while
 * the app's start still has effects pending; the dialogs store renders synchronously and would
 * run them and the card's first render as one long task.
 */
const GUIDE_DELAY_MS = 1000;

/**
 * Opens the guide dialog once for a first-time visitor (remembered in localStorage). Not over
 * a login prompt, not for a visitor holding a token, never on the developer outbox page. It
 * waits until the page has loaded and the browser is idle, and then a moment more, so the
 * visitor first sees the page itself (the dialog's code and styles never delay the first paint)
 * and the card's first render is a task of its own.
 */
export function useFirstVisitGuide(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname === paths.devOutbox || safeStorage.get(WEB_STORAGE_KEYS.guideSeen)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = afterFirstPaint(() => {
      timer = setTimeout(() => {
        const { auth, openGuide } = useDialogs.getState();
        if (useSession.getState().token || auth.open) return;
        if (safeStorage.get(WEB_STORAGE_KEYS.guideSeen)) return;
        safeStorage.set(WEB_STORAGE_KEYS.guideSeen, '1');
        openGuide();
      }, GUIDE_DELAY_MS);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
    // decided once, on the first page of the visit
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
