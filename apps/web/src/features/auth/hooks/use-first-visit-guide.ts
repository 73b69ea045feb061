import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { WEB_STORAGE_KEYS, safeStorage } from '@/lib/storage';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

/**
 * Opens the guide dialog once for a first-time visitor (remembered in localStorage). Not over
 * a login prompt, not for a visitor holding a token, never on the developer outbox page.
 */
export function useFirstVisitGuide(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const { auth, openGuide } = useDialogs.getState();
    if (useSession.getState().token || auth.open || pathname === paths.devOutbox) return;
    if (safeStorage.get(WEB_STORAGE_KEYS.guideSeen)) return;
    safeStorage.set(WEB_STORAGE_KEYS.guideSeen, '1');
    openGuide();
    // decided once, on the first page of the visit
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
