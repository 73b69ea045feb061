import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

/**
 * Every query key of data that belongs to the signed-in user starts with this, so logout can
 * drop all of it at once: `[USER_SCOPE, 'sub-users']`.
 */
export const USER_SCOPE = 'user';

const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    // The api-client already toasts each failure (spec §8); a retry would toast twice.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  },
  mutations: { retry: false },
};

/** The browser has one cache (`queryClient`); the server renders each page with a new one. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

export const queryClient = createQueryClient();
