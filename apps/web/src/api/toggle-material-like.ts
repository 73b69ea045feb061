import { type TLikeResponse, type TMaterial, MATERIAL_ROUTES } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '@/lib/api-client';
import { currentAppPath } from '@/lib/navigation';
import { dialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';
import { LIKED_MATERIALS_KEY, type MaterialPatch, patchMaterialInCaches } from './material-cache';

/** POST /api/material/{sid}/like → {liked, likeCount}. Idempotent on the server. */
export function likeMaterial(sid: string): Promise<TLikeResponse> {
  return callApi(MATERIAL_ROUTES.like, { params: { id: sid } });
}

/** DELETE /api/material/{sid}/like → {liked, likeCount}. */
export function unlikeMaterial(sid: string): Promise<TLikeResponse> {
  return callApi(MATERIAL_ROUTES.unlike, { params: { id: sid } });
}

interface ToggleLikeInput {
  sid: string;
  like: boolean;
  /** What the viewer sees before the click, to roll back to on failure. */
  before: Required<MaterialPatch>;
}

/**
 * Like or unlike with an optimistic update of every cached copy of the material (grid, detail,
 * related, likes list); a failure puts the previous state back, success writes the server's
 * count. The liked list is refetched afterwards so an unliked material leaves it.
 */
export function useToggleMaterialLikeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sid, like }: ToggleLikeInput) => (like ? likeMaterial(sid) : unlikeMaterial(sid)),
    onMutate: ({ sid, like, before }) => {
      const delta = like === before.liked ? 0 : like ? 1 : -1;
      patchMaterialInCaches(queryClient, sid, { liked: like, likeCount: before.likeCount + delta });
      return before;
    },
    onError: (_error, { sid }, before) => {
      if (before) patchMaterialInCaches(queryClient, sid, before);
    },
    onSuccess: (state, { sid }) => patchMaterialInCaches(queryClient, sid, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIKED_MATERIALS_KEY }),
  });
}

/**
 * The heart on a material. Logged out, it opens the login dialog and comes back to this page
 * afterwards (spec §4); clicks while a request is under way are ignored.
 */
export function useMaterialLike(material: Pick<TMaterial, 'sid' | 'liked' | 'likeCount'>) {
  const isLoggedIn = useIsLoggedIn();
  const mutation = useToggleMaterialLikeMutation();
  const { mutate, isPending } = mutation;
  const { sid, liked, likeCount } = material;

  const toggle = useCallback(() => {
    if (!isLoggedIn) {
      dialogs.openLogin({ kind: 'navigate', to: currentAppPath() });
      return;
    }
    if (isPending) return;
    mutate({ sid, like: !liked, before: { liked, likeCount } });
  }, [isLoggedIn, isPending, mutate, sid, liked, likeCount]);

  return { liked, likeCount, toggle, isPending };
}
