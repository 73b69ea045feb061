import { defineStateMachine } from './state-machine.js';

/**
 * A personal-information request under PIPL (个人信息保护法, spec §9: answered within 15 working
 * days): a copy of the account's data, a correction, or the deletion of the account.
 */
export const PrivacyRequestKind = { COPY: 'COPY', CORRECTION: 'CORRECTION', DELETION: 'DELETION' } as const;
export type PrivacyRequestKind = (typeof PrivacyRequestKind)[keyof typeof PrivacyRequestKind];
export const PRIVACY_REQUEST_KINDS = Object.values(PrivacyRequestKind) as [PrivacyRequestKind, ...PrivacyRequestKind[]];

export const PrivacyRequestStatus = { PENDING: 'PENDING', DONE: 'DONE', REFUSED: 'REFUSED' } as const;
export type PrivacyRequestStatus = (typeof PrivacyRequestStatus)[keyof typeof PrivacyRequestStatus];
export const PRIVACY_REQUEST_STATUSES = Object.values(PrivacyRequestStatus) as [
  PrivacyRequestStatus,
  ...PrivacyRequestStatus[],
];

/** Longest text a user or an operator writes on a request (what is wrong, a note, a reason). */
export const PRIVACY_TEXT_MAX = 1000;
/** Days a produced copy stays downloadable; the file is removed after (docs/operations.md). */
export const PRIVACY_ARCHIVE_DAYS = 7;

const { PENDING, DONE, REFUSED } = PrivacyRequestStatus;

/**
 * A waiting request is answered once: the operator carries it out (the correction made, the copy
 * produced, the account deleted) or refuses it with a reason. Both are final; the user may ask
 * again. A produced copy is downloaded while it lasts.
 */
export const PrivacyRequestStateMachine = defineStateMachine('privacy_request', PRIVACY_REQUEST_STATUSES, {
  correct: { from: [PENDING], to: DONE, refusal: 'PRIVACY_REQUEST_CLOSED' },
  produce: { from: [PENDING], to: DONE, refusal: 'PRIVACY_REQUEST_CLOSED' },
  erase: { from: [PENDING], to: DONE, refusal: 'PRIVACY_REQUEST_CLOSED' },
  refuse: { from: [PENDING], to: REFUSED, refusal: 'PRIVACY_REQUEST_CLOSED' },
  /** The copy is downloaded (by the user or an operator) until it expires. */
  download: { from: [DONE], refusal: 'PRIVACY_ARCHIVE_NOT_READY' },
});
export type PrivacyRequestAction = keyof typeof PrivacyRequestStateMachine.actions;
