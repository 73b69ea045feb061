import type { TOperator } from '@gemstock/contract';
import { create } from 'zustand';
import { safeStorage } from '@/lib/storage';

/**
 * The operator's session, kept apart from the buyer's: its own localStorage key, its own store.
 * Signing in or out of the console never touches a buyer session in the same browser.
 */
export const ADMIN_TOKEN_KEY = 'gemstock.admin-token';

interface AdminSessionState {
  token: string | null;
  operator: TOperator | null;
  setToken(token: string): void;
  setOperator(operator: TOperator): void;
  clear(): void;
}

export const useAdminSession = create<AdminSessionState>()((set) => ({
  token: safeStorage.get(ADMIN_TOKEN_KEY),
  operator: null,
  setToken(token) {
    safeStorage.set(ADMIN_TOKEN_KEY, token);
    set({ token });
  },
  setOperator(operator) {
    set({ operator });
  },
  clear() {
    safeStorage.remove(ADMIN_TOKEN_KEY);
    set({ token: null, operator: null });
  },
}));
