import { BOARD_ROUTES, type TBoardResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { BOARD_KEYS } from './boards';

// The board page's moves (decision 0047; drag and drop and the keys, decision 0055), apart from
// ./boards.ts, which the boards list and the shared page load too.

/** One move as the server takes it (`BOARD_ROUTES.moveItem`'s body). */
export interface BoardMove {
  material: string;
  /** The material it goes right after; null: first. */
  after: string | null;
}

/** The items with the moved one put where the server puts it: the page's order until it answers. */
export function placeAfter<T extends { sid: string }>(items: readonly T[], { material, after }: BoardMove): T[] {
  const moving = items.find((item) => item.sid === material);
  const rest = items.filter((item) => item !== moving);
  const at = after === null ? 0 : rest.findIndex((item) => item.sid === after) + 1;
  // gone meanwhile (a colleague removed it): the order stays, and the server says why
  if (!moving || (after !== null && at === 0)) return [...items];
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}

/**
 * Moves a material on the board (a drag, a key or 前移/后移): the page shows the new order at once
 * and the moves go to the server one after another, in the order they were made. A move the
 * server refuses puts the order back as it was before it, says so in a toast (`onFailed` too, for
 * the page's announcement), and the board is read again; so is it after the last move.
 */
export function useMoveOnBoard(sid: string, onFailed?: () => void) {
  const client = useQueryClient();
  const key = BOARD_KEYS.board(sid);
  const mutationKey = [...key, 'move'];
  const { mutate } = useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    // sent even when the browser says it is offline: a move that cannot be made is put back now,
    // rather than waiting unseen for the network (and lost with the page)
    networkMode: 'always',
    mutationFn: (move: BoardMove) =>
      callApi(BOARD_ROUTES.moveItem, { params: { id: sid }, body: move }, { quiet: true }),
    // written before the call is made, so the page's next drawing has the new order
    onMutate: (move) => {
      void client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<TBoardResponse>(key);
      if (before) client.setQueryData<TBoardResponse>(key, { ...before, items: placeAfter(before.items, move) });
      return before;
    },
    onError: (error, _move, before) => {
      if (before) client.setQueryData(key, before);
      // not signed in any more, or the company is gone: the app's usual answer (login dialog…)
      if (isApiError(error) && error.reason !== 'rejected' && error.reason !== 'network') applyErrorPolicy(error);
      else notify.error(`排序未保存：${error.message}，已恢复原来的顺序`);
      onFailed?.();
    },
    onSettled: () => {
      // the server's order, once no other move is still to be made
      if (client.isMutating({ mutationKey }) === 1) void client.invalidateQueries({ queryKey: BOARD_KEYS.all });
    },
  });
  return mutate;
}
