import type { LicenceType, MaterialFormat } from '@gemstock/contract';

/**
 * One material to buy and the licence type chosen for it. A file of its own: the checkout store
 * and the dialogs store (a purchase waiting for a sign-in) both name it, and the checkout store
 * imports the dialogs store.
 */
export interface CheckoutLine {
  sid: string;
  spec: LicenceType;
  /** What the buyer recognises it by (keywords), for the contract dialog's list. */
  title?: string;
  /** Image or video: each has its own licence table (uses and size rules). */
  format?: MaterialFormat;
}
