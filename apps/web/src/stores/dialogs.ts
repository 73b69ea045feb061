import type { LicenceType } from '@gemstock/contract';
import { create } from 'zustand';
import type { CheckoutLine } from './checkout-line';

/**
 * Global dialogs (spec §2 "Dialogs and drawers") are opened from anywhere — header, guards,
 * the api-client's error policy — and rendered once by the root layout.
 */
export type AuthMode = 'login' | 'register' | 'reset';

/**
 * What to do once the visitor has logged in or registered (spec §4: go to the remembered
 * destination). An action that asked for the login goes on from where it stopped: 立即购买 into
 * checkout, 加入购物车 adds the line, 定制 is a destination (its page).
 */
export type AfterLogin =
  | { kind: 'navigate'; to: string }
  | { kind: 'customize' }
  | { kind: 'buy'; lines: CheckoutLine[] }
  | { kind: 'addToCart'; material: string; spec: LicenceType };

export type LegalDocument = 'agreement' | 'privacy';
export type CustomizeVariant = 'default' | 'free';
/** The VIP recharge flow (spec §4): choose the amount, then the VIP monthly service agreement. */
export type RechargeStep = 'choose' | 'protocol';

interface DialogState {
  auth: { open: boolean; mode: AuthMode };
  afterLogin: AfterLogin | null;
  company: { open: boolean; onSaved: (() => void) | null };
  customize: { open: boolean; variant: CustomizeVariant };
  guideOpen: boolean;
  legal: LegalDocument | null;
  recharge: RechargeStep | null;
  /** 加入收藏夹 from a tile: the material, with no licence type chosen (the board takes its first). */
  addToBoard: { material: string } | null;

  openAuth(mode?: AuthMode, afterLogin?: AfterLogin | null): void;
  setAuthMode(mode: AuthMode): void;
  closeAuth(): void;
  /** Returns the pending after-login step once, then forgets it. */
  takeAfterLogin(): AfterLogin | null;
  openCompany(onSaved?: () => void): void;
  closeCompany(): void;
  openCustomize(variant?: CustomizeVariant): void;
  closeCustomize(): void;
  openGuide(): void;
  closeGuide(): void;
  openLegal(doc: LegalDocument): void;
  closeLegal(): void;
  openRecharge(step?: RechargeStep): void;
  closeRecharge(): void;
  openAddToBoard(material: string): void;
  closeAddToBoard(): void;
}

export const useDialogs = create<DialogState>()((set, get) => ({
  auth: { open: false, mode: 'login' },
  afterLogin: null,
  company: { open: false, onSaved: null },
  customize: { open: false, variant: 'default' },
  guideOpen: false,
  legal: null,
  recharge: null,
  addToBoard: null,

  openAuth(mode = 'login', afterLogin) {
    set((s) => ({
      auth: { open: true, mode },
      // a later prompt without a destination keeps the one remembered earlier
      afterLogin: afterLogin === undefined ? s.afterLogin : afterLogin,
      guideOpen: false,
    }));
  },
  setAuthMode(mode) {
    set((s) => ({ auth: { ...s.auth, mode } }));
  },
  closeAuth() {
    set((s) => ({ auth: { ...s.auth, open: false }, afterLogin: null }));
  },
  takeAfterLogin() {
    const next = get().afterLogin;
    set({ afterLogin: null });
    return next;
  },
  openCompany(onSaved) {
    set({ company: { open: true, onSaved: onSaved ?? null } });
  },
  closeCompany() {
    set({ company: { open: false, onSaved: null } });
  },
  openCustomize(variant = 'default') {
    set({ customize: { open: true, variant } });
  },
  closeCustomize() {
    set((s) => ({ customize: { ...s.customize, open: false } }));
  },
  openGuide() {
    set({ guideOpen: true });
  },
  closeGuide() {
    set({ guideOpen: false });
  },
  openLegal(legal) {
    set({ legal });
  },
  closeLegal() {
    set({ legal: null });
  },
  openRecharge(recharge = 'choose') {
    set({ recharge });
  },
  closeRecharge() {
    set({ recharge: null });
  },
  openAddToBoard(material) {
    set({ addToBoard: { material } });
  },
  closeAddToBoard() {
    set({ addToBoard: null });
  },
}));

/** Non-React access (guards, api-client). */
export const dialogs = {
  openLogin(afterLogin?: AfterLogin | null): void {
    useDialogs.getState().openAuth('login', afterLogin);
  },
  openCompany(onSaved?: () => void): void {
    useDialogs.getState().openCompany(onSaved);
  },
  openRecharge(): void {
    useDialogs.getState().openRecharge('choose');
  },
};
