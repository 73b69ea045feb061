import { INVOICE_STATUS_VALUES, InvoiceStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const { REQUESTED, ISSUED, REJECTED, VOIDED, REVERSED } = InvoiceStatus;

/**
 * A VAT invoice request. The operator issues it (uploading the PDF) or rejects it with a reason.
 * A wrong issued invoice is voided (作废) or reversed by a red-letter invoice (红冲), with a reason
 * (decision 0025); the right one is a new request that replaces it. Rejected, voided and reversed
 * are final, so the history of what was asked, issued and withdrawn stays as it was; a final
 * invoice no longer holds its orders (they may be put on a new request).
 */
export const InvoiceStateMachine = defineStateMachine('invoice', INVOICE_STATUS_VALUES, {
  issue: { from: [REQUESTED], to: ISSUED, refusal: 'ILLEGAL_STATE_TRANSITION' },
  reject: { from: [REQUESTED], to: REJECTED, refusal: 'ILLEGAL_STATE_TRANSITION' },
  void: { from: [ISSUED], to: VOIDED, refusal: 'INVOICE_NOT_VOIDABLE' },
  reverse: { from: [ISSUED], to: REVERSED, refusal: 'INVOICE_NOT_VOIDABLE' },
  /** The buyer downloads the PDF. */
  download: {
    from: [ISSUED],
    refusal: 'INVOICE_NOT_ISSUED',
    refusalIn: { [VOIDED]: 'INVOICE_VOIDED', [REVERSED]: 'INVOICE_VOIDED' },
  },
});
export type InvoiceAction = keyof typeof InvoiceStateMachine.actions;
