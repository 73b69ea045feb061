import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { refreshCurrentUser } from '@/api/current-user';
import { addToCartAndReport } from '@/features/material';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

/**
 * After login or register: keep the token, load the user, close the dialog and continue where
 * the visitor was going (spec §4: the remembered destination), or the action that asked for it.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();

  return useCallback(
    async (token: string, successText: string) => {
      useSession.getState().setToken(token);
      await refreshCurrentUser();
      const dialogs = useDialogs.getState();
      const next = dialogs.takeAfterLogin();
      dialogs.closeAuth();
      notify.success(successText);
      if (next?.kind === 'navigate') await navigate(next.to);
      else if (next?.kind === 'customize') dialogs.openCustomize();
      else if (next?.kind === 'buy') checkout.buyMaterials(next.lines);
      else if (next?.kind === 'addToCart') void addToCartAndReport({ material: next.material, spec: next.spec });
    },
    [navigate],
  );
}
