import { BOARD_ROUTES, type TBoardAddRequest, type TBoardListResponse, type TBoardResponse } from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE, queryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';

export const BOARDS_PAGE_SIZE = 12;
/** The add dialog lists this many boards; a company rarely has more, and may search by the page then. */
export const PICKER_PAGE_SIZE = 50;

export const BOARD_KEYS = {
  all: [USER_SCOPE, 'boards'] as const,
  list: (page: number, cursor: string | null, size: number) =>
    [USER_SCOPE, 'boards', 'list', page, cursor, size] as const,
  board: (sid: string) => [USER_SCOPE, 'boards', 'one', sid] as const,
  comments: (sid: string, material: string) => [USER_SCOPE, 'boards', 'comments', sid, material] as const,
};

/** GET /api/user/boards: the company's boards, newest first, a page at a time. */
export function useBoards(page: number, cursor: string | undefined, size = BOARDS_PAGE_SIZE, enabled = true) {
  return useQuery<TBoardListResponse>({
    queryKey: BOARD_KEYS.list(page, cursor ?? null, size),
    queryFn: ({ signal }) =>
      callApi(BOARD_ROUTES.list, { query: { page, page_size: size, ...(cursor ? { cursor } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBoard(sid: string) {
  return useQuery<TBoardResponse>({
    queryKey: BOARD_KEYS.board(sid),
    queryFn: ({ signal }) => callApi(BOARD_ROUTES.detail, { params: { id: sid } }, { signal }),
  });
}

export function useBoardComments(sid: string, material: string | null) {
  return useQuery({
    queryKey: BOARD_KEYS.comments(sid, material ?? ''),
    queryFn: ({ signal }) => callApi(BOARD_ROUTES.comments, { params: { id: sid, material: material! } }, { signal }),
    enabled: material !== null,
  });
}

const refreshBoards = () => queryClient.invalidateQueries({ queryKey: BOARD_KEYS.all });

export function useCreateBoard() {
  return useMutation({
    mutationFn: (name: string) => callApi(BOARD_ROUTES.create, { body: { name } }),
    onSuccess: refreshBoards,
  });
}

export function useRenameBoard() {
  return useMutation({
    mutationFn: ({ sid, name }: { sid: string; name: string }) =>
      callApi(BOARD_ROUTES.rename, { params: { id: sid }, body: { name } }),
    onSuccess: refreshBoards,
  });
}

export function useRemoveBoard() {
  return useMutation({
    mutationFn: (sid: string) => callApi(BOARD_ROUTES.remove, { params: { id: sid } }),
    onSuccess: refreshBoards,
  });
}

export function useAddToBoard() {
  return useMutation({
    mutationFn: ({ sid, ...body }: { sid: string } & TBoardAddRequest) =>
      callApi(BOARD_ROUTES.addItem, { params: { id: sid }, body }),
    onSuccess: refreshBoards,
  });
}

export function useRemoveFromBoard(sid: string) {
  return useMutation({
    mutationFn: (material: string) => callApi(BOARD_ROUTES.removeItem, { params: { id: sid, material } }),
    onSuccess: refreshBoards,
  });
}

export function useCommentOnBoard(sid: string) {
  return useMutation({
    mutationFn: ({ material, body }: { material: string; body: string }) =>
      callApi(BOARD_ROUTES.comment, { params: { id: sid, material }, body: { body } }),
    onSuccess: refreshBoards,
  });
}

export function useBuyBoard(sid: string) {
  return useMutation({
    mutationFn: () => callApi(BOARD_ROUTES.buyAll, { params: { id: sid } }),
    onSuccess: async ({ count }) => {
      useSession.getState().setCartCount(count);
      await queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.cart });
    },
  });
}

export function useShareBoard(sid: string) {
  return useMutation({
    mutationFn: (days: number | null) => callApi(BOARD_ROUTES.share, { params: { id: sid }, body: { days } }),
    onSuccess: refreshBoards,
  });
}

export function useRevokeShare(sid: string) {
  return useMutation({
    mutationFn: (token: string) => callApi(BOARD_ROUTES.revokeShare, { params: { id: sid, token } }),
    onSuccess: refreshBoards,
  });
}

export function useSharedBoard(token: string) {
  return useQuery({
    queryKey: ['board-share', token],
    queryFn: ({ signal }) => callApi(BOARD_ROUTES.shared, { params: { token } }, { signal }),
    retry: false,
  });
}
