import { QueryClient } from '@tanstack/react-query';

/**
 * Every query key of data that belongs to the signed-in user starts with this, so logout can
 * drop all of it at once: `[USER_SCOPE, 'sub-users']`.
 */
export const USER_SCOPE = 'user';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The api-client already toasts each failure (spec §8); a retry would toast twice.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
