import { type TMeResponse, type TUser, USER_ROUTES } from '@gemstock/contract';
import { type RequestOptions, callApi, isApiError } from '@/lib/api-client';
import { logError } from '@/lib/logger';
import { useSession } from '@/stores/session';
import { refreshCartCount } from './get-cart';

/** GET /api/user → {user, coupon, user_parent}; answers 1000 when logged out. */
export function getCurrentUser(options?: Pick<RequestOptions, 'quiet' | 'signal'>): Promise<TMeResponse> {
  return callApi(USER_ROUTES.me, {}, options);
}

/** Reloads the user into the session (after login, payment, account changes). */
export async function refreshCurrentUser(): Promise<TUser> {
  const me = await getCurrentUser();
  useSession.getState().setMe(me);
  // after login and after a payment (paid items leave the cart) the badge follows
  void refreshCartCount();
  return me.user;
}

let initialLoad: Promise<void> | null = null;

/**
 * Spec §2: the user info is loaded once before the first navigation. Route loaders await this,
 * so no page renders before it settles. A failure is only logged (spec §8); a token the server
 * no longer accepts is dropped silently.
 */
export function initSession(): Promise<void> {
  initialLoad ??= loadInitialUser();
  return initialLoad;
}

async function loadInitialUser(): Promise<void> {
  const session = useSession.getState();
  if (!session.token) return;
  try {
    session.setMe(await getCurrentUser({ quiet: true }));
    // spec §4: the cart is loaded on first init (for the header badge); pages need not wait
    void refreshCartCount();
  } catch (error) {
    if (isApiError(error) && (error.reason === 'logged-out' || error.reason === 'no-auth')) {
      useSession.getState().clear();
    }
    logError('加载用户信息失败', error);
  }
}

/** For tests. */
export function resetSessionInit(): void {
  initialLoad = null;
}
