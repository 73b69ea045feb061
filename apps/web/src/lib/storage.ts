import { STORAGE_KEYS } from '@gemstock/contract';

/**
 * Browser storage keys. The token and survey flag are shared with the contract (spec §9);
 * the rest only matter to this web client.
 */
export const WEB_STORAGE_KEYS = {
  ...STORAGE_KEYS,
  /** Set once the first-visit guide dialog has been shown. */
  guideSeen: 'gemstock.guide-seen',
  /** Sids of pending coupons already shown, so a reload does not show them again. */
  shownCoupons: 'gemstock.shown-coupons',
} as const;

/** localStorage that never throws (private mode, disabled storage, tests). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
