import type { TCompanyInfo, TCoupon, TMeResponse, TUser } from '@gemstock/contract';
import { create } from 'zustand';
import { SIGNED_IN_COOKIE, hasSignedInCookie } from '@gemstock/contract';
import { WEB_STORAGE_KEYS, safeStorage } from '@/lib/storage';

/** Tells the server the browser has a session (see SIGNED_IN_COOKIE); no secret in it. */
export function markSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  // writing a cookie is a synchronous round trip to the browser; most starts have nothing to change
  if (hasSignedInCookie(document.cookie) === signedIn) return;
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; SameSite=Lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/**
 * The signed-in session: bearer token (kept in localStorage, spec §9), the user from
 * GET /api/user and the cart count shown in the header. Server data other than the user lives
 * in React Query.
 */
export interface SessionState {
  token: string | null;
  user: TUser | null;
  /** Company data of the main account when this is a sub-account. */
  userParent: TCompanyInfo | null;
  /**
   * A coupon the server asks us to show once (spec §4: opens the coupon dialog). GET /api/user
   * answers it only at the load that takes it, so it is kept here until the dialog is closed.
   */
  pendingCoupon: TCoupon | null;
  /** The satisfaction survey is due (GET /api/user survey_pending). */
  surveyPending: boolean;
  cartCount: number;
  setToken(token: string): void;
  setMe(me: TMeResponse): void;
  setUser(user: TUser): void;
  setCartCount(count: number): void;
  dismissPendingCoupon(): void;
  /** The survey was answered: it is no longer due. */
  surveyAnswered(): void;
  /** Forget everything about the signed-in user (logout, revoked token). */
  clear(): void;
}

export const useSession = create<SessionState>()((set) => ({
  token: safeStorage.get(WEB_STORAGE_KEYS.token),
  user: null,
  userParent: null,
  pendingCoupon: null,
  surveyPending: false,
  cartCount: 0,
  setToken(token) {
    safeStorage.set(WEB_STORAGE_KEYS.token, token);
    markSignedIn(true);
    set({ token });
  },
  setMe(me) {
    // The server answers a pending coupon once; a later load (null) must not close its dialog.
    set((state) => ({
      user: me.user,
      userParent: me.user_parent,
      pendingCoupon: me.coupon ?? state.pendingCoupon,
      surveyPending: me.survey_pending,
    }));
  },
  setUser(user) {
    set({ user });
  },
  setCartCount(cartCount) {
    set({ cartCount });
  },
  dismissPendingCoupon() {
    set({ pendingCoupon: null });
  },
  surveyAnswered() {
    set({ surveyPending: false });
  },
  clear() {
    safeStorage.remove(WEB_STORAGE_KEYS.token);
    markSignedIn(false);
    set({ token: null, user: null, userParent: null, pendingCoupon: null, surveyPending: false, cartCount: 0 });
  },
}));

/** Spec §4: logged in when lastLoginAt is present. */
export function isLoggedInUser(user: TUser | null | undefined): user is TUser {
  return Boolean(user?.lastLoginAt);
}

export function useIsLoggedIn(): boolean {
  return useSession((s) => isLoggedInUser(s.user));
}

export function useCurrentUser(): TUser | null {
  return useSession((s) => s.user);
}

/** Header and menu name: the name for a sub-account (level 1), otherwise email or mobile. */
export function displayNameOf(user: TUser): string {
  if (user.level === 1) return user.name || user.username || '子账号';
  return user.email || user.mobile || user.name || '我的账号';
}
